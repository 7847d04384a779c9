<?php
/**
 * Sets a user's locale, as their profile's Language field would. The profile offers only the
 * languages whose core files are installed, and these test sites have none but English; the
 * plugin's own strings load from its languages/ folder whatever core has. Run with the PHP CLI
 * from the site's WordPress folder: php set-user-locale.php URL LOGIN LOCALE.
 */
$circassian_url         = (string) ( $argv[1] ?? '' );
$_SERVER['HTTP_HOST']   = parse_url( $circassian_url, PHP_URL_HOST ) . ':' . parse_url( $circassian_url, PHP_URL_PORT );
$_SERVER['REQUEST_URI'] = '/';
define( 'WP_USE_THEMES', false );
require getcwd() . '/wp-load.php';

$circassian_user = get_user_by( 'login', (string) ( $argv[2] ?? '' ) );
if ( ! $circassian_user ) {
	fwrite( STDERR, "no such user\n" );
	exit( 1 );
}
update_user_meta( $circassian_user->ID, 'locale', (string) ( $argv[3] ?? '' ) );
echo get_user_locale( $circassian_user->ID ), "\n";
