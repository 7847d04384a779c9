/**
 * The run as the site reports it: progress, the post being voiced, why it is paused, the buttons
 * that steer it, and the posts that failed with the reason in words.
 */
import { __, sprintf } from '@wordpress/i18n';
import { Button, Notice, ProgressBar } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { duration, number, resetTime, USER_LOCALE } from './format.js';

const HEADINGS = {
	running: __( 'Generating audio…', 'circassian' ),
	paused: __( 'Paused', 'circassian' ),
	done: __( 'Finished', 'circassian' ),
	cancelled: __( 'Cancelled', 'circassian' ),
};

function PauseNotice( { pause } ) {
	if ( pause.by === 'quota' ) {
		const used =
			pause.used !== null && pause.used !== undefined && pause.limit
				? ' ' +
				  sprintf(
						/* translators: 1: used today, 2: the limit. */ __( '(%1$s of %2$s used.)', 'circassian' ),
						pause.allowance === 'speech_seconds_per_day' ? duration( pause.used ) : number( pause.used ),
						pause.allowance === 'speech_seconds_per_day' ? duration( pause.limit ) : number( pause.limit )
				  )
				: '';
		return (
			<Notice status="warning" isDismissible={ false } className="circassian-bulk__pause">
				<p>
					{ sprintf(
						/* translators: 1: the allowance, e.g. "seconds of audio per day", 2: when it resets. */
						__( 'Paused: the key’s allowance of %1$s is spent. It resets %2$s. Resume then, or once the service’s owner raises it.', 'circassian' ),
						pause.label,
						resetTime( pause.resets_at )
					) }
					{ used }
				</p>
				<p>{ sprintf( /* translators: %s: the service's message. */ __( 'The service said: %s', 'circassian' ), pause.message ) }</p>
			</Notice>
		);
	}
	if ( pause.by === 'service' ) {
		return (
			<Notice status="error" isDismissible={ false } className="circassian-bulk__pause">
				{ sprintf( /* translators: %s: what went wrong. */ __( 'Paused: %s Put it right, then resume.', 'circassian' ), pause.message ) }
			</Notice>
		);
	}
	return (
		<Notice status="info" isDismissible={ false } className="circassian-bulk__pause">
			{ __( 'Paused. Resume goes on with the next post.', 'circassian' ) }
		</Notice>
	);
}

export default function RunProgress( { run, busy, onControl } ) {
	// Cancel asks first: a cancelled run cannot be resumed.
	const [ confirming, setConfirming ] = useState( false );
	const handled = run.made + run.skipped + run.failed;
	const active = run.status === 'running' || run.status === 'paused';
	return (
		<div className="circassian-bulk__run" role="region" aria-label={ __( 'Bulk run', 'circassian' ) }>
			<h2>{ HEADINGS[ run.status ] ?? run.status }</h2>
			<div className="circassian-bulk__bar">
				<ProgressBar value={ run.total ? Math.round( ( handled / run.total ) * 100 ) : 0 } />
			</div>
			<p className="circassian-bulk__counts" role="status">
				{ sprintf(
					/* translators: 1: posts handled, 2: all posts, 3: made, 4: skipped, 5: failed. */
					__( '%1$s of %2$s posts: %3$s made, %4$s skipped (audio already current), %5$s failed.', 'circassian' ),
					number( handled ),
					number( run.total ),
					number( run.made ),
					number( run.skipped ),
					number( run.failed )
				) }
				{ run.current ? ' ' + sprintf( /* translators: %s: post title. */ __( 'Now: %s', 'circassian' ), run.current.title ) : '' }
			</p>
			{ run.status === 'running' && (
				<p>{ __( 'The site makes the audio in the background: you may close this page, and the run goes on.', 'circassian' ) }</p>
			) }
			{ run.status === 'paused' && run.pause && <PauseNotice pause={ run.pause } /> }
			{ run.revived && (
				<Notice status="warning" isDismissible={ false } className="circassian-bulk__revived">
					{ sprintf(
						/* translators: %s: local date and time. */
						__(
							'This run had stopped moving: its next step was missing from WP-Cron’s schedule (two requests wrote the schedule at once). The site picked it up again on %s; nothing needs doing.',
							'circassian'
						),
						new Date( run.revived ).toLocaleString( USER_LOCALE, { dateStyle: 'medium', timeStyle: 'short' } )
					) }
				</Notice>
			) }
			{ active && (
				<div className="circassian-bulk__buttons">
					{ run.status === 'running' ? (
						<Button variant="secondary" onClick={ () => onControl( 'pause' ) } disabled={ busy }>
							{ __( 'Pause', 'circassian' ) }
						</Button>
					) : (
						<Button variant="primary" onClick={ () => onControl( 'resume' ) } disabled={ busy }>
							{ __( 'Resume', 'circassian' ) }
						</Button>
					) }
					<Button variant="tertiary" isDestructive onClick={ () => setConfirming( true ) } disabled={ busy || confirming }>
						{ __( 'Cancel the run', 'circassian' ) }
					</Button>
				</div>
			) }
			{ active && confirming && (
				<Notice status="warning" isDismissible={ false } className="circassian-bulk__confirm-cancel">
					<p>{ __( 'Cancel the run? It cannot be resumed: the posts not voiced yet stay without new audio, and the audio made so far stays.', 'circassian' ) }</p>
					<Button
						variant="primary"
						isDestructive
						disabled={ busy }
						onClick={ () => {
							setConfirming( false );
							onControl( 'cancel' );
						} }
					>
						{ __( 'Yes, cancel the run', 'circassian' ) }
					</Button>{ ' ' }
					<Button variant="secondary" onClick={ () => setConfirming( false ) }>
						{ __( 'Keep it going', 'circassian' ) }
					</Button>
				</Notice>
			) }
			{ run.errors.length > 0 && (
				<table className="widefat striped circassian-bulk__errors">
					<caption>{ __( 'Posts that failed', 'circassian' ) }</caption>
					<thead>
						<tr>
							<th scope="col">{ __( 'Post', 'circassian' ) }</th>
							<th scope="col">{ __( 'Error', 'circassian' ) }</th>
						</tr>
					</thead>
					<tbody>
						{ run.errors.map( ( error, index ) => (
							<tr key={ `${ error.post_id }-${ index }` }>
								<td>{ error.edit_link ? <a href={ error.edit_link }>{ error.title || `#${ error.post_id }` }</a> : error.title }</td>
								<td>{ error.message }</td>
							</tr>
						) ) }
					</tbody>
				</table>
			) }
		</div>
	);
}
