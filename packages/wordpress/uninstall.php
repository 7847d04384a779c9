<?php
/**
 * Removes the plugin's settings, usage counts, unfinished jobs and their part files, cached lists
 * (with their timeouts), scheduled events and the translation memory's table, on every site of a network. Generated audio stays in the Media Library:
 * published posts use it.
 *
 * @package Circassian
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

/** One site's share: its options, transients and cron events. */
function circassian_uninstall_site(): void {
	global $wpdb;
	foreach ( array( 'circassian_api_key', 'circassian_base_url', 'circassian_defaults', 'circassian_access', 'circassian_post_audio', 'circassian_rewrite_version', 'circassian_service_policies', 'circassian_podcast', 'circassian_bulk_run', 'circassian_bulk_run_lock', 'circassian_bulk_worker', 'circassian_request_log', 'circassian_memory_db' ) as $circassian_option ) {
		delete_option( $circassian_option );
	}
	// Unfinished jobs' part files, in the temporary folder: those a record lists and the one being
	// fetched (named after its job), before the records that name them go.
	// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching
	$circassian_jobs = $wpdb->get_results( $wpdb->prepare( "SELECT option_name, option_value FROM {$wpdb->options} WHERE option_name LIKE %s", $wpdb->esc_like( 'circassian_job_' ) . '%' ) );
	foreach ( $circassian_jobs as $circassian_job ) {
		$circassian_id    = substr( (string) $circassian_job->option_name, strlen( 'circassian_job_' ) );
		$circassian_files = (array) ( maybe_unserialize( $circassian_job->option_value )['files'] ?? array() );
		if ( 1 === preg_match( '/^[a-f0-9-]{36}$/', $circassian_id ) ) {
			$circassian_files = array_merge( $circassian_files, (array) glob( get_temp_dir() . 'circassian-' . $circassian_id . '-*' ) );
		}
		foreach ( $circassian_files as $circassian_file ) {
			// Only the plugin's own temporary files, whatever a record says.
			if ( is_string( $circassian_file ) && str_starts_with( basename( $circassian_file ), 'circassian-' ) && is_file( $circassian_file ) ) {
				wp_delete_file( $circassian_file );
			}
		}
	}
	// Job records (and their locks), post audio's locks, users' characters of the day, and transients with their timeouts: prefixed rows, no API lists them.
	// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching
	$wpdb->query(
		$wpdb->prepare(
			"DELETE FROM {$wpdb->options} WHERE option_name LIKE %s OR option_name LIKE %s OR option_name LIKE %s OR option_name LIKE %s OR option_name LIKE %s",
			$wpdb->esc_like( 'circassian_job_' ) . '%',
			$wpdb->esc_like( 'circassian_post_audio_lock_' ) . '%',
			$wpdb->esc_like( 'circassian_chars_' ) . '%',
			$wpdb->esc_like( '_transient_circassian_' ) . '%',
			$wpdb->esc_like( '_transient_timeout_circassian_' ) . '%'
		)
	);
	// The site's translation memory (its table, Memory_Table).
	// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching, WordPress.DB.DirectDatabaseQuery.SchemaChange
	$wpdb->query( "DROP TABLE IF EXISTS {$wpdb->prefix}circassian_memory" );
	wp_cache_flush();
	wp_unschedule_hook( 'circassian_advance_speech_job' );
	wp_unschedule_hook( 'circassian_clean_speech_jobs' );
	wp_unschedule_hook( 'circassian_make_post_audio' );
	wp_unschedule_hook( 'circassian_bulk_audio_step' );
}

if ( is_multisite() ) {
	foreach ( get_sites(
		array(
			'fields' => 'ids',
			'number' => 0,
		)
	) as $circassian_site ) {
		switch_to_blog( (int) $circassian_site );
		circassian_uninstall_site();
		restore_current_blog();
	}
} else {
	circassian_uninstall_site();
}
// Users are shared by a network's sites (`circassian_usage`: each user's count of the day, kept here before the per-site rows).
foreach ( array( 'circassian_settings_result', 'circassian_memory_result', 'circassian_usage' ) as $circassian_meta ) {
	delete_metadata( 'user', 0, $circassian_meta, '', true );
}
