/**
 * What the editor says for each error the site's routes pass on (keyed by the service
 * interface's `error.type`): what happened and what to do about it.
 */
import { __, sprintf } from '@wordpress/i18n';
import { SERVICE_ADVICE } from './service-advice.js';

/**
 * The site's own refusals (Service_Error::SITE_TYPES in the PHP): they already say what happened
 * and what to do, with the numbers, so the route's sentence is shown as it is.
 */
const SITE_REFUSALS = {
	not_allowed: __( 'Your role may not translate or make audio on this site.', 'circassian' ),
	request_too_long: __( 'This is more text than one request may send on this site. Split it into smaller parts.', 'circassian' ),
	daily_cap: __( 'You have used your characters for today on this site. Try again tomorrow, or ask an administrator.', 'circassian' ),
};

/** The service's error types and a client's own (shared/service.json, generated), then WordPress's and the site's. */
const ADVICE = {
	...SERVICE_ADVICE,
	rest_forbidden: __( 'Your account may not do this. Ask an editor or administrator.', 'circassian' ),
	...SITE_REFUSALS,
};

/**
 * @param {any} error What apiFetch rejected with.
 * @return {{type: string, message: string}} The type, and the sentence to show.
 */
export function describeError( error ) {
	const type = error?.data?.type || ( error?.code === 'rest_forbidden' ? 'rest_forbidden' : error?.code ) || 'unknown';
	const advice = ADVICE[ type ] || __( 'Something went wrong. Try again.', 'circassian' );
	const detail = typeof error?.message === 'string' ? error.message : '';
	// The site's own refusals already say what happened and what to do, with the numbers.
	if ( Object.hasOwn( SITE_REFUSALS, type ) && detail ) {
		return { type, message: detail };
	}
	return {
		type,
		message: detail && ! advice.includes( detail ) ? sprintf( '%1$s (%2$s)', advice, detail ) : advice,
	};
}
