/**
 * An audio block's attributes once the site has stored its audio: the player's file, the
 * attachment, its length and the hash of what it was made from (no job left, no audio missing).
 *
 * @param {{id: number, url: string, duration: number, hash: string}} attachment What the speech route answered.
 */
export function attachmentAttributes( attachment ) {
	return {
		src: attachment.url,
		attachmentId: attachment.id,
		duration: attachment.duration,
		sourceHash: attachment.hash,
		jobId: undefined,
		needsAudio: false,
	};
}
