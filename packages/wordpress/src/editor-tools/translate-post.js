/**
 * The whole post into a new draft: every block's text and the title in ONE request to the site
 * (translate.js: the fewest batch calls, formatting as markers), then the draft saved by the
 * site with its link to this post and its language (POST /circassian/v1/translations). Nothing
 * is saved when the post is already in the target language.
 */
import apiFetch from '@wordpress/api-fetch';
import { serialize } from '@wordpress/blocks';
import { select } from '@wordpress/data';
import { NAMESPACE } from '../audio/api.js';
import { rebuild, translateBlocks } from './translate.js';

/**
 * @param {string}      target The language of the draft.
 * @param {string|null} source The post's language; null: detected by the service.
 * @return {Promise<{draft: ?Object, sourceLang: string, dropped: number, untranslated: number, memory: ?Object}>} `draft` is null when
 *         the post is already in the target language.
 */
export async function translatePostToDraft( target, source ) {
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
		},
	} );
	return { draft, sourceLang: translated.sourceLang, dropped: translated.dropped, untranslated: translated.untranslated, memory: translated.memory };
}

/** The post's original (when it is a translation) and the translations made from it. */
export const fetchTranslationLinks = ( postId ) => apiFetch( { path: `${ NAMESPACE }/translations/${ encodeURIComponent( postId ) }` } );
