/**
 * Where the post's audio stands, in the Post audio panel: ready, being made, not made yet, or why
 * the last voicing made none, in plain words (the service's own message is never shown: a type is
 * said the plugin's way, errorAdvice), when the site tries again by itself, whether visitors hear
 * the earlier audio meanwhile, and Try again.
 */
import apiFetch from '@wordpress/api-fetch';
import { __, sprintf } from '@wordpress/i18n';
import { Button, Notice } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { SERVICE_ADVICE } from '../audio/service-advice.js';
import { resetTime } from '../bulk-audio/format.js';

/** The allowances that reset at a time of day (the key's at the service, the payer's on this site). */
const ALLOWANCE_SPENT = [ 'quota_exceeded', 'daily_cap' ];

/**
 * Why no audio was made and what happens next. A retry the site has scheduled is said with its
 * time; otherwise the site's own refusal as the site words it, else the advice for the type.
 *
 * @param {{type: string, message: ?string, retryAt: ?string}} failure
 * @return {string} One or two sentences.
 */
export function failureWords( { type, message, retryAt } ) {
	if ( retryAt && ALLOWANCE_SPENT.includes( type ) ) {
		return sprintf(
			/* translators: %s: a date and time, with how long from now. */
			__( 'The daily allowance for audio is spent, so the new audio waits. The site makes it by itself when the allowance resets: %s.', 'circassian' ),
			resetTime( retryAt )
		);
	}
	if ( retryAt ) {
		return sprintf(
			/* translators: %s: a date and time, with how long from now. */
			__( 'The speech service was unavailable for a moment, so the new audio is not made yet. The site tries again by itself: %s.', 'circassian' ),
			resetTime( retryAt )
		);
	}
	return message || SERVICE_ADVICE[ type ] || SERVICE_ADVICE.unknown;
}

/** What a private or password-protected post's panels say: it is not read aloud, so nothing is quoted. */
export const RESTRICTED = () => __( 'Private and password-protected posts are not read aloud: the site makes no audio for this post, and nothing is spent.', 'circassian' );

/** Audio not made yet, nor failed: when it will be, as the site will do it (an editor publishes a Contributor's post). */
function notYetMade( status ) {
	if ( status.state === 'stale' ) {
		return __( 'The post’s audio is of an earlier text: the site makes it anew once the post is published or updated.', 'circassian' );
	}
	if ( status.payer === 'editor' ) {
		return __( 'The post has no audio yet: the site makes it when an editor publishes the post, from the editor’s characters for the day.', 'circassian' );
	}
	return __( 'The post has no audio yet: the site makes it once the post is published.', 'circassian' );
}

/** Try again's refusal, said as the panel says a failed voicing: the site's own refusals in its words. */
function refusalOf( error ) {
	const type = error?.data?.type || error?.code || 'unknown';
	return { type, message: Object.hasOwn( SERVICE_ADVICE, type ) ? null : error?.message, retryAt: null };
}

export function AudioStatus( { status, postId, onChange } ) {
	const [ trying, setTrying ] = useState( false );
	const [ refused, setRefused ] = useState( null );
	if ( status?.restricted ) {
		return <p className="circassian-post-audio-panel__status" data-state="restricted">{ RESTRICTED() }</p>;
	}
	if ( ! status || status.state === 'empty' ) {
		return null;
	}
	const tryAgain = () => {
		setTrying( true );
		setRefused( null );
		apiFetch( { path: `/circassian/v1/post-audio/${ postId }/generate`, method: 'POST' } )
			.catch( ( error ) => setRefused( refusalOf( error ) ) )
			.finally( () => {
				setTrying( false );
				onChange();
			} );
	};
	if ( status.state === 'current' ) {
		return <p className="circassian-post-audio-panel__status" data-state="ready">{ __( 'The post’s audio is ready.', 'circassian' ) }</p>;
	}
	if ( status.state === 'pending' ) {
		return <p className="circassian-post-audio-panel__status" data-state="making">{ __( 'The post’s audio is being made.', 'circassian' ) }</p>;
	}
	const failed = status.error_type ? { type: status.error_type, message: status.error, retryAt: status.retry_at } : null;
	// A refused Try now leaves the retry the site scheduled: the panel keeps saying when it comes.
	const failure = ( refused && ! failed?.retryAt ? refused : failed ) ?? refused;
	if ( ! failure ) {
		return (
			<p className="circassian-post-audio-panel__status" data-state={ status.state }>
				{ notYetMade( status ) }
			</p>
		);
	}
	return (
		<div className="circassian-post-audio-panel__status" data-state={ failure.retryAt ? 'retrying' : 'failed' }>
			<Notice status="warning" isDismissible={ false }>
				<p className="circassian-post-audio-panel__error">{ sprintf( /* translators: %s: why, and what happens next. */ __( 'No new audio yet. %s', 'circassian' ), failureWords( failure ) ) }</p>
				{ status.has_audio && <p className="circassian-post-audio-panel__meanwhile">{ __( 'Visitors hear the earlier audio meanwhile.', 'circassian' ) }</p> }
				<Button variant="secondary" isBusy={ trying } disabled={ trying } onClick={ tryAgain }>
					{ failure.retryAt ? __( 'Try now', 'circassian' ) : __( 'Try again', 'circassian' ) }
				</Button>
			</Notice>
		</div>
	);
}
