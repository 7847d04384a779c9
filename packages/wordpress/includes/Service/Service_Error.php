<?php
/**
 * Errors of the service as WP_Error, keyed by the interface's `error.type`.
 *
 * @package Circassian
 */

namespace Circassian\Service;

use WP_Error;

defined( 'ABSPATH' ) || exit;

final class Service_Error {

	/**
	 * This site's own refusals (Access, Connection), beside the service's error types and a
	 * client's own (Service_Facts, from shared/service.json): the editor has advice for each.
	 */
	public const SITE_TYPES = array( 'not_allowed', 'request_too_long', 'daily_cap' );

	/**
	 * A WP_Error whose code is the error type. The status sent to the editor is the service's,
	 * except that a refused key becomes 424: a 401 from the site would read as "you are logged out".
	 *
	 * @param string   $type          A type of Service_Facts (the service's, a client's) or SITE_TYPES.
	 * @param string   $message       Safe to show: never contains the key.
	 * @param int      $status        The service's HTTP status.
	 * @param int|null $retry_after   Seconds, when the service said.
	 */
	public static function make( string $type, string $message, int $status, ?int $retry_after = null ): WP_Error {
		$data = array(
			'status' => 'unauthorized' === $type ? 424 : ( $status >= 400 ? $status : 502 ),
			'type'   => $type,
		);
		if ( null !== $retry_after ) {
			$data['retry_after'] = $retry_after;
		}
		return new WP_Error( 'circassian_' . $type, self::redact( $message ), $data );
	}

	/** The error type of a WP_Error made here ('' for others). */
	public static function type_of( WP_Error $error ): string {
		$data = $error->get_error_data();
		return is_array( $data ) && isset( $data['type'] ) ? (string) $data['type'] : '';
	}

	/** Removes the key (and its secret half) from any text that may reach a browser or a log. */
	public static function redact( string $text ): string {
		$key = Settings::api_key()['value'];
		if ( '' === $key ) {
			return $text;
		}
		$text = str_replace( $key, '[key]', $text );
		$dot  = strpos( $key, '.' );
		if ( false !== $dot ) {
			$secret = substr( $key, $dot + 1 );
			if ( strlen( $secret ) >= 4 ) {
				$text = str_replace( $secret, '[secret]', $text );
			}
		}
		return $text;
	}
}
