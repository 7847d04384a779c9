<?php
/**
 * Loads the plugin's classes: Circassian\REST\Speech_Controller lives in includes/REST/Speech_Controller.php.
 *
 * @package Circassian
 */

namespace Circassian;

defined( 'ABSPATH' ) || exit;

spl_autoload_register(
	static function ( string $class_name ): void {
		if ( ! str_starts_with( $class_name, __NAMESPACE__ . '\\' ) ) {
			return;
		}
		$relative = str_replace( '\\', '/', substr( $class_name, strlen( __NAMESPACE__ ) + 1 ) );
		$file     = __DIR__ . '/' . $relative . '.php';
		if ( is_readable( $file ) ) {
			require_once $file;
		}
	}
);
