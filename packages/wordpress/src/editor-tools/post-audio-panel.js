/**
 * The document sidebar's "Post audio" panel, on post types with post audio switched on: the
 * language, voice and speed the post is read in (post meta `_circassian_post_voice`), the
 * language defaulting to the post's own (the site decides: a translation's, Polylang's, detected)
 * and the rest to the site's. It says what publishing will voice (language, characters, estimated
 * seconds) and where the post's audio stands (AudioStatus).
 */
import { __, sprintf } from '@wordpress/i18n';
import { RangeControl, SelectControl, ToggleControl } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { useCallback, useEffect, useState } from '@wordpress/element';
import { PluginDocumentSettingPanel } from '@wordpress/editor';
import { registerPlugin } from '@wordpress/plugins';
import { useVoices } from '../audio/use-voices.js';
import { PlannedAudio } from './planned-audio.js';
import { AudioStatus } from './post-audio-status.js';
import { fetchPostState } from './stale-audio.js';
import { CONTROL_STACK } from './sidebar-style.js';

const SETTINGS = window.circassianEditor ?? {};
const META = '_circassian_post_voice';
/** The post's own "Read aloud" switch: 'on', 'off', or '' to follow its type's setting. */
const READ_ALOUD = '_circassian_read_aloud';
/** How often a post whose audio is being made is looked at again. */
const PENDING_POLL_MS = 5000;
/** How long after the last keystroke the panel asks again whether the audio matches the text. */
const EDIT_PAUSE_MS = 1000;

/**
 * The state route's answer for the post as edited: its audio's state, why the last voicing made
 * none, when the site tries again, and what it will voice. Read when the editor opens, after each
 * save and voice change, and every few seconds while the audio is being made.
 */
function useAudioStatus( postId, enabled, savedAt, voice, readAloud ) {
	const [ status, setStatus ] = useState( null );
	const [ asked, setAsked ] = useState( 0 );
	const voiceKey = JSON.stringify( voice );
	useEffect( () => {
		if ( ! enabled || ! postId ) {
			return undefined;
		}
		let live = true;
		fetchPostState( { voice: JSON.parse( voiceKey ), read_aloud: readAloud } )
			.then( ( answer ) => live && setStatus( answer ) )
			.catch( () => undefined );
		return () => {
			live = false;
		};
	}, [ postId, enabled, savedAt, voiceKey, readAloud, asked ] );
	useEffect( () => {
		if ( status?.state !== 'pending' ) {
			return undefined;
		}
		const timer = setTimeout( () => setAsked( ( n ) => n + 1 ), PENDING_POLL_MS );
		return () => clearTimeout( timer );
	}, [ status, asked ] );
	// The text as it is typed: looked at again a moment after the author stops, so the panel says
	// the audio is of an earlier text before any Update.
	const blocks = useSelect( ( select ) => select( 'core/block-editor' ).getBlocks(), [] );
	const title = useSelect( ( select ) => select( 'core/editor' ).getEditedPostAttribute( 'title' ), [] );
	// And its visibility: made private or given a password, it gets no audio.
	const visibility = useSelect( ( select ) => `${ select( 'core/editor' ).getEditedPostAttribute( 'status' ) }/${ select( 'core/editor' ).getEditedPostAttribute( 'password' ) }`, [] );
	useEffect( () => {
		if ( ! enabled ) {
			return undefined;
		}
		const timer = setTimeout( () => setAsked( ( n ) => n + 1 ), EDIT_PAUSE_MS );
		return () => clearTimeout( timer );
	}, [ enabled, blocks, title, visibility ] );
	const refresh = useCallback( () => setAsked( ( n ) => n + 1 ), [] );
	return [ status, refresh ];
}

function PostAudioPanel() {
	const { postType, stored, readAloud, postId, savedAt } = useSelect(
		( select ) => ( {
			postType: select( 'core/editor' ).getCurrentPostType(),
			stored: select( 'core/editor' ).getEditedPostAttribute( 'meta' )?.[ META ],
			readAloud: select( 'core/editor' ).getEditedPostAttribute( 'meta' )?.[ READ_ALOUD ] ?? '',
			postId: select( 'core/editor' ).getCurrentPostId(),
			savedAt: select( 'core/editor' ).getCurrentPost()?.modified,
		} ),
		[]
	);
	const { editPost } = useDispatch( 'core/editor' );
	const { languages, voices } = useVoices();
	const typeOn = ( SETTINGS.postAudio?.post_types ?? [] ).includes( postType );
	const allowed = ( SETTINGS.audioTypes ?? [] ).includes( postType );
	const enabled = allowed && ( readAloud === 'on' || ( readAloud !== 'off' && typeOn ) );
	// Unset meta of type object comes back as [] or null: the site's defaults.
	const voice = stored && typeof stored === 'object' && ! Array.isArray( stored ) ? stored : {};
	const [ status, refresh ] = useAudioStatus( postId, enabled, savedAt, voice, readAloud );
	if ( ! allowed ) {
		return null;
	}
	// Back to '' when the switch says what the type says, so a later change of the type's setting applies.
	const toggle = ( value ) => editPost( { meta: { [ READ_ALOUD ]: value === typeOn ? '' : ( value && 'on' ) || 'off' } } );
	const readAloudSwitch = (
		<ToggleControl
			__nextHasNoMarginBottom
			label={ __( 'Read this post aloud', 'circassian' ) }
			help={ typeOn ? __( 'On for this post type in Settings > Circassian.', 'circassian' ) : __( 'Off for this post type in Settings > Circassian.', 'circassian' ) }
			checked={ enabled }
			onChange={ toggle }
		/>
	);
	if ( ! enabled ) {
		return (
			<PluginDocumentSettingPanel name="circassian-post-audio" title={ __( 'Post audio', 'circassian' ) }>
				{ readAloudSwitch }
			</PluginDocumentSettingPanel>
		);
	}
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
			{ readAloudSwitch }
			<p>{ __( 'When the post is published or its text changes, the site reads it aloud and places the player.', 'circassian' ) }</p>
			<AudioStatus status={ status } postId={ postId } onChange={ refresh } />
			<PlannedAudio status={ status } />
			<div style={ CONTROL_STACK }>
				<SelectControl
					__nextHasNoMarginBottom
					label={ __( 'Language of the post’s audio', 'circassian' ) }
					value={ voice.language ?? '' }
					options={ [ { value: '', label: __( 'The post’s own language', 'circassian' ) }, ...languages.map( ( item ) => ( { value: item.id, label: item.title } ) ) ] }
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
			</div>
		</PluginDocumentSettingPanel>
	);
}

registerPlugin( 'circassian-post-audio', { render: PostAudioPanel } );
