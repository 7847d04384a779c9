/**
 * Translating blocks: every rich-text field of the blocks goes to the site as ONE text (a whole
 * sentence group, its inline formatting as markers: markers.js), all fields in ONE request (the
 * site packs them into the fewest batch calls); the answers go back into the same places.
 */
import { cloneBlock, createBlock } from '@wordpress/blocks';
import { decodeEntities } from '@wordpress/html-entities';
import { parseListing } from '@circassian/core/text';
import { fetchVoices, translateTexts } from '../audio/api.js';
import { fromMarked, keepsTokens, toMarked, withoutMarkers } from './markers.js';
import { collectFields } from './segments.js';

/** Text as HTML (escaped by the browser): what a field gets when its markers could not be placed. */
function asHtml( text ) {
	const holder = document.createElement( 'div' );
	holder.textContent = text;
	return holder.innerHTML;
}

/** Whether a field's text holds a letter outside its markers: one of kept tokens only (a lone shortcode or URL) or of numbers is not sent. */
const hasWords = ( text ) => /\p{L}/u.test( withoutMarkers( text ) );

/**
 * Translated copies of the blocks' rich-text attributes: { [clientId]: { attribute: html } },
 * the title (plain text) when one is given, the source language the service used, and how many
 * fields lost their formatting (markers missing or scrambled in the answer: plain translation)
 * and how many were left as written (a shortcode, URL or comment of theirs could not be placed).
 * Fields without words are neither sent nor changed; `nothing` says when no field and no title
 * had any, and no request was made.
 *
 * @param {Object[]}    blocks
 * @param {string}      targetLang
 * @param {string}      title
 * @param {string|null} sourceLang null: detected by the service.
 */
export async function translateBlocks( blocks, targetLang, title = '', sourceLang = null ) {
	const all = blocks.flatMap( ( block ) => collectFields( block ) );
	const allMarked = all.map( ( field ) => ( field.plain ? { text: field.segments[ 0 ], elements: null } : toMarked( field.html ) ) );
	const fields = all.filter( ( field, index ) => hasWords( allMarked[ index ].text ) );
	const marked = allMarked.filter( ( item ) => hasWords( item.text ) );
	if ( marked.length === 0 && ! title ) {
		return { updates: {}, title: '', sourceLang: sourceLang ?? '', dropped: 0, untranslated: 0, nothing: true };
	}
	const answer = await translateTexts( marked.length ? marked.map( ( item ) => item.text ) : [ '' ], targetLang, title, sourceLang );
	const updates = {};
	let dropped = 0;
	let untranslated = 0;
	fields.forEach( ( field, index ) => {
		// The site filtered the text between markers as HTML (wp_kses_post): decoded here, and
		// escaped again as text nodes when the field is rebuilt.
		const translated = decodeEntities( String( answer.translations[ index ] ?? '' ) );
		updates[ field.clientId ] ??= {};
		if ( field.plain ) {
			updates[ field.clientId ][ field.name ] = translated || field.segments[ 0 ];
			return;
		}
		const html = fromMarked( translated, marked[ index ].elements );
		if ( html === null && keepsTokens( marked[ index ].elements ) ) {
			// Its shortcodes, URLs or comments could not be placed: the plain translation would lose
			// them, so the field stays as written and the author is told.
			untranslated += 1;
			updates[ field.clientId ][ field.name ] = field.html;
			return;
		}
		if ( html === null ) {
			dropped += 1;
		}
		updates[ field.clientId ][ field.name ] = html ?? asHtml( withoutMarkers( translated ) );
	} );
	// An audio block's text is now in the target language: it is voiced in it, when the service
	// speaks it (its list of speech languages), instead of the original's voice reading it.
	const audioIds = fields.filter( ( field ) => field.plain ).map( ( field ) => field.clientId );
	if ( audioIds.length > 0 ) {
		const spoken = parseListing( await fetchVoices().catch( () => null ), [ 'languages' ] ).map( ( item ) => item.id );
		if ( spoken.includes( targetLang ) ) {
			audioIds.forEach( ( id ) => ( updates[ id ].language = targetLang ) );
		}
	}
	return { updates, title: answer.title ?? '', sourceLang: String( answer.source_lang ?? sourceLang ?? '' ), dropped, untranslated, nothing: false };
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
