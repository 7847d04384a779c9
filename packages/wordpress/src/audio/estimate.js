/**
 * What the block says while a long job runs: the time since it started, and an estimate: the
 * time left once parts are done (from the job's progress), else the length of the audio being
 * made (from the text's length and speed).
 */
import { __, sprintf } from '@wordpress/i18n';
import { characterCount } from '@circassian/core/text';

/** Characters read aloud per second at speed 1.0: the pace of ordinary reading aloud. */
const CHARACTERS_PER_SECOND = 15;

/** 75 → "1:15"; 3725 → "1:02:05". */
export function clock( seconds ) {
	const whole = Math.max( 0, Math.floor( seconds ) );
	const hours = Math.floor( whole / 3600 );
	const minutes = Math.floor( ( whole % 3600 ) / 60 );
	const rest = String( whole % 60 ).padStart( 2, '0' );
	return hours > 0 ? `${ hours }:${ String( minutes ).padStart( 2, '0' ) }:${ rest }` : `${ minutes }:${ rest }`;
}

/** Seconds of audio a text makes at a speed, as the service reads. */
export function audioSeconds( text, speed ) {
	return characterCount( text ) / ( CHARACTERS_PER_SECOND * Math.max( 0.25, Number( speed ) || 1 ) );
}

/** A rounded duration in words: "about 40 s", "about 4 min". */
function roughly( seconds ) {
	return seconds < 60
		? sprintf( /* translators: %d: seconds. */ __( 'about %d s', 'circassian' ), Math.max( 1, Math.round( seconds ) ) )
		: sprintf( /* translators: %d: minutes. */ __( 'about %d min', 'circassian' ), Math.round( seconds / 60 ) );
}

/**
 * "0:42 elapsed · about 1 min left" or "0:42 elapsed · about 4 min of audio".
 *
 * @param {number} elapsed  Seconds since the job started.
 * @param {?Object} progress The job's last report ({ progress: 0…1 }), or null.
 * @param {string} text     The text being voiced.
 * @param {number} speed    Its speed.
 */
export function progressLine( elapsed, progress, text, speed ) {
	const done = Number( progress?.progress ) || 0;
	const estimate =
		done > 0 && done < 1
			? sprintf( /* translators: %s: a rough duration, e.g. "about 2 min". */ __( '%s left', 'circassian' ), roughly( ( elapsed * ( 1 - done ) ) / done ) )
			: sprintf( /* translators: %s: a rough duration, e.g. "about 4 min". */ __( '%s of audio', 'circassian' ), roughly( audioSeconds( text, speed ) ) );
	/* translators: 1: time since the job started (m:ss), 2: the estimate, e.g. "about 4 min of audio". */
	return sprintf( __( '%1$s elapsed · %2$s', 'circassian' ), clock( elapsed ), estimate );
}
