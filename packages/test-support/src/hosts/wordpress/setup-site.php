<?php
/**
 * Installs a fresh WordPress site and configures the Circassian plugin, in about a second
 * (there is no wp-cli in Debian). Run from the site's folder with the PHP CLI; the settings
 * arrive as JSON in the CIRCASSIAN_SITE_SETUP environment variable, so the API key never
 * appears on a command line.
 */
$setup = json_decode( (string) getenv( 'CIRCASSIAN_SITE_SETUP' ), true );
if ( ! is_array( $setup ) ) {
	fwrite( STDERR, "CIRCASSIAN_SITE_SETUP is not JSON\n" );
	exit( 2 );
}

define( 'WP_INSTALLING', true );
$_SERVER['HTTP_HOST']   = parse_url( $setup['url'], PHP_URL_HOST ) . ':' . parse_url( $setup['url'], PHP_URL_PORT );
$_SERVER['REQUEST_URI'] = '/';
require getcwd() . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';
// No mail server here: the "new site" and "new user" e-mails are dropped, not attempted.
add_filter( 'pre_wp_mail', '__return_false' );

$installed = wp_install( 'Circassian test site', $setup['admin']['user'], $setup['admin']['email'], true, '', wp_slash( $setup['admin']['password'] ), 'en_US' );
if ( is_wp_error( $installed ) ) {
	fwrite( STDERR, $installed->get_error_message() . "\n" );
	exit( 1 );
}

$subscriber = wp_insert_user(
	array(
		'user_login' => $setup['subscriber']['user'],
		'user_pass'  => $setup['subscriber']['password'],
		'user_email' => $setup['subscriber']['email'],
		'role'       => 'subscriber',
	)
);
if ( is_wp_error( $subscriber ) ) {
	fwrite( STDERR, $subscriber->get_error_message() . "\n" );
	exit( 1 );
}

update_option( 'permalink_structure', '/%postname%/' );
// The administrator starts in the editor without the welcome guide covering it.
update_user_meta( $installed['user_id'], $GLOBALS['wpdb']->get_blog_prefix() . 'persisted_preferences', array( 'core/edit-post' => array( 'welcomeGuide' => false ), 'core' => array( 'enableChoosePatternModal' => false ), '_modified' => gmdate( 'c' ) ) );
update_option( 'siteurl', $setup['url'] );
update_option( 'home', $setup['url'] );

foreach ( array( 'sqlite-database-integration/load.php', 'circassian/circassian.php' ) as $plugin ) {
	$activated = activate_plugin( $plugin, '', false, true );
	if ( is_wp_error( $activated ) ) {
		fwrite( STDERR, "{$plugin}: " . $activated->get_error_message() . "\n" );
		exit( 1 );
	}
}

if ( ! empty( $setup['service']['key'] ) ) {
	update_option( 'circassian_api_key', $setup['service']['key'], false );
}
if ( ! empty( $setup['service']['url'] ) ) {
	update_option( 'circassian_base_url', $setup['service']['url'], false );
}
flush_rewrite_rules( true );
echo "ok\n";
