/**
 * What the editor says for each error the site's routes pass on (keyed by the service
 * interface's `error.type`): what happened and what to do about it.
 */
import { __, sprintf } from '@wordpress/i18n';

const ADVICE = {
	unauthorized: __( 'The service refused the site’s API key. Ask an administrator to check it in Settings > Circassian.', 'circassian' ),
	invalid_request: __( 'The service cannot voice this as it is. Check the language, voice, speed and text length, then try again.', 'circassian' ),
	rate_limited: __( 'Too many requests this minute. Wait a minute, then try again.', 'circassian' ),
	quota_exceeded: __( 'The site’s daily allowance is spent. Trying again before it resets will not help.', 'circassian' ),
	queue_timeout: __( 'The speech model is busy. Try again in a few seconds.', 'circassian' ),
	upstream_unavailable: __( 'The speech model is down for the moment. Try again in a few minutes.', 'circassian' ),
	upstream_error: __( 'The service failed to make this. Try once more; if it fails again, report it to the site’s administrator.', 'circassian' ),
	not_found: __( 'The audio expired before the site fetched it. Generate it again.', 'circassian' ),
	internal_error: __( 'The service had an internal error. Try again later.', 'circassian' ),
	job_failed: __( 'The service could not finish this audio. Generate it again; your text is kept.', 'circassian' ),
	invalid_response: __( 'The service sent something that is not audio this site can store, so nothing was saved. Try again; if it happens again, tell the site’s administrator.', 'circassian' ),
	timeout: __( 'The service took too long to answer. Try again later.', 'circassian' ),
	aborted: __( 'The request was stopped before it finished. Try again.', 'circassian' ),
	response_too_large: __( 'The service sent more than this site accepts. Try a shorter text.', 'circassian' ),
	unknown: __( 'The service answered with an error this site does not know. Try again later.', 'circassian' ),
	connection_error: __( 'The site could not reach the Circassian service. Try again later, or ask an administrator to check the service address.', 'circassian' ),
	not_configured: __( 'The plugin has no API key yet. An administrator sets it in Settings > Circassian.', 'circassian' ),
	rest_forbidden: __( 'Your account may not do this. Ask an editor or administrator.', 'circassian' ),
	not_allowed: __( 'Your role may not translate or make audio on this site.', 'circassian' ),
	request_too_long: __( 'This is more text than one request may send on this site. Split it into smaller parts.', 'circassian' ),
	daily_cap: __( 'You have used your characters for today on this site. Try again tomorrow, or ask an administrator.', 'circassian' ),
};

const SITE_REFUSALS = [ 'not_allowed', 'request_too_long', 'daily_cap' ];

/**
 * @param {any} error What apiFetch rejected with.
 * @return {{type: string, message: string}} The type, and the sentence to show.
 */
export function describeError( error ) {
	const type = error?.data?.type || ( error?.code === 'rest_forbidden' ? 'rest_forbidden' : error?.code ) || 'unknown';
	const advice = ADVICE[ type ] || __( 'Something went wrong. Try again.', 'circassian' );
	const detail = typeof error?.message === 'string' ? error.message : '';
	// The site's own refusals already say what happened and what to do, with the numbers.
	if ( SITE_REFUSALS.includes( type ) && detail ) {
		return { type, message: detail };
	}
	return {
		type,
		message: detail && ! advice.includes( detail ) ? sprintf( '%1$s (%2$s)', advice, detail ) : advice,
	};
}
