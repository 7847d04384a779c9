<?php
/**
 * The podcast's show details, edited on the settings page: its title, description, author and the
 * owner's email (`itunes:owner`, where Apple Podcasts and Spotify send the confirmation of a
 * submitted show). A field left empty follows the site: its name, its tagline and its name again;
 * the email only ever the one typed here (the feed is public: the site's administration address
 * is never shown in it, and without an address the feed names no email).
 *
 * @package Circassian
 */

namespace Circassian\Podcast;

use Circassian\Post_Audio;
use WP_Error;

defined( 'ABSPATH' ) || exit;

final class Podcast_Details {

	public const OPTION = 'circassian_podcast';
	public const FIELDS = array( 'title', 'description', 'author', 'email' );

	/**
	 * What the feed shows: each field as set, else the site's.
	 *
	 * @return array{title: string, description: string, author: string, email: string}
	 */
	public static function settings(): array {
		$stored   = self::stored();
		$defaults = self::defaults();
		$details  = array();
		foreach ( self::FIELDS as $field ) {
			$details[ $field ] = '' !== $stored[ $field ] ? $stored[ $field ] : $defaults[ $field ];
		}
		return $details;
	}

	/**
	 * What the site gives a field left empty.
	 *
	 * @return array{title: string, description: string, author: string, email: string}
	 */
	public static function defaults(): array {
		$name    = html_entity_decode( (string) get_bloginfo( 'name' ), ENT_QUOTES, 'UTF-8' );
		$tagline = html_entity_decode( (string) get_bloginfo( 'description' ), ENT_QUOTES, 'UTF-8' );
		return array(
			'title'       => $name,
			/* translators: %s: site name. */
			'description' => '' !== $tagline ? $tagline : sprintf( __( 'The posts of %s, read aloud.', 'circassian' ), $name ),
			'author'      => $name,
			'email'       => '',
		);
	}

	/**
	 * The fields as stored ('' where the site's value is used).
	 *
	 * @return array{title: string, description: string, author: string, email: string}
	 */
	public static function stored(): array {
		$stored = get_option( self::OPTION, array() );
		$stored = is_array( $stored ) ? $stored : array();
		$fields = array();
		foreach ( self::FIELDS as $field ) {
			$fields[ $field ] = (string) ( $stored[ $field ] ?? '' );
		}
		return $fields;
	}

	/**
	 * Checks the details sent (an object of the four fields, each optional); an email that is not
	 * one is refused before anything is stored.
	 */
	public static function check( mixed $value ): true | WP_Error {
		if ( ! is_array( $value ) ) {
			return Post_Audio\Settings::invalid( __( 'podcast must be an object with title, description, author, email, artwork, category, explicit and declared.', 'circassian' ) );
		}
		$email = trim( (string) ( $value['email'] ?? '' ) );
		if ( '' !== $email && ! is_email( $email ) ) {
			/* translators: %s: what was typed. */
			return Post_Audio\Settings::invalid( sprintf( __( 'The podcast owner’s email is not an email address: %s.', 'circassian' ), $email ) );
		}
		return Podcast_Show::check( $value );
	}

	/**
	 * Stores the fields sent (after check()); a field sent empty follows the site again.
	 *
	 * @param array<string, mixed> $value The fields sent.
	 */
	public static function save( array $value ): void {
		$fields = self::stored();
		foreach ( self::FIELDS as $field ) {
			if ( array_key_exists( $field, $value ) ) {
				$text             = trim( (string) $value[ $field ] );
				$fields[ $field ] = 'email' === $field ? sanitize_email( $text ) : ( 'description' === $field ? sanitize_textarea_field( $text ) : sanitize_text_field( $text ) );
			}
		}
		update_option( self::OPTION, $fields );
		Podcast_Show::save( $value );
	}
}
