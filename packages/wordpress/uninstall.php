<?php
/**
 * Removes what the plugin stores, on every site of a network: the one list of it is
 * Circassian\Support\Stored_Data (settings, runs, locks, counters, cached lists, the translation
 * memory's table, scheduled events, unfinished jobs' part files, user meta). Generated audio stays
 * in the Media Library: published posts use it.
 *
 * @package Circassian
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

require_once __DIR__ . '/includes/autoload.php';

if ( is_multisite() ) {
	foreach ( get_sites(
		array(
			'fields' => 'ids',
			'number' => 0,
		)
	) as $circassian_site ) {
		switch_to_blog( (int) $circassian_site );
		Circassian\Support\Stored_Data::remove_site();
		restore_current_blog();
	}
} else {
	Circassian\Support\Stored_Data::remove_site();
}
Circassian\Support\Stored_Data::remove_users();
