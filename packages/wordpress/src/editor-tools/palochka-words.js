/**
 * The palochka fix over words only. Shortcode tags and URLs (content-tokens.js) are no place for a
 * palochka: a gallery's `ids="1,2"`, a file path in `[audio mp3='…/кIуэ.mp3']` or a shortcode's
 * title attribute stay as typed, or the shortcode breaks. The words beside them are fixed, which
 * the helpers alone miss when a URL is glued to a word (`щIы[embed]https://…`, `кIуэ,https://…`),
 * since they keep the whole run up to a space as the URL.
 */
import { countPalochkaLookalikes, normalizePalochka } from '@circassian/core/palochka';
import { splitTokens } from './content-tokens.js';
import { rewriteFields } from './segments.js';

/** Look-alikes in a text's words, its shortcodes and URLs left out. */
export const countInWords = ( text ) => splitTokens( text ).reduce( ( sum, part ) => sum + ( part.token ? 0 : countPalochkaLookalikes( part.text ) ), 0 );

/** The text with its words' look-alikes fixed; shortcodes and URLs byte-identical. */
export const fixInWords = ( text ) =>
	splitTokens( text )
		.map( ( part ) => ( part.token ? part.text : normalizePalochka( part.text ) ) )
		.join( '' );

/** Look-alikes in every segment of the fields (segments.js). */
export const countInFields = ( fields ) => fields.reduce( ( sum, field ) => sum + field.segments.reduce( ( n, text ) => n + countInWords( text ), 0 ), 0 );

/** The fields' new attributes with every segment's words fixed: { [clientId]: { [attribute]: html } }. */
export const fixFields = ( fields ) => rewriteFields( fields, fields.map( ( field ) => field.segments.map( fixInWords ) ) );
