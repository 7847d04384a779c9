/**
 * Text for speech taken from blocks: from their content attributes (what the author typed),
 * never from filtered HTML, so nothing like wpautop reaches the voice; shortcode tags and URLs
 * (a classic post's gallery, caption tags, embed lines) are left out, a caption's words kept, as
 * the site does for post audio (Content_Tokens.php).
 */
import { select } from '@wordpress/data';
import { splitTokens } from '../editor-tools/content-tokens.js';
import { TEXT_ATTRIBUTES } from '../editor-tools/segments.js';

/** Plain text of a rich-text value (an HTML string, or RichTextData on newer WordPress). */
export function richTextToPlain( value ) {
	const template = document.createElement( 'template' );
	template.innerHTML = String( value ?? '' ).replace( /<br\s*\/?>/gi, '\n' );
	return template.content.textContent ?? '';
}

/** The words of a text: its shortcode tags and URLs gone, the lines they stood on with them. */
function wordsOnly( text ) {
	return splitTokens( text )
		.filter( ( part ) => ! part.token )
		.map( ( part ) => part.text )
		.join( '' )
		.replace( /[ \t]*\n\s*/g, '\n' )
		.trim();
}

function blockText( block ) {
	if ( block.name === 'circassian/audio' ) {
		return '';
	}
	const own = TEXT_ATTRIBUTES.map( ( name ) => block.attributes?.[ name ] )
		.filter( ( value ) => value !== undefined && value !== null && typeof value !== 'boolean' )
		.map( ( value ) => wordsOnly( richTextToPlain( value ) ) )
		.filter( ( text ) => text.trim() !== '' );
	const inner = ( block.innerBlocks ?? [] ).map( blockText ).filter( Boolean );
	return [ ...own, ...inner ].join( '\n' );
}

/**
 * The text of the given blocks (by client id), or of the whole post without ids.
 *
 * @param {string[]} [clientIds]
 */
export function textFromBlocks( clientIds ) {
	const editor = select( 'core/block-editor' );
	const blocks = clientIds ? editor.getBlocksByClientId( clientIds ) : editor.getBlocks();
	return blocks.filter( Boolean ).map( blockText ).filter( Boolean ).join( '\n\n' );
}
