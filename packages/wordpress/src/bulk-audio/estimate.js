/**
 * What a run over the listed posts costs, beside what the key has left today: shown before
 * Start, so nobody spends a day's allowance by surprise.
 */
import { __, _n, sprintf } from '@wordpress/i18n';
import { Notice } from '@wordpress/components';
import { duration, number, resetTime } from './format.js';

/** One daily allowance: the limit, what today's use leaves, and what the run needs of it. */
function AllowanceLine( { label, limit, used, needed, format } ) {
	if ( limit === undefined ) {
		return null;
	}
	const left = used === undefined ? undefined : Math.max( 0, limit - used );
	// The name starts the line here ("Seconds of audio per day: …"); elsewhere it is mid-sentence.
	const name = label.charAt( 0 ).toUpperCase() + label.slice( 1 );
	return (
		<li className={ left !== undefined && needed > left ? 'circassian-bulk__over' : undefined }>
			{ used === undefined
				? sprintf( /* translators: 1: allowance name, 2: the limit, 3: what the run needs. */ __( '%1$s: %2$s; this run needs about %3$s.', 'circassian' ), name, format( limit ), format( needed ) )
				: sprintf(
						/* translators: 1: allowance name, 2: used today, 3: the limit, 4: what the run needs, 5: what is left. */
						__( '%1$s: %2$s of %3$s used today; this run needs about %4$s of the %5$s left.', 'circassian' ),
						name,
						format( used ),
						format( limit ),
						format( needed ),
						format( left )
				  ) }
		</li>
	);
}

export default function Estimate( { estimate, allowance, allowanceError } ) {
	if ( estimate.posts === 0 ) {
		return null;
	}
	const limits = allowance?.limits ?? {};
	const usage = allowance?.usage ?? {};
	const labels = allowance?.labels ?? {};
	const secondsLeft = usage.speech_seconds === undefined ? undefined : limits.speech_seconds_per_day - usage.speech_seconds;
	const requestsLeft = usage.requests === undefined ? undefined : limits.requests_per_day - usage.requests;
	const over = ( secondsLeft !== undefined && estimate.seconds > secondsLeft ) || ( requestsLeft !== undefined && estimate.requests > requestsLeft );
	const perMinute = limits.requests_per_minute;
	return (
		<div className="circassian-bulk__estimate" aria-label={ __( 'Estimate', 'circassian' ) } role="region">
			<h2>{ __( 'Estimate', 'circassian' ) }</h2>
			<p>
				{ sprintf(
					/* translators: 1: number of posts, 2: characters, 3: duration of audio, 4: requests. */
					_n(
						'%1$s post, %2$s characters: about %3$s of audio, at least %4$s requests.',
						'%1$s posts, %2$s characters: about %3$s of audio, at least %4$s requests.',
						estimate.posts,
						'circassian'
					),
					number( estimate.posts ),
					number( estimate.characters ),
					duration( estimate.seconds ),
					number( estimate.requests )
				) }{ ' ' }
				{ __( 'The audio’s length is estimated at the pace of reading aloud and the post’s speed; the service counts the audio it makes.', 'circassian' ) }
			</p>
			{ allowance ? (
				<ul className="circassian-bulk__allowances">
					<AllowanceLine label={ labels.speech_seconds_per_day } limit={ limits.speech_seconds_per_day } used={ usage.speech_seconds } needed={ estimate.seconds } format={ duration } />
					<AllowanceLine label={ labels.requests_per_day } limit={ limits.requests_per_day } used={ usage.requests } needed={ estimate.requests } format={ number } />
					{ perMinute && estimate.requests > perMinute ? (
						<li>
							{ sprintf(
								/* translators: 1: requests per minute, 2: the shortest time the run can take. */
								__( 'Paced to the key’s %1$s requests per minute: at least %2$s.', 'circassian' ),
								number( perMinute ),
								duration( Math.max( 0, Math.ceil( estimate.requests / perMinute ) - 1 ) * 60 )
							) }
						</li>
					) : null }
				</ul>
			) : (
				<Notice status="warning" isDismissible={ false }>
					{ sprintf( /* translators: %s: why. */ __( 'The key’s limits could not be read: %s', 'circassian' ), allowanceError ?? '' ) }
				</Notice>
			) }
			{ over && (
				<Notice status="warning" isDismissible={ false }>
					{ sprintf(
						/* translators: %s: when the daily limits reset. */
						__( 'That is more than the key has left today. The run pauses when an allowance runs out and says which; resume it after the reset, %s.', 'circassian' ),
						resetTime( allowance.resets_at )
					) }
				</Notice>
			) }
		</div>
	);
}
