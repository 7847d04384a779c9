<?php
/**
 * The WP-Cron event that voices a post (its hook; Scheduler schedules it on publish and update and
 * answers it), and when it comes back after a voicing that made no audio: passing trouble (the
 * service down, busy, rate-limited, a timeout: backgroundWork `retry`) on a backoff, a spent daily
 * allowance at its reset (`pause_until_reset`). A leaf of post audio: the classes that read where a
 * post's audio stands (Audio_State) or voice it (Voicing) name the event through it, not through
 * Scheduler, which calls them.
 *
 * @package Circassian
 */

namespace Circassian\Post_Audio;

use Circassian\Service;

defined( 'ABSPATH' ) || exit;

final class Audio_Event {

	public const CRON_HOOK = 'circassian_make_post_audio';
	/** The wait after the first failure; each next one doubles, up to RETRY_MAX_SECONDS. */
	public const RETRY_FIRST_SECONDS = MINUTE_IN_SECONDS;
	/** An outage of hours is retried hourly, not every few seconds (a cron event is a page load's work). */
	public const RETRY_MAX_SECONDS = HOUR_IN_SECONDS;
	/** Trouble that lasts longer than this is not passing: the site stops and the editor's Try again is asked for. */
	public const RETRY_GIVE_UP_SECONDS = DAY_IN_SECONDS;

	/** The wait before try number $attempt + 1, after $attempt failures in a row (1, 2, 4 … minutes, then hourly). */
	public static function backoff_seconds( int $attempt ): int {
		return (int) min( self::RETRY_MAX_SECONDS, self::RETRY_FIRST_SECONDS * 2 ** min( 12, max( 0, $attempt - 1 ) ) );
	}

	/**
	 * A voicing that made no audio: the post is voiced again by itself when waiting can mend it.
	 * Passing trouble after the backoff (a rate_limited answer's Retry-After if longer), unless it
	 * has lasted RETRY_GIVE_UP_SECONDS; a spent daily allowance (the key's at the service, or the
	 * publisher's on this site) at its reset, the service's reset time, else the next midnight UTC.
	 * Returns when, or null for a failure no waiting mends.
	 *
	 * @param int $attempt       Failures in a row, this one included.
	 * @param int $failing_since When the first of them happened.
	 */
	public static function retry_later( \WP_Error $error, int $post_id, int $attempt, int $failing_since ): ?int {
		$type = Service\Service_Error::type_of( $error );
		if ( Service\Error_Policy::is_passing( $type ) ) {
			if ( time() - $failing_since >= self::RETRY_GIVE_UP_SECONDS ) {
				return null;
			}
			$after = (int) ( ( (array) $error->get_error_data() )['retry_after'] ?? 0 );
			return self::schedule( $post_id, time() + max( self::backoff_seconds( $attempt ), $after ) );
		}
		if ( 'quota_exceeded' !== $type && 'daily_cap' !== $type ) {
			return null;
		}
		$reset = strtotime( 'quota_exceeded' === $type ? Service\Key_Allowance::spent_by_speech( $error )['resets_at'] : Service\Key_Allowance::next_utc_midnight() );
		return self::schedule( $post_id, max( time() + MINUTE_IN_SECONDS, false === $reset ? 0 : $reset ) );
	}

	/** No event left to voice the post. */
	public static function clear( int $post_id ): void {
		wp_clear_scheduled_hook( self::CRON_HOOK, array( $post_id ) );
	}

	private static function schedule( int $post_id, int $at ): int {
		self::clear( $post_id );
		wp_schedule_single_event( $at, self::CRON_HOOK, array( $post_id ) );
		return $at;
	}
}
