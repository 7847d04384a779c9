<?php
/**
 * Boots the real, installed WordPress the vitest side prepares (its folder is the working
 * directory), with the plugin active, for the plugin's PHPUnit tests: they exercise the plugin as
 * the site runs it, against a local service.
 *
 * Environment: CIRCASSIAN_TEST_SERVICE (JSON: url, key, adminToken of a local service) and
 * CIRCASSIAN_TEST_JS_HASH (the editor's source hash of a known request).
 */
define( 'WP_USE_THEMES', false );
$_SERVER['HTTP_HOST']   = '127.0.0.1';
$_SERVER['REQUEST_URI'] = '/';
require getcwd() . '/wp-load.php';

// What several test files share: one file per kind of helper.
foreach ( glob( __DIR__ . '/helpers/*.php' ) as $circassian_helper ) {
	require $circassian_helper;
}

/** The local service's own test controls (faults, call records). */
function circassian_test_admin( string $method, string $path, ?array $body = null ): array {
	$service  = json_decode( (string) getenv( 'CIRCASSIAN_TEST_SERVICE' ), true );
	$response = wp_remote_request(
		$service['url'] . $path,
		array(
			'method'  => $method,
			'headers' => array(
				'Authorization' => 'Bearer ' . $service['adminToken'],
				'Content-Type'  => 'application/json',
			),
			'body'    => null === $body ? null : wp_json_encode( $body ),
		)
	);
	return (array) json_decode( (string) wp_remote_retrieve_body( $response ), true );
}

// No test reaches outside this machine: WordPress's own update checks (admin_init runs them) are
// off, and a request to any other host fails the test that made it (one WordPress refuses itself,
// as unsafe, never leaves).
remove_action( 'admin_init', '_maybe_update_core' );
remove_action( 'admin_init', '_maybe_update_plugins' );
remove_action( 'admin_init', '_maybe_update_themes' );
add_filter(
	'pre_http_request',
	static function ( $pre, $args, string $url ) {
		$host = wp_parse_url( $url, PHP_URL_HOST );
		if ( ! empty( $args['reject_unsafe_urls'] ) && false === wp_http_validate_url( $url ) ) {
			return $pre;
		}
		if ( ! in_array( $host, array( '127.0.0.1', 'localhost', '[::1]' ), true ) ) {
			throw new RuntimeException( 'A test reached outside this machine: ' . esc_url_raw( $url ) );
		}
		return $pre;
	},
	PHP_INT_MAX,
	3
);
