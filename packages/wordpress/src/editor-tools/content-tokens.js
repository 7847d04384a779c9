/**
 * What in a text is not words and must reach no engine: shortcode tags (core's, a plugin's, or one
 * whose plugin is gone) and URLs (auto-embed lines, [embed] bodies, addresses in prose). The site's
 * speech side finds the same with get_shortcode_regex() (Content_Tokens.php); the editor has no
 * list of registered shortcodes, so a tag counts as one when core names it or the text shows it
 * is one: a closing tag, attributes, a self-closing slash, or its own closing tag further on.
 * "[sic]" stays a word.
 */

/** Core's shortcodes, which often stand bare (`[gallery]`). */
const CORE_TAGS = [ 'audio', 'caption', 'wp_caption', 'embed', 'gallery', 'playlist', 'video' ];

/** A shortcode tag (escaped `[[…]]` too) or a URL; trailing punctuation is the sentence's. */
const TOKEN = /\[\[?(\/?)([A-Za-z][\w-]*)([^[\]]*)\]\]?|\bhttps?:\/\/[^\s<>"'[\]]*[^\s<>"'[\].,;:!?)]/g;

function isShortcode( match, text ) {
	const [ , closing, tag, rest ] = match;
	return closing === '/' || rest.includes( '=' ) || /\/\s*$/.test( rest ) || CORE_TAGS.includes( tag.toLowerCase() ) || text.includes( `[/${ tag }]` );
}

/**
 * The text cut into words and tokens, in order: [{ text, token }]; joined, the parts are the text.
 *
 * @param {string} text
 * @return {{text: string, token: boolean}[]}
 */
export function splitTokens( text ) {
	const parts = [];
	let at = 0;
	for ( const match of String( text ).matchAll( TOKEN ) ) {
		if ( match[ 2 ] !== undefined && ! isShortcode( match, text ) ) {
			continue;
		}
		if ( match.index > at ) {
			parts.push( { text: text.slice( at, match.index ), token: false } );
		}
		parts.push( { text: match[ 0 ], token: true } );
		at = match.index + match[ 0 ].length;
	}
	if ( at < text.length ) {
		parts.push( { text: text.slice( at ), token: false } );
	}
	return parts;
}
