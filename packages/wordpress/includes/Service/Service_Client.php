<?php
/**
 * A small client of the Circassian service over wp_safe_remote_request (WordPress's SSRF checks;
 * a loopback address is let through only when it is the configured one: Service_Address).
 *
 * Retries follow the interface: only 429 (not quota_exceeded), 502 (once), 503 and 504 and
 * connection failures, with Retry-After honoured up to a cap; a longer wait is returned as the
 * error at once, so an editor can tell its user instead of holding a PHP worker for a minute.
 *
 * @package Circassian
 */

namespace Circassian\Service;

use WP_Error;

use const Circassian\VERSION;

defined( 'ABSPATH' ) || exit;

final class Service_Client {

	public const USER_AGENT       = 'circassian-wordpress/' . VERSION;
	public const MAX_RETRIES      = 2;
	public const MAX_WAIT_SECONDS = 5;
	private const TIMEOUT_SECONDS = 60;

	public function __construct( private readonly string $base_url, private readonly string $api_key ) {}

	/** Which service and key this client talks to, as a hash: answers kept for one key are never read for another. */
	public function identity(): string {
		return md5( $this->base_url . '|' . $this->api_key );
	}

	/** A client for the configured service, or a not_configured error. */
	public static function from_settings(): self|WP_Error {
		$key  = Settings::api_key()['value'];
		$base = Settings::base_url()['value'];
		if ( '' === $key || '' === $base ) {
			return Service_Error::make(
				'not_configured',
				__( 'The Circassian service is not set up on this site yet: an administrator enters the API key and address in Settings > Circassian.', 'circassian' ),
				503
			);
		}
		$checked = Service_Address::check( $base );
		if ( is_wp_error( $checked ) ) {
			return Service_Error::make( 'not_configured', $checked->get_error_message(), 503 );
		}
		return new self( $checked, $key );
	}

	/**
	 * A JSON request whose answer is JSON.
	 *
	 * @param array<string, mixed>|null $body Request body.
	 * @return array<string, mixed>|WP_Error
	 */
	public function json( string $method, string $path, ?array $body = null ): array|WP_Error {
		$response = $this->request( $method, $path, $body );
		if ( is_wp_error( $response ) ) {
			return $response;
		}
		$decoded = json_decode( $response['body'], true );
		if ( ! is_array( $decoded ) ) {
			return Service_Error::make( 'internal_error', __( 'The service answered something that is not JSON.', 'circassian' ), 502 );
		}
		return $decoded;
	}

	/**
	 * One call with the interface's retries.
	 *
	 * @param array<string, mixed>|null $body    Request body (JSON).
	 * @param string|null               $to_file A successful answer's body is streamed into this file
	 *                                           (audio: memory stays flat), and `body` is ''.
	 * @return array{status: int, content_type: string, headers: array<string, string>, body: string}|WP_Error
	 */
	public function request( string $method, string $path, ?array $body = null, ?string $to_file = null ): array|WP_Error {
		$seen = array();
		for ( $attempt = 0; true; $attempt++ ) {
			$response = $this->send( $method, $path, $body, $to_file );
			$error    = $response instanceof WP_Error ? $response : null;
			if ( null === $error ) {
				return $response;
			}
			$type          = Service_Error::type_of( $error );
			$data          = (array) $error->get_error_data();
			$retry_after   = isset( $data['retry_after'] ) ? (int) $data['retry_after'] : null;
			$retryable     = Error_Policy::retry_in_call( $type, $seen[ $type ] ?? 0 );
			$seen[ $type ] = ( $seen[ $type ] ?? 0 ) + 1;
			if ( ! $retryable || $attempt >= self::MAX_RETRIES ) {
				return $error;
			}
			$wait = null !== $retry_after ? $retry_after : min( self::MAX_WAIT_SECONDS, 0.25 * ( 2 ** $attempt ) * ( 0.8 + 0.4 * wp_rand( 0, 1000 ) / 1000 ) );
			if ( $wait > self::MAX_WAIT_SECONDS ) {
				return $error;
			}
			usleep( (int) ( $wait * 1000000 ) );
		}
	}

