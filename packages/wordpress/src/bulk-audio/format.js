/**
 * Numbers, durations and times as the page shows them.
 */
import { __, sprintf } from '@wordpress/i18n';

/**
 * The user's language as WordPress gives it to the page (`<html lang="ru-RU">` for a user whose
 * profile language is Russian), not the browser's: a Russian screen groups digits the Russian way.
 */
export const USER_LOCALE = globalThis.document?.documentElement?.lang || undefined;

export const number = ( value ) => new Intl.NumberFormat( USER_LOCALE ).format( Math.round( value ) );

/** 75 -> "1 min 15 s", 4000 -> "1 h 7 min". */
export function duration( seconds ) {
	const total = Math.max( 0, Math.round( seconds ) );
	const hours = Math.floor( total / 3600 );
	const minutes = Math.floor( ( total % 3600 ) / 60 );
	if ( hours > 0 ) {
		return sprintf( /* translators: 1: hours, 2: minutes. */ __( '%1$d h %2$d min', 'circassian' ), hours, minutes );
	}
	if ( minutes > 0 ) {
		return sprintf( /* translators: 1: minutes, 2: seconds. */ __( '%1$d min %2$d s', 'circassian' ), minutes, total % 60 );
	}
	return sprintf( /* translators: %d: seconds. */ __( '%d s', 'circassian' ), total );
}

/** An ISO time as the reader's local date and time, with how long until then. */
export function resetTime( iso ) {
	const at = new Date( iso );
	const local = at.toLocaleString( USER_LOCALE, { dateStyle: 'medium', timeStyle: 'short' } );
	return sprintf( /* translators: 1: local date and time, 2: how long from now. */ __( '%1$s (in %2$s)', 'circassian' ), local, duration( ( at.getTime() - Date.now() ) / 1000 ) );
}
