/**
 * After a reload (even of a post never saved, whose blocks are gone), the audio the user started
 * is still at the site: it registered the job when Generate was pressed. This offers each one
 * whose block is not in the editor: "Insert it here" brings the block back with its text and the
 * job, which goes on (or delivers its finished audio) as if nothing had happened.
 */
import { __, sprintf } from '@wordpress/i18n';
import apiFetch from '@wordpress/api-fetch';
import { createBlock } from '@wordpress/blocks';
import { dispatch, select } from '@wordpress/data';
import { useEffect } from '@wordpress/element';
import { registerPlugin } from '@wordpress/plugins';
import { NAMESPACE } from './api.js';
import { audioBlocks } from './block-identity.js';

const SETTINGS = window.circassianEditor ?? {};

/** A job belongs here when it was made for this post, or for a post that was never saved. */
function belongsHere( job, postId ) {
	return job.post_id === postId || job.post_id === 0 || job.post_status === 'auto-draft' || job.post_status === '';
}

function insertJob( job ) {
	const { text, language, voice, speed, instruct } = job.request;
	const block = createBlock( 'circassian/audio', { text, language, voice, speed, instruct, jobId: job.id, blockId: job.block || undefined } );
	dispatch( 'core/block-editor' ).insertBlocks( [ block ] );
	dispatch( 'core/notices' ).removeNotice( `circassian-job-${ job.id }` );
}

function offer( job ) {
	const words = job.request.text.length > 60 ? job.request.text.slice( 0, 60 ) + '…' : job.request.text;
	const message =
		job.status === 'running'
			? sprintf( /* translators: %s: the first words of the text. */ __( 'Audio you started is still being made: “%s”. Insert its block here to follow it.', 'circassian' ), words )
			: sprintf( /* translators: %s: the first words of the text. */ __( 'Audio you started has finished: “%s”. Insert its block here to keep it.', 'circassian' ), words );
	dispatch( 'core/notices' ).createNotice( 'info', message, {
		id: `circassian-job-${ job.id }`,
		isDismissible: true,
		actions: [ { label: __( 'Insert it here', 'circassian' ), onClick: () => insertJob( job ) } ],
	} );
}

function ResumeJobs() {
	useEffect( () => {
		if ( SETTINGS.canSpend === false ) {
			return;
		}
		let cancelled = false;
		apiFetch( { path: `${ NAMESPACE }/speech/jobs` } ).then(
			( jobs ) => {
				if ( cancelled || ! Array.isArray( jobs ) ) {
					return;
				}
				const postId = Number( select( 'core/editor' )?.getCurrentPostId?.() ) || 0;
				const present = new Set( audioBlocks().flatMap( ( block ) => [ block.attributes.blockId, block.attributes.jobId ] ).filter( Boolean ) );
				jobs.filter( ( job ) => job.status !== 'failed' && belongsHere( job, postId ) && ! present.has( job.block ) && ! present.has( job.id ) ).forEach( offer );
			},
			() => undefined
		);
		return () => {
			cancelled = true;
		};
	}, [] );
	return null;
}

registerPlugin( 'circassian-resume-jobs', { render: ResumeJobs } );
