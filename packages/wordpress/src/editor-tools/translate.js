/**
 * Translating blocks: every text segment of the blocks goes to the site in ONE request (the site
 * packs them into the fewest batch calls); the answers go back into the same places.
 */
import { cloneBlock, createBlock } from '@wordpress/blocks';
import { decodeEntities } from '@wordpress/html-entities';
import { translateTexts } from '../audio/api.js';
import { collectFields, rewriteFields } from './segments.js';

/**
 * Translated copies of the blocks' rich-text attributes: { [clientId]: { attribute: html } },
 * and the title (plain text) when one is given.
 */
export async function translateBlocks( blocks, targetLang, title = '' ) {
	const fields = blocks.flatMap( ( block ) => collectFields( block ) );
	const texts = fields.flatMap( ( field ) => field.segments );
	if ( texts.length === 0 && ! title ) {
		return { updates: {}, title: '' };
	}
	const answer = await translateTexts( texts.length ? texts : [ '' ], targetLang, title );
	// The site filtered each translation as HTML (wp_kses_post); a segment is text, so its
	// entities are decoded here and escaped again when the block is saved.
	const translations = answer.translations.map( ( text ) => decodeEntities( text ) );
	let cursor = 0;
	const perField = fields.map( ( field ) => {
		const slice = translations.slice( cursor, cursor + field.segments.length );
		cursor += field.segments.length;
		return slice;
	} );
	return { updates: rewriteFields( fields, perField ), title: answer.title ?? '' };
}

/** A copy of a block tree (new client ids) with the updates applied. */
export function rebuild( block, updates ) {
	return createBlock(
		block.name,
		{ ...cloneBlock( block ).attributes, ...( updates[ block.clientId ] ?? {} ) },
		( block.innerBlocks ?? [] ).map( ( inner ) => rebuild( inner, updates ) )
	);
}
