<?php
/**
 * What the settings show about the configuration, and "Test connection" through GET /v1/me.
 * Only the key's prefix and where it came from ever leave this class.
 *
 * @package Circassian
 */

namespace Circassian\Service;

use Circassian\Podcast;
use Circassian\Post_Audio;
use Circassian\Speech_Memory;
use Circassian\Spending;
use WP_Error;

defined( 'ABSPATH' ) || exit;

final class Connection {

	/**
	 * @return array{key_source: string, key_prefix: string, base_url: string, base_url_source: string, base_url_locked: bool, defaults: array<string, mixed>, access: array<string, mixed>, post_audio: array{post_types: list<string>, placement: string}, speech_memory: bool, podcast: array{title: string, description: string, author: string, email: string}, terms_url: string, privacy_url: string}
	 */
	public static function describe(): array {
		$key  = Settings::api_key();
		$base = Settings::base_url();
		return array(
			'key_source'      => $key['source'],
			'key_prefix'      => Settings::key_prefix( $key['value'] ),
			'base_url'        => $base['value'],
			'base_url_source' => $base['source'],
			'base_url_locked' => Settings::base_url_locked(),
			'defaults'        => Settings::defaults(),
			'access'          => Spending\Access::settings(),
			'post_audio'      => Post_Audio\Settings::get(),
			'speech_memory'   => Speech_Memory\Memory_Setting::enabled(),
			'podcast'         => Podcast\Podcast_Details::stored(),
		) + Service_Policies::settings();
	}

	/**
	 * The key's name, prefix and limits, as the service reports them, for what the administrator
	 * typed (nothing is saved): a key typed replaces the stored one for this test, an address
	 * typed the stored address, unless the server pins them.
	 *
	 * @param array<string, mixed> $typed api_key, base_url, confirm_address (the typed address the saved key may go to; optional).
	 * @return array{name: string, prefix: string, limits: array<string, int>, usage: array<string, float>}|WP_Error
	 */
	public static function test( array $typed = array() ): array|WP_Error {
		$key_locked = in_array( Settings::api_key()['source'], array( Settings::SOURCE_ENV, Settings::SOURCE_CONSTANT ), true );
		$typed_key  = trim( (string) ( $typed['api_key'] ?? '' ) );
		$typed_base = trim( (string) ( $typed['base_url'] ?? '' ) );
		$key        = '' !== $typed_key && ! $key_locked ? $typed_key : Settings::api_key()['value'];
		$base       = '' !== $typed_base && ! Settings::base_url_locked() ? $typed_base : Settings::base_url()['value'];
		if ( '' === $key || '' === $base ) {
			return Service_Client::from_settings();
		}
		$checked = Service_Address::check( $base );
		if ( is_wp_error( $checked ) ) {
			return $checked;
		}
		// The saved key goes to a new address only once the administrator says it is the service.
		$saved_base = Settings::base_url()['value'];
		$confirmed  = trim( (string) ( $typed['confirm_address'] ?? '' ) );
		if ( $key !== $typed_key && $saved_base !== $checked && $confirmed !== $checked ) {
			return self::confirm_address( $checked );
		}
		$me = ( new Service_Client( $checked, $key ) )->json( 'GET', '/v1/me' );
		if ( is_wp_error( $me ) ) {
			return new WP_Error( $me->get_error_code(), Service_Error::redact( str_replace( $key, '[key]', $me->get_error_message() ) ), $me->get_error_data() );
		}
		$limits = array();
		foreach ( (array) ( $me['limits'] ?? array() ) as $name => $value ) {
			$limits[ sanitize_key( (string) $name ) ] = (int) $value;
		}
		return array(
			'name'   => (string) ( $me['name'] ?? '' ),
			'prefix' => (string) ( $me['prefix'] ?? '' ),
			'limits' => $limits,
			'usage'  => self::usage( $me['usage'] ?? null ),
		);
	}

	/**
	 * Today's usage, when the service reports it (an additional property of /v1/me: requests,
	 * translate_chars, speech_seconds); empty when it does not, or sends something else.
	 *
	 * @return array<string, float>
	 */
	private static function usage( mixed $reported ): array {
		$usage = array();
		foreach ( is_array( $reported ) ? $reported : array() as $name => $value ) {
			if ( is_string( $name ) && is_numeric( $value ) ) {
				$usage[ sanitize_key( $name ) ] = (float) $value;
			}
		}
		return $usage;
	}

