<?php
/**
 * Adds a site to the multisite network (as Sites > Add New does, through wp_insert_site) at the
 * path given as the second argument, and prints its id. Run with the PHP CLI from the network's
 * WordPress folder; the address comes as the first argument.
 */
require __DIR__ . '/load-site.php';

$circassian_site = wp_insert_site(
	array(
		'domain' => get_network()->domain,
		'path'   => (string) ( $argv[2] ?? '/added/' ),
		'title'  => 'Added later',
	)
);
echo wp_json_encode( is_wp_error( $circassian_site ) ? $circassian_site->get_error_message() : $circassian_site ) . "\n";
