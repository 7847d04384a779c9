<?php
/**
 * Router for PHP's built-in server: real files and folders are served by the server itself (it
 * runs .php files and a folder's index.php); everything else goes through WordPress's front
 * controller, as Apache's rewrite rules would send it (pretty permalinks and /wp-json/ need it).
 */
$circassian_path = (string) parse_url( $_SERVER['REQUEST_URI'], PHP_URL_PATH );
if ( '/' !== $circassian_path && file_exists( __DIR__ . $circassian_path ) ) {
	return false;
}
$_SERVER['SCRIPT_NAME']     = '/index.php';
$_SERVER['SCRIPT_FILENAME'] = __DIR__ . '/index.php';
$_SERVER['PHP_SELF']        = '/index.php';
require __DIR__ . '/index.php';
