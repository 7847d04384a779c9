/**
 * Translating blocks: every text segment of the blocks goes to the site in ONE request (the site
 * packs them into the fewest batch calls); the answers go back into the same places.
 */
import { cloneBlock, createBlock } from '@wordpress/blocks';
import { translateTexts } from '../audio/api.js';
import { collectFields, rewriteFields } from './segments.js';

/** Translated copies of the blocks' rich-text attributes: { [clientId]: { attribute: html } }. */
export async function translateBlocks( blocks, targetLang, extraTexts = [] ) {
	const fields = blocks.flatMap( ( block ) => collectFields( block ) );
	const texts = [ ...extraTexts, ...fields.flatMap( ( field ) => field.segments ) ];
	if ( texts.length === 0 ) {
		return { updates: {}, extra: [] };
	}
	const { translations } = await translateTexts( texts, targetLang );
	let cursor = extraTexts.length;
	const perField = fields.map( ( field ) => {
		const slice = translations.slice( cursor, cursor + field.segments.length );
		cursor += field.segments.length;
		return slice;
	} );
	return { updates: rewriteFields( fields, perField ), extra: translations.slice( 0, extraTexts.length ) };
}

/** A copy of a block tree (new client ids) with the updates applied. */
export function rebuild( block, updates ) {
	return createBlock(
		block.name,
		{ ...cloneBlock( block ).attributes, ...( updates[ block.clientId ] ?? {} ) },
		( block.innerBlocks ?? [] ).map( ( inner ) => rebuild( inner, updates ) )
	);
}
