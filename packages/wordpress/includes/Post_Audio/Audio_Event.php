<?php
/**
 * The WP-Cron event that voices a post (its hook; Scheduler schedules it on publish and update and
 * answers it), and its retry once a spent daily allowance resets. A leaf of post audio: the classes
 * that read where a post's audio stands (Audio_State) or voice it (Voicing) name the event through
 * it, not through Scheduler, which calls them.
 *
 * @package Circassian
 */

namespace Circassian\Post_Audio;

use Circassian\Service;

defined( 'ABSPATH' ) || exit;

final class Audio_Event {

	public const CRON_HOOK = 'circassian_make_post_audio';

	/**
	 * A spent daily allowance (the key's at the service, or the author's on this site): the post is
	 * voiced again by itself when it resets, at the service's reset time, else the next midnight UTC.
	 * Returns when, or null for a failure no waiting mends.
	 */
	public static function retry_at_reset( \WP_Error $error, int $post_id ): ?int {
		$type = Service\Service_Error::type_of( $error );
		if ( 'quota_exceeded' !== $type && 'daily_cap' !== $type ) {
			return null;
		}
		$reset = strtotime( 'quota_exceeded' === $type ? Service\Key_Allowance::spent_by_speech( $error )['resets_at'] : Service\Key_Allowance::next_utc_midnight() );
		$at    = max( time() + MINUTE_IN_SECONDS, false === $reset ? 0 : $reset );
		wp_clear_scheduled_hook( self::CRON_HOOK, array( $post_id ) );
		wp_schedule_single_event( $at, self::CRON_HOOK, array( $post_id ) );
		return $at;
	}

	/** No event left to voice the post. */
	public static function clear( int $post_id ): void {
		wp_clear_scheduled_hook( self::CRON_HOOK, array( $post_id ) );
	}
}
