<?php
/**
 * Removes the plugin's settings and unfinished jobs. Generated audio stays in the Media Library:
 * published posts use it.
 *
 * @package Circassian
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

foreach ( array( 'circassian_api_key', 'circassian_base_url', 'circassian_defaults' ) as $circassian_option ) {
	delete_option( $circassian_option );
}
global $wpdb;
// phpcs:ignore WordPress.DB.DirectDatabaseQuery
$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->options} WHERE option_name LIKE %s OR option_name LIKE %s", $wpdb->esc_like( 'circassian_job_' ) . '%', $wpdb->esc_like( '_transient_circassian_' ) . '%' ) );
delete_metadata( 'user', 0, 'circassian_settings_result', '', true );
wp_unschedule_hook( 'circassian_advance_speech_job' );