	/**
	 * Saves what the form or the REST route sent; an empty key keeps the stored one. An address
	 * is refused when it is not allowed (Service_Address) or when the server pins it.
	 *
	 * @param array<string, mixed> $values api_key, base_url, language, voice, speed, capability, request_chars, daily_chars, post_audio, speech_memory, terms_url, privacy_url.
	 */
	public static function save( array $values ): true | WP_Error {
		// Checked before anything is stored, so a refused request changes nothing.
		$policies = Service_Policies::check( $values );
		if ( is_wp_error( $policies ) ) {
			return $policies;
		}
		$podcast = isset( $values['podcast'] ) ? Podcast\Podcast_Details::check( $values['podcast'] ) : true;
		if ( is_wp_error( $podcast ) ) {
			return $podcast;
		}
		if ( array_key_exists( 'post_audio', $values ) && null !== $values['post_audio'] ) {
			$post_audio = Post_Audio\Settings::save( $values['post_audio'] );
			if ( is_wp_error( $post_audio ) ) {
				return $post_audio;
			}
		}
		$base = isset( $values['base_url'] ) ? trim( (string) $values['base_url'] ) : null;
		if ( null !== $base && Settings::base_url_locked() && Settings::base_url()['value'] !== $base ) {
			return self::locked();
		}
		if ( null !== $base && ! Settings::base_url_locked() ) {
			$checked = '' === $base ? '' : Service_Address::check( $base );
			if ( is_wp_error( $checked ) ) {
				return $checked;
			}
			update_option( Settings::BASE_URL_OPTION, $checked, false );
		}
		if ( isset( $values['api_key'] ) && '' !== trim( (string) $values['api_key'] ) ) {
			update_option( Settings::KEY_OPTION, sanitize_text_field( (string) $values['api_key'] ), false );
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
		Spending\Access::save( $values );
		Service_Policies::save( $values );
		if ( isset( $values['speech_memory'] ) && is_bool( $values['speech_memory'] ) ) {
			Speech_Memory\Memory_Setting::save( $values['speech_memory'] );
		}
		if ( isset( $values['podcast'] ) && is_array( $values['podcast'] ) ) {
			Podcast\Podcast_Details::save( $values['podcast'] );
		}
		// The lists may differ on another service.
		foreach ( array( '/v1/voices', '/v1/languages' ) as $path ) {
			delete_transient( 'circassian_listing_' . md5( $path ) );
		}
		return true;
	}

	/**
	 * The sentence shown after a successful test.
	 *
	 * @param array{name: string, prefix: string, limits: array<string, int>} $result What test() found.
	 */
	public static function connected_message( array $result ): string {
		$limits = array();
		foreach ( $result['limits'] as $name => $value ) {
			$limits[] = sprintf( '%s: %s', Service_Facts::key_limit_label( $name ), number_format_i18n( $value ) );
		}
		/* translators: 1: key name, 2: key prefix, 3: limits. */
		return sprintf( __( 'Connected as key "%1$s" (%2$s). Limits: %3$s.', 'circassian' ), $result['name'], $result['prefix'], implode( ', ', $limits ) );
	}

	/**
	 * Today's usage against the daily limits, or '' when the service did not report it.
	 *
	 * @param array{limits: array<string, int>, usage?: array<string, float>} $result What test() found.
	 */
	public static function usage_message( array $result ): string {
		$usage = $result['usage'] ?? array();
		$parts = array();
		foreach ( array(
			'requests'        => 'requests_per_day',
			'translate_chars' => 'translate_chars_per_day',
			'speech_seconds'  => 'speech_seconds_per_day',
		) as $used => $limit ) {
			if ( ! isset( $usage[ $used ] ) ) {
				continue;
			}
			$parts[] = isset( $result['limits'][ $limit ] )
				/* translators: 1: what is counted, 2: amount used today, 3: the daily limit. */
				? sprintf( __( '%1$s: %2$s of %3$s', 'circassian' ), Service_Facts::key_limit_label( $limit ), number_format_i18n( $usage[ $used ], floor( $usage[ $used ] ) === $usage[ $used ] ? 0 : 1 ), number_format_i18n( $result['limits'][ $limit ] ) )
				: sprintf( '%1$s: %2$s', Service_Facts::key_limit_label( $limit ), number_format_i18n( $usage[ $used ], floor( $usage[ $used ] ) === $usage[ $used ] ? 0 : 1 ) );
		}
		/* translators: %s: the amounts used today, e.g. "requests per day: 12 of 10,000; ...". */
		return $parts ? sprintf( __( 'Used today (resets at midnight UTC): %s.', 'circassian' ), implode( '; ', $parts ) ) : '';
	}

	/**
	 * Asked before the saved key is sent to an address typed (not saved): the test sends the key,
	 * and an address mistyped or pasted from elsewhere may not be the service's.
	 */
	private static function confirm_address( string $address ): WP_Error {
		return new WP_Error(
			'circassian_confirm_address',
			sprintf(
				/* translators: %s: the service address typed on the settings page. */
				__( 'Testing sends the saved API key to %s, which is not the saved service address. Send it only if that is the Circassian service: confirm, or type the key above to test with it.', 'circassian' ),
				$address
			),
			array(
				'status'  => 409,
				'type'    => 'confirm_address',
				'address' => $address,
			)
		);
	}

	/** The refusal to change an address the server pins with the key. */
	public static function locked(): WP_Error {
		return new WP_Error(
			'circassian_base_url_locked',
			__( 'The API key comes from the server (environment or wp-config.php), so the service address can only be set there too: CIRCASSIAN_BASE_URL.', 'circassian' ),
			array(
				'status' => 403,
				'type'   => 'not_allowed',
			)
		);
	}
}
