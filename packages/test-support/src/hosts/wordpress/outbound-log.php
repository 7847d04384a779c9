<?php
/**
 * Plugin Name: Circassian test hosts: offline, and an outbound log
 * Description: Written by `pnpm host wordpress` into mu-plugins. WP_HTTP_BLOCK_EXTERNAL (wp-config.php)
 * stops every request to an address outside the machine but the service's. WordPress's own calls home
 * are switched off here, as on an offline site, so that any request still stopped is one to look at:
 * when a test started the host (CIRCASSIAN_OUTBOUND_LOG names a file), each is written there and
 * stopping the host fails on it (host-process.ts).
 *
 * @package Circassian
 */

defined( 'ABSPATH' ) || exit;

// Update checks of core, plugins and themes: the hooks wp-includes/update.php adds, taken out again.
foreach (
	array(
		'init'                 => array( 'wp_schedule_update_checks' ),
		'admin_init'           => array( '_maybe_update_core', '_maybe_update_plugins', '_maybe_update_themes' ),
		'wp_version_check'     => array( 'wp_version_check' ),
		'wp_update_plugins'    => array( 'wp_update_plugins' ),
		'wp_update_themes'     => array( 'wp_update_themes' ),
		'wp_maybe_auto_update' => array( 'wp_maybe_auto_update' ),
		'load-plugins.php'     => array( 'wp_update_plugins' ),
		'load-themes.php'      => array( 'wp_update_themes' ),
		'load-update.php'      => array( 'wp_update_plugins', 'wp_update_themes' ),
		'load-update-core.php' => array( 'wp_update_plugins', 'wp_update_themes' ),
	) as $circassian_hook => $circassian_callbacks
) {
	foreach ( $circassian_callbacks as $circassian_callback ) {
		remove_action( $circassian_hook, $circassian_callback );
	}
}
// The pattern directory and the block directory (the inserter searches WordPress.org's plugins for
// blocks it does not have), and the dashboard's browser, PHP and events checks.
add_filter( 'should_load_remote_block_patterns', '__return_false' );
remove_action( 'enqueue_block_editor_assets', 'wp_enqueue_editor_block_directory_assets' );
add_filter(
	'pre_site_transient_browser_' . md5( isset( $_SERVER['HTTP_USER_AGENT'] ) ? (string) $_SERVER['HTTP_USER_AGENT'] : '' ),
	static fn () => array(
		'upgrade'  => false,
		'insecure' => false,
	)
);
add_filter(
	'pre_site_transient_php_check_' . md5( PHP_VERSION ),
	static fn () => array(
		'recommended_version' => PHP_VERSION,
		'minimum_version'     => PHP_VERSION,
		'is_supported'        => true,
		'is_secure'           => true,
		'is_acceptable'       => true,
	)
);
add_action(
	'wp_dashboard_setup',
	static function () {
		remove_meta_box( 'dashboard_primary', 'dashboard', 'side' );
	}
);

add_action(
	'http_api_debug',
	static function ( $response, $context, $transport, $args, $url ) {
		$file = getenv( 'CIRCASSIAN_OUTBOUND_LOG' );
		if ( ! $file || ! is_wp_error( $response ) || 'http_request_not_executed' !== $response->get_error_code() ) {
			return;
		}
		file_put_contents( $file, sprintf( "blocked %s (WordPress)\n", $url ), FILE_APPEND | LOCK_EX );
	},
	10,
	5
);
