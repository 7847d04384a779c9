<?php
/**
 * What podcast directories ask of a show beyond its words (Podcast_Details): the artwork (a Media
 * Library image, Podcast_Artwork), Apple's category and subcategory, whether it is explicit, and
 * the `<language>` each feed declares for a language without a two-letter code.
 *
 * Apple Podcasts takes only ISO 639-1 codes (two letters) in `<language>`, and Kabardian (kbd) and
 * Adyghe (ady) have none: a feed declaring `kbd` is refused. So the Kabardian and Adyghe feeds
 * declare a two-letter language chosen here, Russian unless changed (the language their listeners
 * share, which every directory lists), and the true language stays where it can: the show's
 * title ("… (Kabardian audio)"), the episodes' own text, and each transcript's language.
 *
 * @package Circassian
 */

namespace Circassian\Podcast;

use Circassian\Post_Audio;
use WP_Error;

defined( 'ABSPATH' ) || exit;

final class Podcast_Show {

	public const OPTION           = 'circassian_podcast_show';
	public const DEFAULT_CATEGORY = 'Education > Language Learning';
	/** The languages without a two-letter code, each feed's declared language by default. */
	public const DECLARED_DEFAULTS = array(
		'kbd' => 'ru',
		'ady' => 'ru',
	);
	/** Two-letter languages a Kabardian or Adyghe feed may declare: where its listeners live and read. */
	public const DECLARABLE = array( 'ru', 'tr', 'ar', 'en' );

	/**
	 * The show's settings as the feed uses them.
	 *
	 * @return array{artwork: int, category: string, explicit: bool, declared: array<string, string>}
	 */
	public static function get(): array {
		$stored = get_option( self::OPTION, array() );
		$stored = is_array( $stored ) ? $stored : array();
		return array(
			'artwork'  => (int) ( $stored['artwork'] ?? 0 ),
			'category' => (string) ( $stored['category'] ?? self::DEFAULT_CATEGORY ),
			'explicit' => (bool) ( $stored['explicit'] ?? false ),
			'declared' => array_merge( self::DECLARED_DEFAULTS, array_intersect_key( (array) ( $stored['declared'] ?? array() ), self::DECLARED_DEFAULTS ) ),
		);
	}

	/** The `<language>` a feed declares: the language itself where it has two letters, else the one chosen. */
	public static function declared_language( string $language ): string {
		return self::get()['declared'][ $language ] ?? $language;
	}

	/**
	 * Apple's categories: each category's subcategories.
	 *
	 * @return array<string, list<string>>
	 */
	public static function categories(): array {
		static $categories = null;
		if ( null === $categories ) {
			$json       = wp_json_file_decode( __DIR__ . '/apple-categories.json', array( 'associative' => true ) );
			$categories = is_array( $json ) ? (array) $json['categories'] : array();
		}
		return $categories;
	}

	/**
	 * A category setting as the feed nests it: the category, and its subcategory if any.
	 *
	 * @return list<string>
	 */
	public static function category_path( string $category ): array {
		return array_map( 'trim', explode( '>', $category, 2 ) );
	}

	/**
	 * Checks what the settings sent (artwork, category, explicit, declared), each optional; the
	 * first refusal stops everything, so nothing is stored.
	 *
	 * @param array<string, mixed> $value The podcast settings sent.
	 */
	public static function check( array $value ): true | WP_Error {
		$artwork_id = (int) ( $value['artwork'] ?? 0 );
		// A new image is checked; the one stored passed when it was saved.
		if ( $artwork_id > 0 && self::get()['artwork'] !== $artwork_id ) {
			$artwork = Podcast_Artwork::check_attachment( $artwork_id );
			if ( is_wp_error( $artwork ) ) {
				return Post_Audio\Settings::invalid( $artwork->get_error_message() . ' ' . __( 'Nothing was saved.', 'circassian' ) );
			}
		}
		if ( isset( $value['category'] ) ) {
			[ $category, $sub ] = self::category_path( (string) $value['category'] ) + array( '', '' );
			$subs               = self::categories()[ $category ] ?? null;
			if ( null === $subs || ( '' !== $sub && ! in_array( $sub, $subs, true ) ) ) {
				/* translators: %s: what was sent. */
				return Post_Audio\Settings::invalid( sprintf( __( 'Not one of Apple Podcasts’ categories: %s.', 'circassian' ), (string) $value['category'] ) );
			}
		}
		foreach ( (array) ( $value['declared'] ?? array() ) as $language => $declared ) {
			if ( ! isset( self::DECLARED_DEFAULTS[ $language ] ) || ! in_array( $declared, array_merge( self::DECLARABLE, array( $language ) ), true ) ) {
				/* translators: 1: language code, 2: what was sent. */
				return Post_Audio\Settings::invalid( sprintf( __( 'The %1$s feed cannot declare the language %2$s.', 'circassian' ), (string) $language, (string) $declared ) );
			}
		}
		return true;
	}

	/**
	 * Stores what was sent (after check()); what was not sent stays as it was.
	 *
	 * @param array<string, mixed> $value The podcast settings sent.
	 */
	public static function save( array $value ): void {
		$show = self::get();
		if ( isset( $value['artwork'] ) ) {
			$show['artwork'] = max( 0, (int) $value['artwork'] );
		}
		if ( isset( $value['category'] ) ) {
			$show['category'] = implode( ' > ', self::category_path( (string) $value['category'] ) );
		}
		if ( isset( $value['explicit'] ) ) {
			$show['explicit'] = rest_sanitize_boolean( $value['explicit'] );
		}
		if ( isset( $value['declared'] ) ) {
			$show['declared'] = array_merge( $show['declared'], array_map( 'strval', (array) $value['declared'] ) );
		}
		update_option( self::OPTION, $show );
	}

	/**
	 * The REST schema of these settings, beside Podcast_Details' fields.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	public static function schema(): array {
		return array(
			'artwork'  => array( 'type' => array( 'integer', 'string' ) ),
			'category' => array( 'type' => 'string' ),
			'explicit' => array( 'type' => array( 'boolean', 'string' ) ),
			'declared' => array(
				'type'                 => 'object',
				'properties'           => array_fill_keys( array_keys( self::DECLARED_DEFAULTS ), array( 'type' => 'string' ) ),
				'additionalProperties' => false,
			),
		);
	}
}
