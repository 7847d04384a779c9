/**
 * Translating blocks: every text segment of the blocks goes to the site in ONE request (the site
 * packs them into the fewest batch calls); the answers go back into the same places.
 */
import { cloneBlock, createBlock } from '@wordpress/blocks';
import { decodeEntities } from '@wordpress/html-entities';
import { fetchVoices, listingItems, translateTexts } from '../audio/api.js';
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
	const updates = rewriteFields( fields, perField );
	// An audio block's text is now in the target language: it is voiced in it, when the service
	// speaks it (its list of speech languages), instead of the original's voice reading it.
	const audioIds = fields.filter( ( field ) => field.plain ).map( ( field ) => field.clientId );
	if ( audioIds.length > 0 ) {
		const spoken = listingItems( await fetchVoices().catch( () => null ), 'languages' ).map( ( item ) => item.id );
		if ( spoken.includes( targetLang ) ) {
			audioIds.forEach( ( id ) => ( updates[ id ].language = targetLang ) );
		}
	}
	return { updates, title: answer.title ?? '' };
}

/**
 * The audio of a copied audio block is not the copy's: it plays the original's words, and the
 * file belongs to the original (regenerating here must never delete it). The copy keeps its
 * translated text and caption, and waits for its own audio.
 */
const AUDIO_CLEARED = { src: undefined, attachmentId: undefined, duration: undefined, sourceHash: undefined, jobId: undefined, blockId: undefined, needsAudio: true };

/** A copy of a block tree (new client ids) with the updates applied. */
export function rebuild( block, updates ) {
	return createBlock(
		block.name,
		{ ...cloneBlock( block ).attributes, ...( updates[ block.clientId ] ?? {} ), ...( block.name === 'circassian/audio' ? AUDIO_CLEARED : {} ) },
		( block.innerBlocks ?? [] ).map( ( inner ) => rebuild( inner, updates ) )
	);
}
