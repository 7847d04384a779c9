<?php
/**
 * Where the API key and the service address come from, and the speech defaults.
 *
 * The key is looked up as translation add-ons do: the CIRCASSIAN_API_KEY environment variable,
 * then a wp-config.php constant of that name, then the database. The first one found wins, and
 * the settings page says which. Only the key's public prefix is ever shown.
 *
 * @package Circassian
 */

namespace Circassian\Service;

defined( 'ABSPATH' ) || exit;

final class Settings {

	public const KEY_NAME        = 'CIRCASSIAN_API_KEY';
	public const BASE_URL_NAME   = 'CIRCASSIAN_BASE_URL';
	public const KEY_OPTION      = 'circassian_api_key';
	public const BASE_URL_OPTION = 'circassian_base_url';
	public const DEFAULTS_OPTION = 'circassian_defaults';
	public const SOURCE_ENV      = 'environment';
	public const SOURCE_CONSTANT = 'constant';
	public const SOURCE_DATABASE = 'database';
	public const SOURCE_NONE     = 'none';

	/**
	 * The API key and where it came from.
	 *
	 * @return array{value: string, source: string}
	 */
	public static function api_key(): array {
		return self::resolve( self::KEY_NAME, self::KEY_OPTION );
	}

	/**
	 * The service's base URL (no trailing slash) and where it came from. While the key is locked
	 * in the environment or wp-config.php, so is the address: one saved in the database is
	 * ignored, or an administrator (a sub-site's, on multisite) could send the key to any host.
	 *
	 * @return array{value: string, source: string}
	 */
	public static function base_url(): array {
		$found          = self::resolve( self::BASE_URL_NAME, self::BASE_URL_OPTION, ! self::base_url_locked() );
		$found['value'] = untrailingslashit( $found['value'] );
		return $found;
	}

	/** Whether the address may only come from the server (the key does). */
	public static function base_url_locked(): bool {
		return in_array( self::api_key()['source'], array( self::SOURCE_ENV, self::SOURCE_CONSTANT ), true );
	}

	/**
	 * The capability that manages the plugin's settings: the network's on multisite, where a
	 * sub-site's administrator must not redirect the network's key.
	 */
	public static function manage_capability(): string {
		return is_multisite() ? 'manage_network_options' : 'manage_options';
	}

	/**
	 * The public part of a key (before the dot): all that is ever shown. A key without a dot is
	 * malformed and all of it may be secret, so none of it is shown.
	 */
	public static function key_prefix( string $key ): string {
		$dot = strpos( $key, '.' );
		return false === $dot ? '' : substr( $key, 0, $dot );
	}

	/**
	 * Speech defaults for new blocks.
	 *
	 * @return array{language: string, voice: string, speed: float}
	 */
	public static function defaults(): array {
		$stored = get_option( self::DEFAULTS_OPTION, array() );
		$stored = is_array( $stored ) ? $stored : array();
		return array(
			'language' => isset( $stored['language'] ) ? sanitize_key( $stored['language'] ) : Service_Facts::DEFAULT_LANGUAGE,
			'voice'    => isset( $stored['voice'] ) ? sanitize_key( $stored['voice'] ) : Service_Facts::DEFAULT_VOICE,
			'speed'    => isset( $stored['speed'] ) ? (float) $stored['speed'] : Service_Facts::DEFAULT_SPEED,
		);
	}

	/**
	 * Environment, then constant, then option: the first non-empty value wins.
	 *
	 * @return array{value: string, source: string}
	 */
	public static function resolve( string $name, string $option, bool $allow_database = true ): array {
		$from_env = getenv( $name );
		if ( is_string( $from_env ) && '' !== trim( $from_env ) ) {
			return array(
				'value'  => trim( $from_env ),
				'source' => self::SOURCE_ENV,
			);
		}
		if ( defined( $name ) && is_string( constant( $name ) ) && '' !== trim( constant( $name ) ) ) {
			return array(
				'value'  => trim( constant( $name ) ),
				'source' => self::SOURCE_CONSTANT,
			);
		}
		$stored = $allow_database ? get_option( $option, '' ) : '';
		if ( is_string( $stored ) && '' !== trim( $stored ) ) {
			return array(
				'value'  => trim( $stored ),
				'source' => self::SOURCE_DATABASE,
			);
		}
		return array(
			'value'  => '',
			'source' => self::SOURCE_NONE,
		);
	}
}
