/**
 * The update flow: a published post has no pre-publish check, so after an Update that leaves an
 * audio block playing audio of an earlier text, a warning says so with "Regenerate" (the post's
 * own audio needs none: the site remakes it in the background when the text changed).
 */
import { __, _n, sprintf } from '@wordpress/i18n';
import { dispatch, select, subscribe } from '@wordpress/data';
import { describeError } from '../audio/error-notice.js';
import { regenerateBlocks } from './regenerate-audio.js';
import { staleAudioBlocks } from './stale-audio.js';

const NOTICE = 'circassian-stale-audio';

function warn( stale ) {
	const notices = dispatch( 'core/notices' );
	notices.createWarningNotice(
		sprintf(
			/* translators: %d: number of audio blocks. */
			_n(
				'Updated, but %d audio block plays audio of an earlier text or voice.',
				'Updated, but %d audio blocks play audio of an earlier text or voice.',
				stale.length,
				'circassian'
			),
			stale.length
		),
		{
			id: NOTICE,
			actions: [
				{
					label: __( 'Regenerate', 'circassian' ),
					onClick: async () => {
						notices.removeNotice( NOTICE );
						try {
							await regenerateBlocks( staleAudioBlocks( select( 'core/block-editor' ).getBlocks() ) );
							notices.createSuccessNotice( __( 'The audio matches the text again. Update the post to publish it.', 'circassian' ), { id: NOTICE, type: 'snackbar' } );
						} catch ( reason ) {
							notices.createErrorNotice( describeError( reason ).message, { id: NOTICE } );
						}
					},
				},
			],
		}
	);
}

let saving = false;
let publishedBefore = false;
subscribe( () => {
	const editor = select( 'core/editor' );
	// The block editor also runs where no post is edited (widgets): nothing to watch there.
	if ( ! editor?.getCurrentPost ) {
		return;
	}
	const now = editor.isSavingPost() && ! editor.isAutosavingPost();
	if ( now && ! saving ) {
		// An update of a published post, not its first publishing (which had the pre-publish check).
		publishedBefore = editor.getCurrentPost().status === 'publish';
	}
	if ( saving && ! now && publishedBefore && editor.didPostSaveRequestSucceed() ) {
		const stale = staleAudioBlocks( select( 'core/block-editor' ).getBlocks() );
		if ( stale.length > 0 ) {
			warn( stale );
		}
	}
	saving = now;
}, 'core/editor' );
