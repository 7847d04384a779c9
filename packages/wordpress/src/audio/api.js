/**
 * The site's own routes (circassian/v1). apiFetch sends the REST nonce; the key stays on the server.
 */
import apiFetch from '@wordpress/api-fetch';

export const NAMESPACE = '/circassian/v1';
/** The editor polls the site no more often than this; the site polls the service at most as often. */
export const POLL_MS = 2000;

export const startSpeech = ( data ) => apiFetch( { path: `${ NAMESPACE }/speech`, method: 'POST', data } );
export const pollSpeech = ( jobId ) => apiFetch( { path: `${ NAMESPACE }/speech/jobs/${ encodeURIComponent( jobId ) }` } );
export const fetchVoices = () => apiFetch( { path: `${ NAMESPACE }/voices` } );
export const fetchLanguages = () => apiFetch( { path: `${ NAMESPACE }/languages` } );
/**
 * `title`, when given, comes back as `title`: plain text, filtered by the site. `post`: the post the
 * texts are from; without a source language the site translates from the post's own (its memory
 * needs one).
 */
export const translateTexts = ( texts, targetLang, title, sourceLang = null, post = 0 ) =>
	apiFetch( {
		path: `${ NAMESPACE }/translate`,
		method: 'POST',
		data: {
			texts,
			target_lang: targetLang,
			...( title ? { title } : {} ),
			...( sourceLang ? { source_lang: sourceLang } : {} ),
			...( post > 0 ? { post } : {} ),
		},
	} );
