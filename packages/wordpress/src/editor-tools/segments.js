/**
 * Inline HTML as text segments: the text nodes between tags. Translation and the palochka fix
 * change only these, so bold, italics, links and every attribute stay exactly as they were.
 */

/** Rich-text attributes a translatable block keeps its words in. */
export const TEXT_ATTRIBUTES = [ 'content', 'citation', 'value' ];

/** Blocks the toolbar actions work on (quotes and lists through their inner blocks). */
export const TEXT_BLOCKS = [ 'core/paragraph', 'core/heading', 'core/list', 'core/list-item', 'core/quote', 'core/pullquote', 'core/verse', 'core/preformatted' ];

function parse( html ) {
	const template = document.createElement( 'template' );
	template.innerHTML = String( html ?? '' );
	return template;
}

function textNodes( node, found = [] ) {
	for ( const child of node.childNodes ) {
		if ( child.nodeType === 3 ) {
			if ( child.nodeValue.trim() !== '' ) {
				found.push( child );
			}
		} else {
			textNodes( child, found );
		}
	}
	return found;
}

/** The non-blank text segments of an HTML string, in document order. */
export function htmlSegments( html ) {
	return textNodes( parse( html ).content ).map( ( node ) => node.nodeValue );
}

/**
 * The same HTML with its segments replaced in order, keeping the whitespace around each.
 *
 * @param {string}   html
 * @param {string[]} replacements One per segment of htmlSegments( html ).
 */
export function replaceSegments( html, replacements ) {
	const template = parse( html );
	textNodes( template.content ).forEach( ( node, index ) => {
		const replacement = replacements[ index ];
		if ( typeof replacement === 'string' ) {
			const [ , lead, , trail ] = /^(\s*)([\s\S]*?)(\s*)$/.exec( node.nodeValue );
			node.nodeValue = lead + replacement.trim() + trail;
		}
	} );
	return template.innerHTML;
}

/**
 * Every rich-text attribute of a block tree with its segments: [{ clientId, name, html, segments }].
 */
export function collectFields( block, fields = [] ) {
	// The audio block: its caption is rich text, its text to voice plain text (one segment).
	if ( block.name === 'circassian/audio' ) {
		const caption = htmlSegments( String( block.attributes?.caption ?? '' ) );
		if ( caption.length > 0 ) {
			fields.push( { clientId: block.clientId, name: 'caption', html: String( block.attributes.caption ), segments: caption } );
		}
		if ( String( block.attributes?.text ?? '' ).trim() !== '' ) {
			fields.push( { clientId: block.clientId, name: 'text', plain: true, segments: [ String( block.attributes.text ) ] } );
		}
		return fields;
	}
	for ( const name of TEXT_ATTRIBUTES ) {
		const value = block.attributes?.[ name ];
		if ( value !== undefined && value !== null && typeof value !== 'boolean' && typeof value !== 'number' ) {
			const html = String( value );
			const segments = htmlSegments( html );
			if ( segments.length > 0 ) {
				// A Classic block's content is translated paragraph by paragraph (classic-paragraphs.js).
				fields.push( { clientId: block.clientId, name, html, segments, ...( block.name === 'core/freeform' ? { classic: true } : {} ) } );
			}
		}
	}
	for ( const inner of block.innerBlocks ?? [] ) {
		collectFields( inner, fields );
	}
	return fields;
}

/**
 * Applies `transform(segments) => segments` to every field and returns new attributes keyed by
 * clientId: { [clientId]: { [attribute]: html } }.
 */
export function rewriteFields( fields, replacementsPerField ) {
	const updates = {};
	fields.forEach( ( field, index ) => {
		updates[ field.clientId ] ??= {};
		updates[ field.clientId ][ field.name ] = field.plain ? replacementsPerField[ index ][ 0 ] ?? field.segments[ 0 ] : replaceSegments( field.html, replacementsPerField[ index ] );
	} );
	return updates;
}
