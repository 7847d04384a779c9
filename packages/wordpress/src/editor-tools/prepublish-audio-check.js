/**
 * The pre-publish check: before publishing, warns when an audio block's audio or the post's own
 * audio was made from another text than the one about to go out, with "Regenerate" (remakes the
 * blocks' audio now; the post's audio is remade by the site after publishing, as always) and
 * "Publish anyway" (publishes with the audio as it is).
 */
import { __, _n, sprintf } from '@wordpress/i18n';
import { Button, Notice } from '@wordpress/components';
import { useSelect } from '@wordpress/data';
import { PluginPrePublishPanel } from '@wordpress/editor';
import { useEffect, useState } from '@wordpress/element';
import { registerPlugin } from '@wordpress/plugins';
import { describeError } from '../audio/error-notice.js';
import { regenerateBlocks } from './regenerate-audio.js';
import { hasPostAudio, postAudioState, staleAudioBlocks } from './stale-audio.js';

/** Presses the publish panel's own Publish button, so scheduling and every core check still apply. */
function publishNow() {
	document.querySelector( '.editor-post-publish-panel__header-publish-button button' )?.click();
}

/** The first words of a block's text, to say which block is meant. */
const excerpt = ( text ) => ( text.length > 40 ? `${ text.slice( 0, 40 ).trim() }…` : text );

function AudioCheck() {
	const stale = useSelect( ( select ) => staleAudioBlocks( select( 'core/block-editor' ).getBlocks() ), [] );
	const [ postState, setPostState ] = useState( null );
	const [ busy, setBusy ] = useState( null );
	const [ error, setError ] = useState( null );
	const [ regenerated, setRegenerated ] = useState( 0 );

	// This plugin is drawn with the editor; the site is asked each time the publish panel opens, with the text as edited then.
	const panelOpen = useSelect( ( select ) => select( 'core/editor' ).isPublishSidebarOpened(), [] );
	useEffect( () => {
		setPostState( null );
		setRegenerated( 0 );
		if ( panelOpen && hasPostAudio() ) {
			postAudioState().then( setPostState, () => setPostState( null ) );
		}
	}, [ panelOpen ] );

	const postStale = postState === 'stale';
	// Once the blocks are remade the panel stays to say so; with nothing to say it is not drawn.
	if ( stale.length === 0 && ! postStale && ! busy && ! regenerated ) {
		return null;
	}
	const regenerate = async () => {
		setError( null );
		try {
			const count = stale.length;
			await regenerateBlocks( stale, ( done ) => setBusy( { done, total: count } ) );
			setRegenerated( count );
		} catch ( reason ) {
			setError( describeError( reason ) );
		} finally {
			setBusy( null );
		}
	};
	return (
		<PluginPrePublishPanel title={ __( 'Audio that no longer matches its text', 'circassian' ) } initialOpen className="circassian-prepublish-audio">
			{ stale.length > 0 && (
				<>
					<p>
						{ sprintf(
							/* translators: %d: number of audio blocks. */
							_n(
								'%d audio block plays audio of an earlier text or voice:',
								'%d audio blocks play audio of an earlier text or voice:',
								stale.length,
								'circassian'
							),
							stale.length
						) }
					</p>
					<ul className="circassian-prepublish-audio__blocks">
						{ stale.map( ( block ) => (
							<li key={ block.clientId }>{ excerpt( block.attributes.text ?? '' ) }</li>
						) ) }
					</ul>
				</>
			) }
			{ postStale && (
				<p className="circassian-prepublish-audio__post">
					{ __( 'The post’s audio was made from an earlier text. The site makes it again in the background once the post is published.', 'circassian' ) }
				</p>
			) }
			{ regenerated > 0 && stale.length === 0 && (
				<p role="status" className="circassian-prepublish-audio__done">
					{ sprintf(
						/* translators: %d: number of audio blocks. */
						_n( 'Regenerated: %d audio block now matches its text.', 'Regenerated: %d audio blocks now match their text.', regenerated, 'circassian' ),
						regenerated
					) }
				</p>
			) }
			{ busy && (
				<p role="status">
					{ sprintf( /* translators: 1: blocks done, 2: all blocks. */ __( 'Regenerating: %1$d of %2$d done…', 'circassian' ), busy.done, busy.total ) }
				</p>
			) }
			{ error && (
				<Notice status="error" onRemove={ () => setError( null ) }>
					{ error.message }
				</Notice>
			) }
			<div className="circassian-prepublish-audio__buttons">
				{ stale.length > 0 && (
					<Button variant="secondary" onClick={ regenerate } isBusy={ !! busy } disabled={ !! busy }>
						{ __( 'Regenerate', 'circassian' ) }
					</Button>
				) }
				{ ( stale.length > 0 || postStale ) && (
					<Button variant="tertiary" onClick={ publishNow } disabled={ !! busy }>
						{ __( 'Publish anyway', 'circassian' ) }
					</Button>
				) }
			</div>
		</PluginPrePublishPanel>
	);
}

registerPlugin( 'circassian-prepublish-audio-check', { render: AudioCheck } );
