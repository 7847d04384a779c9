<?php
/**
 * The service address: which ones are allowed, and the scoped permission WordPress's safe HTTP
 * functions need to reach a loopback one.
 *
 * The key goes to this address with every request, so it must be `https`, or plain `http` only
 * on this machine's loopback (a service run for development). A query or fragment would swallow
 * the paths the plugin appends (`…?x=/v1/languages`), turning the catalog route into a request
 * to any URL, so neither is allowed.
 *
 * @package Circassian
 */

namespace Circassian\Service;

use WP_Error;

defined( 'ABSPATH' ) || exit;

final class Service_Address {

	/**
	 * The address without a trailing slash, or why it cannot be used.
	 */
	public static function check( string $url ): string|WP_Error {
		$url   = trim( $url );
		$parts = wp_parse_url( $url );
		if ( '' === $url || ! is_array( $parts ) || empty( $parts['scheme'] ) || empty( $parts['host'] ) ) {
			return self::refuse( __( 'The service address must be a full URL such as https://api.example.org.', 'circassian' ) );
		}
		$scheme = strtolower( $parts['scheme'] );
		if ( isset( $parts['user'] ) || isset( $parts['pass'] ) ) {
			return self::refuse( __( 'The service address must not contain a user name or password.', 'circassian' ) );
		}
		if ( isset( $parts['query'] ) || isset( $parts['fragment'] ) || str_contains( $url, '?' ) || str_contains( $url, '#' ) ) {
			return self::refuse( __( 'The service address must not contain a query (?…) or a fragment (#…).', 'circassian' ) );
		}
		if ( 'https' !== $scheme && ! ( 'http' === $scheme && self::is_loopback( $parts['host'] ) ) ) {
			return self::refuse( __( 'The service address must start with https:// (plain http:// is allowed only for a service on this machine: localhost or 127.0.0.1).', 'circassian' ) );
		}
		return untrailingslashit( $url );
	}

	/** localhost, 127.0.0.0/8 or ::1: this machine. */
	public static function is_loopback( string $host ): bool {
		$host = strtolower( trim( $host, '[]' ) );
		return 'localhost' === $host || '::1' === $host || 1 === preg_match( '/^127(\.\d{1,3}){3}$/', $host );
	}

	/**
	 * Runs $request with WordPress's SSRF checks opened for exactly the configured loopback host
	 * and port (and nothing else), or untouched when the address is not loopback.
	 *
	 * @template T
	 * @param callable(): T $request The wp_safe_remote_* call.
	 * @return T
	 */
	public static function with_access( string $base_url, callable $request ): mixed {
		$parts = wp_parse_url( $base_url );
		$host  = is_array( $parts ) ? strtolower( (string) ( $parts['host'] ?? '' ) ) : '';
		if ( '' === $host || ! self::is_loopback( $host ) ) {
			return $request();
		}
		$port     = (int) ( $parts['port'] ?? ( 'https' === strtolower( (string) ( $parts['scheme'] ?? '' ) ) ? 443 : 80 ) );
		$external = static fn( $is_external, $asked_host ) => strtolower( trim( (string) $asked_host, '.' ) ) === $host ? true : $is_external;
		$ports    = static function ( $allowed, $asked_host ) use ( $host, $port ) {
			if ( strtolower( trim( (string) $asked_host, '.' ) ) === $host && is_array( $allowed ) ) {
				$allowed[] = $port;
			}
			return $allowed;
		};
		add_filter( 'http_request_host_is_external', $external, 10, 2 );
		add_filter( 'http_allowed_safe_ports', $ports, 10, 2 );
		try {
			return $request();
		} finally {
			remove_filter( 'http_request_host_is_external', $external, 10 );
			remove_filter( 'http_allowed_safe_ports', $ports, 10 );
		}
	}

	private static function refuse( string $message ): WP_Error {
		return new WP_Error(
			'circassian_invalid_base_url',
			$message,
			array(
				'status' => 400,
				'type'   => 'invalid_request',
			)
		);
	}
}
