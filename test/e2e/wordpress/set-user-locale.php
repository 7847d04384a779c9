<?php
/**
 * Sets a user's locale, as their profile's Language field would. The profile offers only the
 * languages whose core files are installed, and these test sites have none but English; the
 * plugin's own strings load from its languages/ folder whatever core has. Run with the PHP CLI
 * from the site's WordPress folder: php set-user-locale.php URL LOGIN LOCALE.
 */
require __DIR__ . '/load-site.php';

$circassian_user = get_user_by( 'login', (string) ( $argv[2] ?? '' ) );
if ( ! $circassian_user ) {
	fwrite( STDERR, "no such user\n" );
	exit( 1 );
}
update_user_meta( $circassian_user->ID, 'locale', (string) ( $argv[3] ?? '' ) );
echo get_user_locale( $circassian_user->ID ), "\n";
