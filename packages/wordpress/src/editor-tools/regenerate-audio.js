/**
 * Remakes the audio of audio blocks from the pre-publish check or the update notice: each block
 * through the site's speech route, as its own "Regenerate audio" button does (a long text is a
 * job, polled every 2 s), and the block takes the new audio when it is in.
 */
import { dispatch, select } from '@wordpress/data';
import { pollSpeech, POLL_MS, startSpeech } from '../audio/api.js';
import { attachmentAttributes } from '../audio/attachment-attributes.js';
import { sharedAttachment } from '../audio/block-identity.js';
import { blockRequest } from './stale-audio.js';

const wait = ( ms ) => new Promise( ( resolve ) => setTimeout( resolve, ms ) );

async function regenerateBlock( block ) {
	const { attributes, clientId } = block;
	let result = await startSpeech( {
		...blockRequest( attributes ),
		post_id: Number( select( 'core/editor' ).getCurrentPostId() ) || 0,
		block_id: attributes.blockId || '',
		// Audio another block plays is never replaced.
		replace_id: sharedAttachment( clientId, attributes.attachmentId ) ? 0 : attributes.attachmentId || 0,
	} );
	while ( result.status !== 'done' ) {
		await wait( POLL_MS );
		result = await pollSpeech( result.job );
	}
	dispatch( 'core/block-editor' ).updateBlockAttributes( clientId, attachmentAttributes( result.attachment ) );
}

/** Regenerates the blocks one after another; stops at the first failure (its error is thrown). */
export async function regenerateBlocks( blocks, onProgress = () => {} ) {
	for ( const [ index, block ] of blocks.entries() ) {
		onProgress( index );
		await regenerateBlock( block );
	}
	onProgress( blocks.length );
}
