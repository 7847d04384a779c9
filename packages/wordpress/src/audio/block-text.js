/**
 * Text for speech taken from blocks: from their content attributes (what the author typed),
 * never from filtered HTML, so nothing like wpautop reaches the voice.
 */
import { select } from '@wordpress/data';
import { TEXT_ATTRIBUTES } from '../editor-tools/segments.js';

/** Plain text of a rich-text value (an HTML string, or RichTextData on newer WordPress). */
export function richTextToPlain( value ) {
	const template = document.createElement( 'template' );
	template.innerHTML = String( value ?? '' ).replace( /<br\s*\/?>/gi, '\n' );
	return template.content.textContent ?? '';
}

function blockText( block ) {
	if ( block.name === 'circassian/audio' ) {
		return '';
	}
	const own = TEXT_ATTRIBUTES.map( ( name ) => block.attributes?.[ name ] )
		.filter( ( value ) => value !== undefined && value !== null && typeof value !== 'boolean' )
		.map( richTextToPlain )
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
