/**
 * A Classic block's content as paragraphs, as the block editor holds it (autop'd: `<p>` per
 * paragraph; a raw text's blank lines count the same). Each paragraph of words goes to the
 * service as its own text, as a paragraph block's does, and its `<p>` stays in the browser:
 * sent whole, every paragraph tag was a marker pair and the classic post cost half again its words.
 * What holds no words (a paragraph of a lone gallery or embed line, a page break, the breaks
 * between paragraphs) is not sent and comes back as it was.
 */
import { hasWordsIn } from './markers.js';

/** Elements that stand as paragraphs of their own: their inner HTML is sent, the tag kept. */
const PARAGRAPHS = [ 'P', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6' ];
/** Block-level elements that are not paragraphs: sent whole (a list, a quote) when they hold words. */
const BLOCKS = [ 'ADDRESS', 'BLOCKQUOTE', 'DIV', 'DL', 'FIGURE', 'HR', 'OL', 'PRE', 'TABLE', 'UL' ];
/** A blank line in a raw text: the end of a paragraph. */
const BLANK_LINE = /(\n[ \t]*\n\s*)/;

function parse( html ) {
	const template = document.createElement( 'template' );
	template.innerHTML = String( html ?? '' );
	return template.content;
}

const serialize = ( nodes ) => {
	const holder = document.createElement( 'div' );
	nodes.forEach( ( node ) => holder.appendChild( node.cloneNode( true ) ) );
	return holder.innerHTML;
};

/**
 * The content cut into parts, in order: `{ html, wrapper }` to send (`wrapper`, the paragraph's
 * own element, or null for a run of inline content or a block sent whole) and `{ kept }` (nodes
 * that stay as they are).
 *
 * @param {string} html
 * @return {Array<{html: string, wrapper: ?Element}|{kept: Node[]}>}
 */
export function classicParts( html ) {
	const parts = [];
	let run = null;
	const keep = ( node ) => {
		run = null;
		const last = parts[ parts.length - 1 ];
		if ( last?.kept ) {
			last.kept.push( node );
		} else {
			parts.push( { kept: [ node ] } );
		}
	};
	const inline = ( node ) => {
		if ( ! run ) {
			run = { nodes: [] };
			parts.push( run );
		}
		run.nodes.push( node );
	};
	for ( const child of Array.from( parse( html ).childNodes ) ) {
		if ( child.nodeType === 3 ) {
			child.nodeValue.split( BLANK_LINE ).forEach( ( text, index ) => {
				if ( text !== '' ) {
					( index % 2 === 1 || ( text.trim() === '' && ! run ) ? keep : inline )( document.createTextNode( text ) );
				}
			} );
		} else if ( child.nodeType === 1 && PARAGRAPHS.includes( child.tagName ) && hasWordsIn( child ) ) {
			run = null;
			parts.push( { html: child.innerHTML, wrapper: child } );
		} else if ( child.nodeType !== 1 || BLOCKS.includes( child.tagName ) || PARAGRAPHS.includes( child.tagName ) ) {
			if ( child.nodeType === 1 && hasWordsIn( child ) ) {
				run = null;
				parts.push( { html: serialize( [ child ] ), wrapper: null } );
			} else {
				keep( child );
			}
		} else {
			inline( child );
		}
	}
	// A run of inline content without words (an image, a shortcode line) is kept as it is.
	return parts.map( ( part ) => {
		if ( ! part.nodes ) {
			return part;
		}
		const holder = document.createElement( 'div' );
		part.nodes.forEach( ( node ) => holder.appendChild( node ) );
		return hasWordsIn( holder ) ? { html: holder.innerHTML, wrapper: null } : { kept: Array.from( holder.childNodes ) };
	} );
}

/**
 * The content again, each part to send replaced by its new HTML (in order), the rest as it was.
 *
 * @param {ReturnType<typeof classicParts>} parts
 * @param {string[]}                        htmls One per part to send.
 */
export function joinClassicParts( parts, htmls ) {
	const holder = document.createElement( 'div' );
	let next = 0;
	for ( const part of parts ) {
		if ( part.kept ) {
			part.kept.forEach( ( node ) => holder.appendChild( node.cloneNode( true ) ) );
			continue;
		}
		const html = htmls[ next++ ];
		const target = part.wrapper ? part.wrapper.cloneNode( false ) : document.createElement( 'template' );
		target.innerHTML = html;
		holder.appendChild( part.wrapper ? target : target.content );
	}
	return holder.innerHTML;
}
