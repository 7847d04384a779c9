<?php
/**
 * The addresses of the Circassian service's terms of use and privacy policy. The service publishes
 * none yet, so the site owner fills in the ones that apply to the key they use (from its
 * provider); the privacy policy guide (Settings > Privacy) and readme.txt point to them, as the
 * plugin directory asks of every plugin that calls a remote service.
 *
 * @package Circassian
 */

namespace Circassian\Service;

use WP_Error;

defined( 'ABSPATH' ) || exit;

final class Service_Policies {

	public const OPTION = 'circassian_service_policies';
	/** The two addresses, by the field name the settings form and route use. */
	public const FIELDS = array( 'terms_url', 'privacy_url' );

	public static function hook(): void {
		add_action( 'admin_init', array( self::class, 'add_privacy_policy_content' ) );
	}

	/**
	 * @return array{terms_url: string, privacy_url: string}
	 */
	public static function settings(): array {
		$stored = get_option( self::OPTION, array() );
		$stored = is_array( $stored ) ? $stored : array();
		return array(
			'terms_url'   => isset( $stored['terms_url'] ) ? esc_url_raw( (string) $stored['terms_url'] ) : '',
			'privacy_url' => isset( $stored['privacy_url'] ) ? esc_url_raw( (string) $stored['privacy_url'] ) : '',
		);
	}

	/** An empty value (clears the address) or an http(s) address; anything else is refused. */
	public static function is_valid( string $value ): bool {
		$value = trim( $value );
		return '' === $value || ( in_array( wp_parse_url( $value, PHP_URL_SCHEME ), array( 'http', 'https' ), true ) && '' !== esc_url_raw( $value ) && false !== filter_var( $value, FILTER_VALIDATE_URL ) );
	}

	/**
	 * Checks the addresses sent, without storing anything (so a refused request changes nothing).
	 *
	 * @param array<string, mixed> $values terms_url, privacy_url (each optional).
	 */
	public static function check( array $values ): true | WP_Error {
		foreach ( self::FIELDS as $field ) {
			if ( isset( $values[ $field ] ) && ! self::is_valid( (string) $values[ $field ] ) ) {
				return new WP_Error(
					'rest_invalid_param',
					/* translators: %s: the address as typed. */
					sprintf( __( 'Not a web address: %s. Enter an https:// address, or leave the field empty.', 'circassian' ), (string) $values[ $field ] ),
					array(
						'status' => 400,
						'type'   => 'validation_error',
					)
				);
			}
		}
		return true;
	}

	/**
	 * Stores the addresses sent (a field not sent keeps its address); call check() first.
	 *
	 * @param array<string, mixed> $values terms_url, privacy_url (each optional).
	 */
	public static function save( array $values ): void {
		$current = self::settings();
		foreach ( self::FIELDS as $field ) {
			if ( isset( $values[ $field ] ) ) {
				$current[ $field ] = esc_url_raw( trim( (string) $values[ $field ] ) );
			}
		}
		update_option( self::OPTION, $current, false );
	}

	/** The plugin's part of the site's privacy policy guide: what leaves the site, when, and for whom. */
	public static function add_privacy_policy_content(): void {
		if ( ! function_exists( 'wp_add_privacy_policy_content' ) ) {
			return;
		}
		wp_add_privacy_policy_content( __( 'Circassian', 'circassian' ), wp_kses_post( wpautop( self::policy_text(), false ) ) );
	}

	/** The suggested policy text, with the addresses the site owner filled in (or what to do without them). */
	public static function policy_text(): string {
		$links      = self::settings();
		$paragraphs = array(
			__( 'This site uses the Circassian translation and speech service to translate posts and to make audio of them. The text of the blocks an editor translates or voices, and, when post audio is on, the title and text of a post when it is published or updated, are sent to the service. No visitor data is sent: visitors get the audio files from this site.', 'circassian' ),
		);
		if ( '' !== $links['terms_url'] ) {
			/* translators: %s: address of the service's terms of use. */
			$paragraphs[] = sprintf( __( 'The service\'s terms of use: %s', 'circassian' ), '<a href="' . esc_url( $links['terms_url'] ) . '">' . esc_html( $links['terms_url'] ) . '</a>' );
		}
		if ( '' !== $links['privacy_url'] ) {
			/* translators: %s: address of the service's privacy policy. */
			$paragraphs[] = sprintf( __( 'The service\'s privacy policy: %s', 'circassian' ), '<a href="' . esc_url( $links['privacy_url'] ) . '">' . esc_html( $links['privacy_url'] ) . '</a>' );
		}
		if ( '' === $links['terms_url'] || '' === $links['privacy_url'] ) {
			$paragraphs[] = __( 'Site owner: enter the addresses of the service\'s terms of use and privacy policy in Settings > Circassian, and they appear here.', 'circassian' );
		}
		return implode( "\n\n", $paragraphs );
	}
}
