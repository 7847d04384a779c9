/**
 * What the editor says of each error type of the service and of a client (errorAdvice): what
 * happened and what to do.
 * Generated from shared/service.json by `pnpm sync-shared` (scripts/shared-render.ts): do not
 * edit it; edit the shared file and run that.
 */
import { __ } from '@wordpress/i18n';

export const SERVICE_ADVICE = {
	unauthorized: __( 'The service refused the site’s API key. Ask an administrator to check it in Settings > Circassian.', 'circassian' ),
	invalid_request: __( 'The service cannot voice this as it is. Check the language, voice, speed and text length, then try again.', 'circassian' ),
	rate_limited: __( 'Too many requests this minute. Wait a minute, then try again.', 'circassian' ),
	quota_exceeded: __( 'The site’s daily allowance is spent. Trying again before it resets will not help.', 'circassian' ),
	queue_timeout: __( 'The speech model is busy. Try again in a few seconds.', 'circassian' ),
	upstream_unavailable: __( 'The speech model is down for the moment. Try again in a few minutes.', 'circassian' ),
	upstream_error: __( 'The service failed to make this. Try once more; if it fails again, report it to the site’s administrator.', 'circassian' ),
	not_found: __( 'The audio expired before the site fetched it. Generate it again.', 'circassian' ),
	internal_error: __( 'The service had an internal error. Try again later.', 'circassian' ),
	connection_error: __( 'The site could not reach the Circassian service. Try again later, or ask an administrator to check the service address.', 'circassian' ),
	timeout: __( 'The service took too long to answer. Try again later.', 'circassian' ),
	aborted: __( 'The request was stopped before it finished. Try again.', 'circassian' ),
	job_failed: __( 'The service could not finish this audio. Generate it again; your text is kept.', 'circassian' ),
	response_too_large: __( 'The service sent more than this site accepts. Try a shorter text.', 'circassian' ),
	invalid_response: __( 'The service sent something that is not audio this site can store, so nothing was saved. Try again; if it happens again, tell the site’s administrator.', 'circassian' ),
	not_configured: __( 'The plugin has no API key yet. An administrator sets it in Settings > Circassian.', 'circassian' ),
	unknown: __( 'The service answered with an error this site does not know. Try again later.', 'circassian' ),
};
