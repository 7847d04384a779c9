<?php
/**
 * Turns the site setup-site.php installed into a subdirectory multisite network, in two runs
 * (WordPress reads MULTISITE from wp-config.php, which changes between them):
 *
 * - `network`: before the multisite constants exist, creates the network's tables and the
 *   network itself, with setup-site.php's administrator as its super admin;
 * - `sites`: once they exist, adds a second site at /second/ with its own administrator (who is
 *   no super admin: the person a network's key must be kept from), a subscriber there, and
 *   network-activates the plugin, as a network's owner installs it. The key and address are
 *   given to the second site too, so both sites' settings have something to protect and remove.
 *
 * The settings arrive as JSON in CIRCASSIAN_SITE_SETUP, as for setup-site.php; prints one line of
 * JSON (the second site's URL and logins) on success.
 */
$setup = json_decode( (string) getenv( 'CIRCASSIAN_SITE_SETUP' ), true );
$phase = $argv[1] ?? '';
if ( ! is_array( $setup ) || ! in_array( $phase, array( 'network', 'sites' ), true ) ) {
	fwrite( STDERR, "usage: CIRCASSIAN_SITE_SETUP=<json> php setup-multisite.php network|sites\n" );
	exit( 2 );
}

$circassian_host        = parse_url( $setup['url'], PHP_URL_HOST ) . ':' . parse_url( $setup['url'], PHP_URL_PORT );
$_SERVER['HTTP_HOST']   = $circassian_host;
$_SERVER['REQUEST_URI'] = '/';
if ( 'network' === $phase ) {
	define( 'WP_INSTALLING_NETWORK', true );
}
require getcwd() . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';
add_filter( 'pre_wp_mail', '__return_false' );

function circassian_fail( $error ): void {
	fwrite( STDERR, ( is_wp_error( $error ) ? $error->get_error_message() : (string) $error ) . "\n" );
	exit( 1 );
}

if ( 'network' === $phase ) {
	require_once ABSPATH . 'wp-admin/includes/network.php';
	// As wp-admin/network.php does: the network's tables have no names on a single site yet.
	foreach ( $wpdb->tables( 'ms_global' ) as $circassian_table => $circassian_prefixed ) {
		$wpdb->$circassian_table = $circassian_prefixed;
	}
	install_network();
	$admin     = get_user_by( 'login', $setup['admin']['user'] );
	$populated = populate_network( 1, $circassian_host, $setup['admin']['email'], 'Circassian test network', '/', false );
	if ( is_wp_error( $populated ) ) {
		circassian_fail( $populated );
	}
	if ( ! $admin ) {
		circassian_fail( 'no administrator to make super admin' );
	}
	echo "ok\n";
	exit( 0 );
}

$admin   = get_user_by( 'login', $setup['admin']['user'] );
$blog_id = wpmu_create_blog( $circassian_host, '/second/', 'Second site', $admin->ID, array( 'public' => 1 ), 1 );
if ( is_wp_error( $blog_id ) ) {
	circassian_fail( $blog_id );
}
$site_admin = wp_insert_user(
	array(
		'user_login' => $setup['siteAdmin']['user'],
		'user_pass'  => $setup['siteAdmin']['password'],
		'user_email' => $setup['siteAdmin']['email'],
		'role'       => '',
	)
);
if ( is_wp_error( $site_admin ) ) {
	circassian_fail( $site_admin );
}
add_user_to_blog( $blog_id, $site_admin, 'administrator' );
add_user_to_blog( $blog_id, get_user_by( 'login', $setup['subscriber']['user'] )->ID, 'subscriber' );
// Network administrators are super admins; the second site's administrator is only that site's.
remove_user_from_blog( $site_admin, 1 );

// Active on the network only, not also on the first site (as setup-site.php left it): the
// network's Plugins screen offers Delete only for a plugin no site runs on its own. Switched
// explicitly: creating the second site leaves the options table pointing at that site's.
switch_to_blog( 1 );
foreach ( array( 'sqlite-database-integration/load.php', 'circassian/circassian.php' ) as $plugin ) {
	deactivate_plugins( $plugin, true, false );
	$activated = activate_plugin( $plugin, '', true, true );
	if ( is_wp_error( $activated ) ) {
		circassian_fail( "{$plugin}: " . $activated->get_error_message() );
	}
}
restore_current_blog();

switch_to_blog( $blog_id );
if ( ! empty( $setup['service']['key'] ) ) {
	update_option( 'circassian_api_key', $setup['service']['key'], false );
}
if ( ! empty( $setup['service']['url'] ) ) {
	update_option( 'circassian_base_url', $setup['service']['url'], false );
}
update_user_meta( $site_admin, $GLOBALS['wpdb']->get_blog_prefix() . 'persisted_preferences', array( 'core/edit-post' => array( 'welcomeGuide' => false ), 'core' => array( 'enableChoosePatternModal' => false ), '_modified' => gmdate( 'c' ) ) );
update_user_meta( $admin->ID, $GLOBALS['wpdb']->get_blog_prefix() . 'persisted_preferences', array( 'core/edit-post' => array( 'welcomeGuide' => false ), 'core' => array( 'enableChoosePatternModal' => false ), '_modified' => gmdate( 'c' ) ) );
flush_rewrite_rules( true );
restore_current_blog();
echo "ok\n";
