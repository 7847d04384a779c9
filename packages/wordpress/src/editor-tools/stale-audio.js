/**
 * Audio that no longer matches its text: an audio block whose text or voice changed since its
 * audio was made (the hash the block keeps against the hash of what it would send now), and the
 * post's own audio, which the site compares against the text being edited (one route, the same
 * hash the site keeps with the audio).
 */
import apiFetch from '@wordpress/api-fetch';
import { select } from '@wordpress/data';
import { audioBlocks } from '../audio/block-identity.js';
import { sourceHash } from '../audio/source-hash.js';

const SETTINGS = window.circassianEditor ?? {};
const DEFAULTS = SETTINGS.defaults ?? { language: 'kbd', voice: 'male', speed: 0.85 };

/** What an audio block would ask the site to voice now (its settings, else the site's defaults). */
export function blockRequest( attributes ) {
	return {
		text: ( attributes.text ?? '' ).trim(),
		language: attributes.language ?? DEFAULTS.language,
		voice: attributes.voice ?? DEFAULTS.voice,
		speed: attributes.speed ?? DEFAULTS.speed,
		instruct: ( attributes.instruct ?? '' ).trim(),
	};
}

/** The audio blocks among `blocks` (nested ones too) whose audio was made from another text or voice. */
export function staleAudioBlocks( blocks ) {
	return audioBlocks( blocks ).filter(
		( block ) => block.attributes.src && block.attributes.sourceHash && sourceHash( blockRequest( block.attributes ) ) !== block.attributes.sourceHash
	);
}

/** Whether the post type being edited has post audio on. */
export function hasPostAudio() {
	return ( SETTINGS.postAudio?.post_types ?? [] ).includes( select( 'core/editor' ).getCurrentPostType() );
}

/**
 * The state route's answer for the post as edited (title, content, visibility, the voice as edited
 * unless `more` gives it): its audio's state, and the post's language and where it came from.
 *
 * @param {Object} more Fields sent as they are (voice, read_aloud).
 */
export function fetchPostState( more = {} ) {
	const editor = select( 'core/editor' );
	const voice = editor.getEditedPostAttribute( 'meta' )?._circassian_post_voice;
	return apiFetch( {
		path: `/circassian/v1/post-audio/${ editor.getCurrentPostId() }/state`,
		method: 'POST',
		data: {
			title: editor.getEditedPostAttribute( 'title' ) ?? '',
			content: editor.getEditedPostContent() ?? '',
			// The visibility as edited: a private or password-protected post gets no audio.
			status: editor.getEditedPostAttribute( 'status' ) ?? '',
			password: editor.getEditedPostAttribute( 'password' ) ?? '',
			...( voice && typeof voice === 'object' && ! Array.isArray( voice ) ? { voice } : {} ),
			...more,
		},
	} );
}

/**
 * Where the post's audio stands against the text as edited: 'missing', 'stale', 'pending',
 * 'current' or 'empty' (null when the post type has no post audio).
 */
export async function postAudioState() {
	return ( await fetchPostState() ).state;
}
