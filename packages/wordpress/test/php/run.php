<?php
/**
 * Runs the plugin's PHP tests inside a real, installed WordPress (the throwaway site the vitest
 * side prepares; its folder is the working directory). Prints one JSON line per test.
 *
 * Environment: CIRCASSIAN_TEST_SERVICE (JSON: url, key, adminToken of a local service) and
 * CIRCASSIAN_TEST_JS_HASH (the editor's source hash of a known request).
 */
define( 'WP_USE_THEMES', false );
$_SERVER['HTTP_HOST']   = '127.0.0.1';
$_SERVER['REQUEST_URI'] = '/';
require getcwd() . '/wp-load.php';
require_once __DIR__ . '/assertions.php';

foreach ( glob( __DIR__ . '/*-test.php' ) as $circassian_test_file ) {
	require $circassian_test_file;
}

exit( Circassian_Tests::run() );
