<?php
/**
 * Runs uninstall.php inside the test site after leaving every kind of trace the plugin makes,
 * then prints what is left as JSON (run last: it removes the plugin's settings). Also lists every
 * name of stored data the plugin's classes define (a constant whose value is an option, a prefix
 * of options, a transient, a cron hook or user meta: `circassian_…`) that Stored_Data, the list
 * uninstall.php removes, does not cover.
 */
use Circassian\Support\Stored_Data;

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

// Every class of the plugin, loaded, and the names of stored things its constants define.
$circassian_includes = WP_PLUGIN_DIR . '/circassian/includes/';
$circassian_covered  = array_merge( Stored_Data::options(), Stored_Data::cron_hooks(), Stored_Data::user_meta() );
$circassian_missing  = array();
foreach ( new RecursiveIteratorIterator( new RecursiveDirectoryIterator( $circassian_includes, FilesystemIterator::SKIP_DOTS ) ) as $circassian_file ) {
	$circassian_class = 'Circassian\\' . str_replace( '/', '\\', substr( (string) $circassian_file, strlen( $circassian_includes ), -4 ) );
	if ( ! str_ends_with( (string) $circassian_file, '.php' ) || ! class_exists( $circassian_class ) ) {
		continue;
	}
	foreach ( ( new ReflectionClass( $circassian_class ) )->getConstants() as $circassian_name => $circassian_value ) {
		if ( ! is_string( $circassian_value ) || ! preg_match( '/(OPTION|PREFIX|LOCK|TRANSIENT|_HOOK|RESULT_META)$/', $circassian_name ) || ! str_starts_with( $circassian_value, 'circassian_' ) ) {
			continue;
		}
		// A transient is stored as the option `_transient_{name}`.
		$circassian_option   = str_ends_with( $circassian_name, 'TRANSIENT' ) ? '_transient_' . $circassian_value : $circassian_value;
		$circassian_prefixed = array_filter( Stored_Data::option_prefixes(), static fn( string $prefix ): bool => str_starts_with( $circassian_option, $prefix ) );
		if ( ! in_array( $circassian_value, $circassian_covered, true ) && ! $circassian_prefixed ) {
			$circassian_missing[] = "{$circassian_class}::{$circassian_name}";
		}
	}
}

echo wp_json_encode(
	array(
		'uncovered' => $circassian_missing,
		'tables'    => array(
			'before' => $circassian_before,
			'after'  => $circassian_tables(),
		),
		'options'   => $wpdb->get_col( $wpdb->prepare( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE %s", '%circassian%' ) ),
		'files'     => array_values( array_filter( $circassian_parts, 'file_exists' ) ),
		'usermeta'  => $wpdb->get_col( $wpdb->prepare( "SELECT meta_key FROM {$wpdb->usermeta} WHERE meta_key LIKE %s", '%circassian%' ) ),
		'cron'      => array_values( array_filter( array_merge( array( wp_get_scheduled_event( 'circassian_advance_speech_job', array( '00000000-0000-4000-8000-000000000001' ) ) ), array_map( 'wp_next_scheduled', Stored_Data::cron_hooks() ) ) ) ),
	)
) . "\n";
