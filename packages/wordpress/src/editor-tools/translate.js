/**
 * Translating blocks: every rich-text field of the blocks goes to the site as ONE text (a whole
 * sentence group, its inline formatting as markers: markers.js), all fields in ONE request (the
 * site packs them into the fewest batch calls); the answers go back into the same places.
 */
import { cloneBlock, createBlock } from '@wordpress/blocks';
import { select } from '@wordpress/data';
import { decodeEntities } from '@wordpress/html-entities';
import { parseListing } from '@circassian/core/text';
import { fetchVoices, translateTexts } from '../audio/api.js';
import { fromMarked, keepsTokens, toMarked, withoutMarkers } from './markers.js';
import { classicParts, joinClassicParts } from './classic-paragraphs.js';
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
 * What a rich-text field sends and how its answers become its new HTML: the whole field as one
 * marked text, or a Classic block's content one paragraph a text (classic-paragraphs.js).
 */
function planField( field ) {
	if ( field.plain ) {
		const unit = { html: field.segments[ 0 ], text: field.segments[ 0 ], elements: null };
		return { field, parts: [], units: hasWords( unit.text ) ? [ unit ] : [], all: [ unit ] };
	}
	const parts = field.classic ? classicParts( field.html ) : [ { html: field.html, wrapper: null } ];
	const sent = parts.filter( ( part ) => ! part.kept ).map( ( part ) => ( { html: part.html, ...atEdges( toMarked( part.html ) ) } ) );
	return { field, parts, units: sent.filter( ( unit ) => hasWords( unit.text ) ), all: sent };
}

/** Wordless markers (and spaces) at a text's start and end: they stay here and are put back around the answer. */
const EDGES = /^(\s*(?:<x\d+\/>\s*)*)([\s\S]*?)(\s*(?:<x\d+\/>\s*)*)$/;

/** A marked text with what stands at its edges set apart: the engine has nothing to do with it. */
function atEdges( marked ) {
	const [ , lead, text, trail ] = EDGES.exec( marked.text );
	return { ...marked, text, lead, trail };
}

/**
 * The field's new HTML from the answers to its units, and how many units lost their formatting
 * (markers missing or scrambled: plain translation) or were left as written (a shortcode, URL or
 * comment of theirs could not be placed).
 */
function rebuildField( plan, answers ) {
	let dropped = 0;
	let untranslated = 0;
	const htmls = plan.all.map( ( unit ) => {
		const index = plan.units.indexOf( unit );
		if ( index < 0 ) {
			return unit.html;
		}
		// The site filtered the text between markers as HTML (wp_kses_post): decoded here, and
		// escaped again as text nodes when the field is rebuilt.
		const answer = decodeEntities( String( answers[ index ] ?? '' ) );
		if ( plan.field.plain ) {
			return answer || unit.html;
		}
		const translated = unit.lead + answer.trim() + unit.trail;
		const html = fromMarked( translated, unit.elements );
		if ( html === null && keepsTokens( unit.elements ) ) {
			// Its shortcodes, URLs or comments could not be placed: the plain translation would lose
			// them, so this text stays as written and the author is told.
			untranslated += 1;
			return unit.html;
		}
		if ( html === null ) {
			dropped += 1;
		}
		return html ?? asHtml( withoutMarkers( translated ) );
	} );
	return { html: plan.field.classic ? joinClassicParts( plan.parts, htmls ) : htmls[ 0 ], dropped, untranslated };
}

/**
 * The texts one block's own rich-text fields send (its inner blocks are blocks of their own), as
 * the memory keeps them, each with what makes a translation of it the field's HTML again:
 * [{ text, use( translation ) => updates }]. A near match's "Use this" (near-matches.js) fills the
 * field as Translate would have.
 */
export function blockTexts( block ) {
	return collectFields( { ...block, innerBlocks: [] } )
		.map( planField )
		.flatMap( ( plan ) =>
			plan.units.map( ( unit, index ) => ( {
				text: unit.text,
				use: ( translation ) => ( {
					[ plan.field.clientId ]: {
						// The field's other texts stay as written.
						[ plan.field.name ]: rebuildField(
							plan,
							plan.units.map( ( other, at ) => ( at === index ? translation : other.text ) )
						).html,
					},
				} ),
			} ) )
		);
}

/**
 * Translated copies of the blocks' rich-text attributes: { [clientId]: { attribute: html } },
 * the title (plain text) when one is given, the source language the service used, and how many
 * texts lost their formatting (markers missing or scrambled in the answer: plain translation)
 * and how many were left as written (a shortcode, URL or comment of theirs could not be placed).
 * Texts without words are neither sent nor changed; `nothing` says when no field and no title
 * had any, and no request was made.
 *
 * @param {Object[]}    blocks
 * @param {string}      targetLang
 * @param {string}      title
 * @param {string|null} sourceLang null: detected by the service.
 */
export async function translateBlocks( blocks, targetLang, title = '', sourceLang = null ) {
	const plans = blocks.flatMap( ( block ) => collectFields( block ) ).map( planField ).filter( ( plan ) => plan.units.length > 0 );
	const texts = plans.flatMap( ( plan ) => plan.units.map( ( unit ) => unit.text ) );
	if ( texts.length === 0 && ! title ) {
		return { updates: {}, title: '', sourceLang: sourceLang ?? '', dropped: 0, untranslated: 0, nothing: true };
	}
	// The post being edited (none in the site editor's templates: a string id).
	const post = Number( select( 'core/editor' )?.getCurrentPostId?.() ) || 0;
	const answer = await translateTexts( texts.length ? texts : [ '' ], targetLang, title, sourceLang, post );
	const updates = {};
	let dropped = 0;
	let untranslated = 0;
	let next = 0;
	for ( const plan of plans ) {
		const rebuilt = rebuildField( plan, ( answer.translations ?? [] ).slice( next, next + plan.units.length ) );
		next += plan.units.length;
		dropped += rebuilt.dropped;
		untranslated += rebuilt.untranslated;
		updates[ plan.field.clientId ] ??= {};
		updates[ plan.field.clientId ][ plan.field.name ] = rebuilt.html;
	}
	// An audio block's text is now in the target language: it is voiced in it, when the service
	// speaks it (its list of speech languages), instead of the original's voice reading it.
	const audioIds = plans.filter( ( plan ) => plan.field.plain ).map( ( plan ) => plan.field.clientId );
	if ( audioIds.length > 0 ) {
		const spoken = parseListing( await fetchVoices().catch( () => null ), [ 'languages' ] ).map( ( item ) => item.id );
		if ( spoken.includes( targetLang ) ) {
			audioIds.forEach( ( id ) => ( updates[ id ].language = targetLang ) );
		}
	}
	return {
		updates,
		title: answer.title ?? '',
		sourceLang: String( answer.source_lang ?? sourceLang ?? '' ),
		dropped,
		untranslated,
		nothing: false,
		memory: answer.memory ?? null,
	};
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
