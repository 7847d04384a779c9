<?php
/**
 * What the settings show about the configuration, and "Test connection" through GET /v1/me.
 * Only the key's prefix and where it came from ever leave this class.
 *
 * @package Circassian
 */

namespace Circassian;

use WP_Error;

defined( 'ABSPATH' ) || exit;

final class Connection {

	/**
	 * @return array{key_source: string, key_prefix: string, base_url: string, base_url_source: string, defaults: array<string, mixed>}
	 */
	public static function describe(): array {
		$key  = Settings::api_key();
		$base = Settings::base_url();
		return array(
			'key_source'      => $key['source'],
			'key_prefix'      => Settings::key_prefix( $key['value'] ),
			'base_url'        => $base['value'],
			'base_url_source' => $base['source'],
			'defaults'        => Settings::defaults(),
		);
	}

	/**
	 * The key's name, prefix and limits, as the service reports them.
	 *
	 * @return array{name: string, prefix: string, limits: array<string, int>}|WP_Error
	 */
	public static function test(): array|WP_Error {
		$client = Service_Client::from_settings();
		if ( is_wp_error( $client ) ) {
			return $client;
		}
		$me = $client->json( 'GET', '/v1/me' );
		if ( is_wp_error( $me ) ) {
			return $me;
		}
		$limits = array();
		foreach ( (array) ( $me['limits'] ?? array() ) as $name => $value ) {
			$limits[ sanitize_key( (string) $name ) ] = (int) $value;
		}
		return array(
			'name'   => (string) ( $me['name'] ?? '' ),
			'prefix' => (string) ( $me['prefix'] ?? '' ),
			'limits' => $limits,
		);
	}

	/**
	 * Saves what the form or the REST route sent; an empty key keeps the stored one.
	 *
	 * @param array<string, mixed> $values api_key, base_url, language, voice, speed.
	 */
	public static function save( array $values ): void {
		if ( isset( $values['api_key'] ) && '' !== trim( (string) $values['api_key'] ) ) {
			update_option( Settings::KEY_OPTION, sanitize_text_field( (string) $values['api_key'] ), false );
		}
		if ( isset( $values['base_url'] ) ) {
			update_option( Settings::BASE_URL_OPTION, esc_url_raw( trim( (string) $values['base_url'] ), array( 'http', 'https' ) ), false );
		}
		$defaults = Settings::defaults();
		foreach ( array( 'language', 'voice' ) as $field ) {
			if ( isset( $values[ $field ] ) && '' !== sanitize_key( (string) $values[ $field ] ) ) {
				$defaults[ $field ] = sanitize_key( (string) $values[ $field ] );
			}
		}
		if ( isset( $values['speed'] ) && is_numeric( $values['speed'] ) ) {
			$defaults['speed'] = min( 2.0, max( 0.25, (float) $values['speed'] ) );
		}
		update_option( Settings::DEFAULTS_OPTION, $defaults );
	}
}
