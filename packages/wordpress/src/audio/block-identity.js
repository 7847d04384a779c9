/**
 * Each audio block's own id (`blockId`), kept in its attributes so the site can tell which block
 * an attachment was made for. A duplicated, copied or pasted block arrives with the original's
 * id: the later one in the post takes a new id, so regenerating it never replaces the
 * original's audio.
 */
import { select } from '@wordpress/data';

export function newBlockId() {
	if ( globalThis.crypto?.randomUUID ) {
		return globalThis.crypto.randomUUID();
	}
	return 'b-' + Date.now().toString( 36 ) + '-' + Math.random().toString( 36 ).slice( 2, 12 );
}

/** Every audio block of the post, in document order. */
export function audioBlocks( blocks = select( 'core/block-editor' ).getBlocks(), found = [] ) {
	for ( const block of blocks ) {
		if ( block.name === 'circassian/audio' ) {
			found.push( block );
		}
		audioBlocks( block.innerBlocks ?? [], found );
	}
	return found;
}

/** Whether this block must take a new id: it has none, or an earlier block has the same. */
export function needsNewId( clientId, blockId ) {
	if ( ! blockId ) {
		return true;
	}
	const first = audioBlocks().find( ( block ) => block.attributes.blockId === blockId );
	return !! first && first.clientId !== clientId;
}

/** Whether another audio block of the post plays this attachment (then it must not be replaced). */
export function sharedAttachment( clientId, attachmentId ) {
	return !! attachmentId && audioBlocks().some( ( block ) => block.clientId !== clientId && block.attributes.attachmentId === attachmentId );
}
