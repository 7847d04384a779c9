/**
 * Whole-sentence translation: a rich-text field goes to the service as ONE text, its inline
 * elements (bold, italics, links…) written as numbered markers the engine keeps in place:
 * `<x1>…</x1>` around an element's words, `<x2/>` for an element without words (a line break).
 * The engine translates the sentence as a whole and may move the markers with the words; the
 * answer is turned back into the same elements (attributes from the original, never from the
 * answer). When markers come back missing, doubled or crossed, they cannot be placed: the field
 * gets the plain translation and the caller tells the author formatting was dropped.
 *
 * What is not words travels as a wordless marker too, so no engine sees or rewrites it: shortcode
 * tags and URLs in the text (content-tokens.js) and HTML comments (`<!--more-->`,
 * `<!--nextpage-->`). They come back byte-identical, copied from the original.
 */
import { splitTokens } from './content-tokens.js';

const MARKER = /<(\/?)x([1-9]\d*)(\/?)>/g;

function parse( html ) {
	const template = document.createElement( 'template' );
	template.innerHTML = String( html ?? '' );
	return template.content;
}

/**
 * The field as one marked text, and the elements its markers stand for (by number).
 *
 * @param {string} html Inline HTML of a rich-text attribute.
 * @return {{ text: string, elements: Map<number, Element> }}
 */
export function toMarked( html ) {
	const elements = new Map();
	const keep = ( node ) => {
		const id = elements.size + 1;
		elements.set( id, node );
		return `<x${ id }/>`;
	};
	const walk = ( node ) =>
		Array.from( node.childNodes )
			.map( ( child ) => {
				if ( child.nodeType === 3 ) {
					// A text that looks like a marker must not become one.
					return splitTokens( child.nodeValue )
						.map( ( part ) => ( part.token ? keep( document.createTextNode( part.text ) ) : part.text.replace( /</g, '‹' ) ) )
						.join( '' );
				}
				if ( child.nodeType === 8 ) {
					return keep( child );
				}
				if ( child.nodeType !== 1 ) {
					return '';
				}
				const id = elements.size + 1;
				elements.set( id, child );
				const inner = walk( child );
				return inner === '' ? `<x${ id }/>` : `<x${ id }>${ inner }</x${ id }>`;
			} )
			.join( '' );
	return { text: walk( parse( html ) ), elements };
}

/** The answer without any marker: what the author gets when the markers cannot be placed. */
export function withoutMarkers( text ) {
	return String( text ).replace( MARKER, '' );
}

/**
 * The translated field as HTML, or null when its markers cannot be placed: each element's marker
 * must come back exactly once, properly nested, and no unknown marker may appear.
 *
 * @param {string}               translated The service's answer (text with markers).
 * @param {Map<number, Element>} elements   From toMarked().
 * @return {string|null}
 */
export function fromMarked( translated, elements ) {
	const root = document.createElement( 'template' ).content;
	const stack = [ { id: 0, node: root } ];
	const seen = new Set();
	let at = 0;
	const addText = ( text ) => {
		if ( text !== '' ) {
			stack[ stack.length - 1 ].node.appendChild( document.createTextNode( text.replace( /‹/g, '<' ) ) );
		}
	};
	for ( const match of String( translated ).matchAll( MARKER ) ) {
		addText( translated.slice( at, match.index ) );
		at = match.index + match[ 0 ].length;
		const [ , closing, number, selfClosing ] = match;
		const id = Number( number );
		const original = elements.get( id );
		// A kept token or comment holds no words: it comes back as `<xN/>` or cannot be placed.
		if ( ! original || ( closing && selfClosing ) || ( original.nodeType !== 1 && ! selfClosing ) ) {
			return null;
		}
		if ( closing ) {
			if ( stack[ stack.length - 1 ].id !== id ) {
				return null;
			}
			stack.pop();
			continue;
		}
		if ( seen.has( id ) ) {
			return null;
		}
		seen.add( id );
		const copy = original.cloneNode( false );
		stack[ stack.length - 1 ].node.appendChild( copy );
		if ( ! selfClosing ) {
			stack.push( { id, node: copy } );
		}
	}
	addText( translated.slice( at ) );
	if ( stack.length !== 1 || seen.size !== elements.size ) {
		return null;
	}
	const holder = document.createElement( 'div' );
	holder.appendChild( root );
	return holder.innerHTML;
}
