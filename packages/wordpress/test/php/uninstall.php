<?php
/**
 * Runs uninstall.php inside the test site after leaving every kind of trace the plugin makes,
 * then prints what is left as JSON (run last: it removes the plugin's settings).
 */
use Circassian\Memory;

define( 'WP_USE_THEMES', false );
$_SERVER['HTTP_HOST']   = '127.0.0.1';
$_SERVER['REQUEST_URI'] = '/';
require getcwd() . '/wp-load.php';

set_transient( 'circassian_listing_test', array( 'voices' => array() ), HOUR_IN_SECONDS );
// A long job mid-way: one part kept (listed in its record), one being fetched (not yet listed).
$circassian_parts = array( get_temp_dir() . 'circassian-00000000-0000-4000-8000-000000000001-0-abc123.tmp', get_temp_dir() . 'circassian-00000000-0000-4000-8000-000000000001-1-def456.tmp' );
foreach ( $circassian_parts as $circassian_part ) {
	file_put_contents( $circassian_part, 'RIFF' ); // phpcs:ignore WordPress.WP.AlternativeFunctions
}
add_option(
	'circassian_job_00000000-0000-4000-8000-000000000001',
	array(
		'id'     => '00000000-0000-4000-8000-000000000001',
		'status' => 'running',
		'files'  => array( $circassian_parts[0] ),
	),
	'',
	false
);
add_option( 'circassian_job_00000000-0000-4000-8000-000000000001_lock', time(), '', false );
update_option( 'circassian_access', array( 'capability' => 'edit_posts' ) );
update_option( 'circassian_podcast', array( 'email' => 'podcast@example.test' ) );
// A user's characters of the day, as the spending gate counts them.
add_option( 'circassian_chars_1_' . gmdate( 'Y-m-d' ), '5', '', false );
update_user_meta(
	1,
	'circassian_usage',
	array(
		'day'   => gmdate( 'Y-m-d' ),
		'chars' => 5,
	)
);
wp_schedule_single_event( time() + 60, 'circassian_advance_speech_job', array( '00000000-0000-4000-8000-000000000001' ) );
wp_schedule_event( time() + 60, 'daily', 'circassian_clean_speech_jobs' );
// A bulk run paused mid-way, its locks, the pace of requests and the key's limits.
update_option(
	'circassian_bulk_run',
	array(
		'id'     => 'x',
		'status' => 'paused',
	),
	false
);
add_option( 'circassian_bulk_run_lock', time(), '', false );
add_option( 'circassian_bulk_worker', time(), '', false );
update_option( 'circassian_request_log', array( microtime( true ) ), false );
set_transient( 'circassian_key_limits', array( 'requests_per_minute' => 60 ), HOUR_IN_SECONDS );
wp_schedule_single_event( time() + 60, 'circassian_bulk_audio_step' );
// The translation memory's table, with a unit in it.
Memory\Memory_Store::store(
	array(
		array(
			'source_lang' => 'ru',
			'target_lang' => 'kbd',
			'source'      => 'Да',
			'target'      => 'НтӀэ',
			'origin'      => 'human',
		),
	)
);
global $wpdb;
$circassian_tables = static fn(): array => $wpdb->get_col( $wpdb->prepare( 'SHOW TABLES LIKE %s', $wpdb->esc_like( $wpdb->prefix . 'circassian' ) . '%' ) );
$circassian_before = $circassian_tables();

define( 'WP_UNINSTALL_PLUGIN', 'circassian/circassian.php' );
require WP_PLUGIN_DIR . '/circassian/uninstall.php';

echo wp_json_encode(
	array(
		'tables'   => array(
			'before' => $circassian_before,
			'after'  => $circassian_tables(),
		),
		'options'  => $wpdb->get_col( $wpdb->prepare( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE %s", '%circassian%' ) ),
		'files'    => array_values( array_filter( $circassian_parts, 'file_exists' ) ),
		'usermeta' => $wpdb->get_col( $wpdb->prepare( "SELECT meta_key FROM {$wpdb->usermeta} WHERE meta_key LIKE %s", '%circassian%' ) ),
		'cron'     => array_values( array_filter( array( wp_next_scheduled( 'circassian_clean_speech_jobs' ), wp_get_scheduled_event( 'circassian_advance_speech_job', array( '00000000-0000-4000-8000-000000000001' ) ), wp_next_scheduled( 'circassian_bulk_audio_step' ) ) ) ),
	)
) . "\n";
