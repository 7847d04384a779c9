/**
 * Audio blocks of a published post: a warning as soon as a block's text or voice changes from what
 * its audio was made of (before any Update), and the Update itself remakes their audio before the
 * post is saved (the `editor.preSavePost` filter), so one Update publishes the new text with its
 * new audio and never the new text beside the old recording. A first publishing has the
 * pre-publish check instead (prepublish-audio-check.js), where "Publish anyway" stays a choice.
 */
import { __, _n, sprintf } from '@wordpress/i18n';
import { dispatch, select, subscribe } from '@wordpress/data';
import { addFilter } from '@wordpress/hooks';
import { describeError } from '../audio/error-notice.js';
import { regenerateBlocks } from './regenerate-audio.js';
import { staleAudioBlocks } from './stale-audio.js';

const NOTICE = 'circassian-stale-audio';

/** Whether the post being edited is published and stays so with this save's edits. */
function isPublishedUpdate( edits = {} ) {
	const editor = select( 'core/editor' );
	return editor.getCurrentPost()?.status === 'publish' && ( edits.status ?? 'publish' ) === 'publish';
}

const staleNow = () => staleAudioBlocks( select( 'core/block-editor' ).getBlocks() );

async function regenerateNow() {
	// The warning stays until the blocks match (the subscriber below takes it away).
	const notices = dispatch( 'core/notices' );
	try {
		await regenerateBlocks( staleNow() );
		notices.createSuccessNotice( __( 'The audio matches the text again. Update the post to publish it.', 'circassian' ), { id: `${ NOTICE }-done`, type: 'snackbar' } );
	} catch ( reason ) {
		notices.createErrorNotice( describeError( reason ).message, { id: `${ NOTICE }-failed` } );
	}
}

function warn( count ) {
	dispatch( 'core/notices' ).createWarningNotice(
		sprintf(
			/* translators: %d: number of audio blocks. */
			_n(
				'%d audio block plays audio of an earlier text or voice: Update remakes it.',
				'%d audio blocks play audio of an earlier text or voice: Update remakes them.',
				count,
				'circassian'
			),
			count
		),
		{ id: NOTICE, isDismissible: false, actions: [ { label: __( 'Regenerate now', 'circassian' ), onClick: regenerateNow } ] }
	);
}

// The warning follows the blocks as they are edited: raised when a block's audio stops matching,
// gone when none is left (regenerated, or the text put back).
let warned = 0;
function followStaleBlocks() {
	const editor = select( 'core/editor' );
	// The block editor also runs where no post is edited (widgets): nothing to watch there.
	if ( ! editor?.getCurrentPost ) {
		return;
	}
	const count = isPublishedUpdate() ? staleNow().length : 0;
	if ( count === warned ) {
		return;
	}
	warned = count;
	if ( count > 0 ) {
		warn( count );
	} else {
		dispatch( 'core/notices' ).removeNotice( NOTICE );
	}
}
// Blocks edited, and the post published or saved.
subscribe( followStaleBlocks, 'core/block-editor' );
subscribe( followStaleBlocks, 'core/editor' );

/**
 * An Update of a published post remakes the stale blocks' audio first, then saves the content as
 * it is then. A failure does not stop the save (the text is never lost): the author is told why,
 * and the warning stays.
 */
addFilter( 'editor.preSavePost', 'circassian/regenerate-stale-audio', async ( edits, options = {} ) => {
	if ( options.isAutosave || options.isPreview || ! isPublishedUpdate( edits ) ) {
		return edits;
	}
	const stale = staleNow();
	if ( stale.length === 0 ) {
		return edits;
	}
	try {
		await regenerateBlocks( stale );
	} catch ( reason ) {
		dispatch( 'core/notices' ).createErrorNotice( describeError( reason ).message, { id: `${ NOTICE }-failed` } );
		return edits;
	}
	// The content as it is now, held as the post's edit the way savePost() holds it, so the saved
	// post is not left "dirty" by the blocks' new attributes (WordPress 6.8 kept it so).
	const content = select( 'core/editor' ).getEditedPostContent();
	dispatch( 'core/editor' ).editPost( { content }, { undoIgnore: true } );
	return { ...edits, content };
} );
