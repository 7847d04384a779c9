/**
 * The whole post into a new draft: every block's text and the title in ONE request to the site
 * (translate.js: the fewest batch calls, formatting as markers), then the draft saved by the
 * site with its link to this post and its language (POST /circassian/v1/translations), or, when
 * the post has a translation in that language, that translation updated. Nothing is saved when the
 * post is already in the target language.
 */
import apiFetch from '@wordpress/api-fetch';
import { serialize } from '@wordpress/blocks';
import { select } from '@wordpress/data';
import { NAMESPACE } from '../audio/api.js';
import { rebuild, translateBlocks } from './translate.js';

/**
 * @param {string}      target          The language of the draft.
 * @param {string|null} source          The post's language; null: detected by the service.
 * @param {boolean}     [update=false]  Into the translation the post already has in that language:
 *                                      the site keeps its blocks whose original did not change.
 * @return {Promise<{draft: ?Object, sourceLang: string, dropped: number, untranslated: number, memory: ?Object}>} `draft` is null when
 *         the post is already in the target language; an update's has `updated` (what was kept).
 */
export async function translatePostToDraft( target, source, update = false ) {
	const editor = select( 'core/editor' );
	const blocks = select( 'core/block-editor' ).getBlocks();
	const title = editor.getEditedPostAttribute( 'title' ) || '';
	const translated = await translateBlocks( blocks, target, title.trim(), source );
	if ( translated.sourceLang === target ) {
		return { draft: null, sourceLang: translated.sourceLang, dropped: 0, untranslated: 0, memory: translated.memory };
	}
	const draft = await apiFetch( {
		path: `${ NAMESPACE }/translations`,
		method: 'POST',
		data: {
			original: editor.getCurrentPostId(),
			language: target,
			// The site's memory learns the draft's corrections under this language.
			source: translated.sourceLang,
			title: translated.title || title,
			content: serialize( blocks.map( ( block ) => rebuild( block, translated.updates ) ) ),
			// What was translated, as written here (saved or not): a later update re-translates only what changed since.
			original_content: serialize( blocks ),
			original_title: title,
			update,
		},
	} );
	return { draft, sourceLang: translated.sourceLang, dropped: translated.dropped, untranslated: translated.untranslated, memory: translated.memory };
}

/** The post's original (when it is a translation) and the translations made from it. */
export const fetchTranslationLinks = ( postId ) => apiFetch( { path: `${ NAMESPACE }/translations/${ encodeURIComponent( postId ) }` } );
