/**
 * Whole-sentence translation: a rich-text field goes to the service as ONE text, its inline
 * elements (bold, italics, links…) written as numbered markers the engine keeps in place:
 * `<x1>…</x1>` around an element's words, `<x2/>` for what has none (a line break).
 * The engine translates the sentence as a whole and may move the markers with the words; the
 * answer is turned back into the same elements (attributes from the original, never from the
 * answer). When markers come back missing, doubled or crossed, they cannot be placed: the field
 * gets the plain translation and the caller tells the author formatting was dropped.
 *
 * What is not words travels as a wordless marker too, so no engine sees or rewrites it: shortcode
 * tags and URLs in the text (content-tokens.js), HTML comments (`<!--more-->`, `<!--nextpage-->`)
 * and elements without words (an image, a paragraph holding only a gallery or a URL). A run of
 * them, with the paragraph breaks between, is ONE marker: a classic post's gallery, caption tag,
 * image and embed line between two sentences cost the engine five characters, not fifty. They come
 * back byte-identical, copied from the original.
 */
import { splitTokens } from './content-tokens.js';

const MARKER = /<(\/?)x([1-9]\d*)(\/?)>/g;

function parse( html ) {
	const template = document.createElement( 'template' );
	template.innerHTML = String( html ?? '' );
	return template.content;
}

/** Whether a node holds a letter outside its shortcodes and URLs. */
export function hasWordsIn( node ) {
	if ( node.nodeType === 3 ) {
		return splitTokens( node.nodeValue ).some( ( part ) => ! part.token && /\p{L}/u.test( part.text ) );
	}
	return Array.from( node.childNodes ).some( hasWordsIn );
}

/** A paragraph break (whitespace with a newline) beside kept nodes is theirs: the engine needs none of it. */
const BREAK = /^\s*\n\s*$/;

/**
 * A parent's children as pieces in order: words (text), an element with words, or a run of what
 * has none (shortcodes, URLs, comments, an image, a paragraph holding only a gallery, and the
 * paragraph breaks between them) kept together, byte for byte, behind one marker.
 */
function pieces( parent ) {
	const found = [];
	const keep = ( node ) => {
		const last = found[ found.length - 1 ];
		if ( last?.kept ) {
			last.kept.appendChild( node );
		} else {
			const kept = document.createDocumentFragment();
			kept.appendChild( node );
			found.push( { kept } );
		}
	};
	for ( const child of parent.childNodes ) {
		if ( child.nodeType === 3 ) {
			for ( const part of splitTokens( child.nodeValue ) ) {
				// Words with the paragraph breaks at their edges apart, so a break may join a run.
				const texts = part.token ? [ part.text ] : part.text.split( /^(\s*\n\s*)|(\s*\n\s*)$/ ).filter( Boolean );
				for ( const text of texts ) {
					if ( part.token || ( BREAK.test( text ) && found[ found.length - 1 ]?.kept ) ) {
						keep( document.createTextNode( text ) );
					} else {
						found.push( { text } );
					}
				}
			}
		} else if ( child.nodeType === 8 || ( child.nodeType === 1 && ! hasWordsIn( child ) ) ) {
			keep( child.cloneNode( true ) );
		} else if ( child.nodeType === 1 ) {
			found.push( { element: child } );
		}
	}
	// A break left before a run, or at the end of one, goes into the run beside it.
	for ( let index = found.length - 1; index > 0; index-- ) {
		const [ before, piece ] = [ found[ index - 1 ], found[ index ] ];
		if ( before.kept && piece.kept ) {
			before.kept.appendChild( piece.kept );
			found.splice( index, 1 );
		} else if ( before.text !== undefined && BREAK.test( before.text ) && piece.kept ) {
			piece.kept.insertBefore( document.createTextNode( before.text ), piece.kept.firstChild );
			found.splice( index - 1, 1 );
		}
	}
	return found;
}

/**
 * The field as one marked text, and what its markers stand for (by number): an element with words
 * (`<xN>…</xN>`), or a run of kept nodes with none (`<xN/>`, a DocumentFragment).
 *
 * @param {string} html Inline HTML of a rich-text attribute.
 * @return {{ text: string, elements: Map<number, Node> }}
 */
export function toMarked( html ) {
	const elements = new Map();
	const mark = ( node ) => {
		elements.set( elements.size + 1, node );
		return elements.size;
	};
	const walk = ( parent ) =>
		pieces( parent )
			.map( ( piece ) => {
				if ( piece.kept ) {
					return `<x${ mark( piece.kept ) }/>`;
				}
				if ( piece.element ) {
					const id = mark( piece.element );
					return `<x${ id }>${ walk( piece.element ) }</x${ id }>`;
				}
				// A text that looks like a marker must not become one.
				return piece.text.replace( /</g, '‹' );
			} )
			.join( '' );
	return { text: walk( parse( html ) ), elements };
}

/** Whether the markers stand for a shortcode, URL or comment (not only for markup without words, an image or a line break). */
export function keepsTokens( elements ) {
	return Array.from( elements?.values() ?? [] ).some(
		( node ) => node.nodeType === 11 && ( node.textContent.trim() !== '' || document.createTreeWalker( node, 128 /* NodeFilter.SHOW_COMMENT */ ).nextNode() !== null )
	);
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
 * @param {Map<number, Node>}    elements   From toMarked().
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
		// A kept run holds no words: it comes back as `<xN/>` or cannot be placed.
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
		// A kept run comes back whole; an element comes back empty, to be filled with the answer's words.
		const copy = original.cloneNode( original.nodeType === 11 );
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
