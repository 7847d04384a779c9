<?php
/**
 * Prints, as one line of JSON, every trace of the plugin left on a multisite network: per site,
 * its option rows (settings, job records, transients and their timeouts), cron hooks and tables; the
 * network's own rows; and user meta (shared by the network's sites). Run with the PHP CLI from
 * the network's WordPress folder; the address comes as the first argument.
 */
require __DIR__ . '/load-site.php';

global $wpdb;
$circassian_sites = array();
foreach ( get_sites( array( 'number' => 0 ) ) as $circassian_site ) {
	switch_to_blog( (int) $circassian_site->blog_id );
	$circassian_hooks = array();
	foreach ( (array) _get_cron_array() as $circassian_events ) {
		foreach ( array_keys( (array) $circassian_events ) as $circassian_hook ) {
			if ( str_starts_with( (string) $circassian_hook, 'circassian' ) ) {
				$circassian_hooks[] = $circassian_hook;
			}
		}
	}
	$circassian_sites[ $circassian_site->path ] = array(
		'options' => $wpdb->get_col( $wpdb->prepare( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE %s ORDER BY option_name", '%circassian%' ) ),
		'cron'    => $circassian_hooks,
		'tables'  => $wpdb->get_col( $wpdb->prepare( 'SHOW TABLES LIKE %s', $wpdb->esc_like( $wpdb->prefix . 'circassian' ) . '%' ) ),
	);
	restore_current_blog();
}
echo wp_json_encode(
	array(
		'sites'    => $circassian_sites,
		'network'  => $wpdb->get_col( $wpdb->prepare( "SELECT meta_key FROM {$wpdb->sitemeta} WHERE meta_key LIKE %s", '%circassian%' ) ),
		'usermeta' => $wpdb->get_col( $wpdb->prepare( "SELECT meta_key FROM {$wpdb->usermeta} WHERE meta_key LIKE %s ORDER BY meta_key", '%circassian%' ) ),
	)
) . "\n";
