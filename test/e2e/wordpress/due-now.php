<?php
/**
 * WordPress's clock reaches a post's audio retry: its WP-Cron event (waiting for an allowance to
 * reset) is moved to now, so the next WP-Cron run does what that time would. Prints when the
 * event was due (a Unix time, 0 when none was scheduled).
 * Usage, in the site's folder: php due-now.php SITE_URL POST_ID
 *
 * @package Circassian
 */

require __DIR__ . '/load-site.php';

$circassian_args = array( (int) ( $argv[2] ?? 0 ) );
$circassian_due  = wp_next_scheduled( 'circassian_make_post_audio', $circassian_args );
if ( false !== $circassian_due ) {
	wp_unschedule_event( $circassian_due, 'circassian_make_post_audio', $circassian_args );
	wp_schedule_single_event( time(), 'circassian_make_post_audio', $circassian_args );
}
echo (int) $circassian_due, "\n";
