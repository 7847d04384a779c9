/**
 * The document sidebar's "Post audio" panel, on post types with post audio switched on: the
 * language, voice and speed the post is read in (post meta `_circassian_post_voice`), each
 * defaulting to the site's. The audio itself is made by the site when the post is published; when
 * the site made none (the author's role or caps, or the service), the panel says why.
 */
import apiFetch from '@wordpress/api-fetch';
import { __, sprintf } from '@wordpress/i18n';
import { Notice, RangeControl, SelectControl } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { useEffect, useState } from '@wordpress/element';
import { PluginDocumentSettingPanel } from '@wordpress/editor';
import { registerPlugin } from '@wordpress/plugins';
import { useVoices } from '../audio/use-voices.js';

const SETTINGS = window.circassianEditor ?? {};
const META = '_circassian_post_voice';

/**
 * Why the site made no audio for the saved post at its last try (the state route's `error`), read
 * when the editor opens and after each save; null while there is nothing to say.
 */
function useLastError( postId, enabled, savedAt ) {
	const [ error, setError ] = useState( null );
	useEffect( () => {
		if ( ! enabled || ! postId ) {
			return undefined;
		}
		let live = true;
		// The route compares a text with the audio; the reason does not depend on it.
		apiFetch( { path: `/circassian/v1/post-audio/${ postId }/state`, method: 'POST', data: { title: '', content: '' } } )
			.then( ( answer ) => live && setError( answer?.error ?? null ) )
			.catch( () => undefined );
		return () => {
			live = false;
		};
	}, [ postId, enabled, savedAt ] );
	return error;
}

function PostAudioPanel() {
	const { postType, stored, postId, savedAt } = useSelect(
		( select ) => ( {
			postType: select( 'core/editor' ).getCurrentPostType(),
			stored: select( 'core/editor' ).getEditedPostAttribute( 'meta' )?.[ META ],
			postId: select( 'core/editor' ).getCurrentPostId(),
			savedAt: select( 'core/editor' ).getCurrentPost()?.modified,
		} ),
		[]
	);
	const { editPost } = useDispatch( 'core/editor' );
	const { languages, voices } = useVoices();
	const enabled = ( SETTINGS.postAudio?.post_types ?? [] ).includes( postType );
	const lastError = useLastError( postId, enabled, savedAt );
	if ( ! enabled ) {
		return null;
	}
	// Unset meta of type object comes back as [] or null: the site's defaults.
	const voice = stored && typeof stored === 'object' && ! Array.isArray( stored ) ? stored : {};
	const change = ( field, value ) => {
		const next = { ...voice, [ field ]: value };
		if ( value === '' || value === undefined ) {
			delete next[ field ];
		}
		editPost( { meta: { [ META ]: next } } );
	};
	const defaults = SETTINGS.defaults ?? { language: 'kbd', voice: 'male', speed: 0.85 };
	const titleOf = ( items, id ) => items.find( ( item ) => item.id === id )?.title ?? id;
	const siteDefault = ( title ) => sprintf( /* translators: %s: the site's default. */ __( 'Site default (%s)', 'circassian' ), title );
	return (
		<PluginDocumentSettingPanel name="circassian-post-audio" title={ __( 'Post audio', 'circassian' ) }>
			<p>{ __( 'When the post is published or its text changes, the site reads it aloud and places the player.', 'circassian' ) }</p>
			{ lastError && (
				<Notice status="warning" isDismissible={ false } className="circassian-post-audio-panel__error">
					{ lastError }
				</Notice>
			) }
			<SelectControl
				__nextHasNoMarginBottom
				label={ __( 'Language of the post’s audio', 'circassian' ) }
				value={ voice.language ?? '' }
				options={ [ { value: '', label: siteDefault( titleOf( languages, defaults.language ) ) }, ...languages.map( ( item ) => ( { value: item.id, label: item.title } ) ) ] }
				onChange={ ( value ) => change( 'language', value ) }
			/>
			<SelectControl
				__nextHasNoMarginBottom
				label={ __( 'Voice of the post’s audio', 'circassian' ) }
				value={ voice.voice ?? '' }
				options={ [ { value: '', label: siteDefault( titleOf( voices, defaults.voice ) ) }, ...voices.map( ( item ) => ( { value: item.id, label: item.title } ) ) ] }
				onChange={ ( value ) => change( 'voice', value ) }
			/>
			<RangeControl
				__nextHasNoMarginBottom
				label={ __( 'Speed of the post’s audio', 'circassian' ) }
				help={ voice.speed === undefined ? siteDefault( String( defaults.speed ) ) : undefined }
				value={ voice.speed ?? defaults.speed }
				min={ 0.25 }
				max={ 2 }
				step={ 0.05 }
				allowReset
				resetFallbackValue={ undefined }
				onChange={ ( value ) => change( 'speed', value ) }
			/>
		</PluginDocumentSettingPanel>
	);
}

registerPlugin( 'circassian-post-audio', { render: PostAudioPanel } );
