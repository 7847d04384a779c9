<?php
/**
 * Router for a subdirectory multisite network on PHP's built-in server: what WordPress's
 * multisite rewrite rules do on Apache, then router.php. A site's own prefix in front of
 * wp-admin, wp-includes, wp-content or a .php file (/second/wp-admin/options-general.php) names
 * the network's one copy of that file; WordPress still reads which site from the untouched
 * REQUEST_URI. Static files are sent to their real address (the built-in server serves them
 * with the right types); PHP files run here, as if requested at their real address.
 */
$circassian_path = (string) parse_url( $_SERVER['REQUEST_URI'], PHP_URL_PATH );
if ( preg_match( '#^/[_0-9a-zA-Z-]+(/wp-(?:content|admin|includes)(?:/.*)?|/[^/]+\.php)$#', $circassian_path, $circassian_match )
	&& ! file_exists( __DIR__ . $circassian_path ) ) {
	$circassian_real = $circassian_match[1];
	$circassian_file = __DIR__ . $circassian_real;
	if ( is_dir( $circassian_file ) ) {
		$circassian_real = rtrim( $circassian_real, '/' ) . '/index.php';
		$circassian_file = __DIR__ . $circassian_real;
	}
	if ( is_file( $circassian_file ) && str_ends_with( $circassian_file, '.php' ) ) {
		$_SERVER['SCRIPT_NAME']     = $circassian_real;
		$_SERVER['SCRIPT_FILENAME'] = $circassian_file;
		$_SERVER['PHP_SELF']        = $circassian_real;
		chdir( dirname( $circassian_file ) );
		require $circassian_file;
		return;
	}
	if ( is_file( $circassian_file ) ) {
		$circassian_query = (string) parse_url( $_SERVER['REQUEST_URI'], PHP_URL_QUERY );
		header( 'Location: ' . $circassian_real . ( '' === $circassian_query ? '' : '?' . $circassian_query ), true, 302 );
		return;
	}
}
return require __DIR__ . '/router.php';