	/**
	 * One HTTP exchange; any non-2xx answer becomes a Service_Error.
	 *
	 * @param array<string, mixed>|null $body Request body.
	 * @return array{status: int, content_type: string, headers: array<string, string>, body: string}|WP_Error
	 */
	private function send( string $method, string $path, ?array $body, ?string $to_file ): array|WP_Error {
		$args = array(
			'method'      => $method,
			'timeout'     => self::TIMEOUT_SECONDS,
			'redirection' => 0,
			'user-agent'  => self::USER_AGENT,
			'headers'     => array(
				'Authorization' => 'Bearer ' . $this->api_key,
				'Accept'        => 'application/json, audio/*',
			),
		);
		if ( null !== $body ) {
			$args['headers']['Content-Type'] = 'application/json';
			$args['body']                    = wp_json_encode( $body );
		}
		if ( null !== $to_file ) {
			$args['stream']   = true;
			$args['filename'] = $to_file;
		}
		$url = $this->base_url . $path;
		// Every call counts toward the key's requests per minute, whatever its answer.
		Request_Pace::record();
		$raw = Service_Address::with_access( $this->base_url, static fn() => wp_safe_remote_request( $url, $args ) );
		if ( is_wp_error( $raw ) ) {
			return Service_Error::make(
				'connection_error',
				/* translators: %s: why the connection failed. */
				sprintf( __( 'The site could not reach the Circassian service: %s', 'circassian' ), $raw->get_error_message() ),
				502
			);
		}
		$status  = (int) wp_remote_retrieve_response_code( $raw );
		$content = (string) wp_remote_retrieve_header( $raw, 'content-type' );
		$text    = (string) wp_remote_retrieve_body( $raw );
		if ( null !== $to_file && ( $status < 200 || $status >= 300 ) ) {
			// An error body is small JSON, streamed into the file like audio would have been.
			$text = (string) file_get_contents( $to_file, false, null, 0, 65536 ); // phpcs:ignore WordPress.WP.AlternativeFunctions -- a local temporary file.
		}
		if ( $status >= 200 && $status < 300 ) {
			$headers = array();
			foreach ( array( 'x-audio-duration', 'retry-after' ) as $name ) {
				$headers[ $name ] = (string) wp_remote_retrieve_header( $raw, $name );
			}
			return array(
				'status'       => $status,
				'content_type' => $content,
				'headers'      => $headers,
				'body'         => $text,
			);
		}
		return self::error_from( $status, $text, (string) wp_remote_retrieve_header( $raw, 'retry-after' ) );
	}

	/** The interface's error body (or a 422 validation body) as a Service_Error. */
	private static function error_from( int $status, string $text, string $retry_after ): WP_Error {
		$decoded = json_decode( $text, true );
		$type    = is_array( $decoded ) && isset( $decoded['error']['type'] ) ? (string) $decoded['error']['type'] : '';
		$message = is_array( $decoded ) && isset( $decoded['error']['message'] ) ? (string) $decoded['error']['message'] : '';
		if ( '' === $type && is_array( $decoded ) && isset( $decoded['detail'] ) && is_array( $decoded['detail'] ) ) {
			$type     = 'invalid_request';
			$messages = array();
			foreach ( $decoded['detail'] as $item ) {
				if ( is_array( $item ) && isset( $item['msg'] ) ) {
					$messages[] = (string) $item['msg'];
				}
			}
			$message = implode( '; ', $messages );
		}
		if ( ! isset( Service_Facts::RETRY[ $type ] ) ) {
			$type = match ( true ) {
				401 === $status => 'unauthorized',
				404 === $status => 'not_found',
				422 === $status => 'invalid_request',
				429 === $status => 'rate_limited',
				502 === $status => 'upstream_error',
				503 === $status, 504 === $status => 'upstream_unavailable',
				default => 'internal_error',
			};
		}
		if ( '' === $message ) {
			/* translators: %d: HTTP status. */
			$message = sprintf( __( 'The service answered HTTP %d.', 'circassian' ), $status );
		}
		$seconds = null;
		if ( '' !== $retry_after ) {
			$seconds = is_numeric( $retry_after ) ? max( 0, (int) ceil( (float) $retry_after ) ) : max( 0, (int) strtotime( $retry_after ) - time() );
		}
		return Service_Error::make( $type, $message, $status, $seconds );
	}
}
