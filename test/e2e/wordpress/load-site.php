<?php
/**
 * Loads the test site's WordPress for a PHP CLI script run from its WordPress folder, as a request
 * to the address given as the script's first argument would (multisite picks its site by host).
 */
$circassian_url         = (string) ( $argv[1] ?? '' );
$_SERVER['HTTP_HOST']   = parse_url( $circassian_url, PHP_URL_HOST ) . ':' . parse_url( $circassian_url, PHP_URL_PORT );
$_SERVER['REQUEST_URI'] = '/';
define( 'WP_USE_THEMES', false );
require getcwd() . '/wp-load.php';
