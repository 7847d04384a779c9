<?php
/**
 * The post-audio setting: which post types are read aloud (none by default) and where the player
 * goes, and whether one post is read aloud (its own switch, else its type's setting).
 *
 * @package Circassian
 */

namespace Circassian\Post_Audio;

defined( 'ABSPATH' ) || exit;

final class Settings {

	public const OPTION     = 'circassian_post_audio';
	public const PLACEMENTS = array( 'before', 'after', 'block' );
	/** Per-post "Read aloud" switch (post meta): 'on', 'off', or '' to follow the post type's setting. */
	public const READ_ALOUD        = '_circassian_read_aloud';
	public const READ_ALOUD_VALUES = array( '', 'on', 'off' );

	/**
	 * The setting: which post types get audio (none by default) and where the player goes.
	 *
	 * @return array{post_types: list<string>, placement: string}
	 */
	public static function get(): array {
		$stored = get_option( self::OPTION, array() );
		$stored = is_array( $stored ) ? $stored : array();
		$types  = array_values( array_intersect( array_map( 'strval', (array) ( $stored['post_types'] ?? array() ) ), self::allowed_post_types() ) );
		$place  = (string) ( $stored['placement'] ?? 'before' );
		return array(
			'post_types' => $types,
			'placement'  => in_array( $place, self::PLACEMENTS, true ) ? $place : 'before',
		);
	}

	/**
	 * Post types that may have post audio: the registered public ones, media aside.
	 *
	 * @return list<string>
	 */
	public static function allowed_post_types(): array {
		return array_values( array_diff( get_post_types( array( 'public' => true ) ), array( 'attachment' ) ) );
	}

	/**
	 * Saves the setting; an unknown post type or placement is refused, nothing half-saved.
	 *
	 * @param mixed $value {post_types?: string[], placement?: string}.
	 */
	public static function save( mixed $value ): true | \WP_Error {
		if ( ! is_array( $value ) ) {
			return self::invalid( __( 'post_audio must be an object with post_types and placement.', 'circassian' ) );
		}
		$current = self::get();
		$types   = array_key_exists( 'post_types', $value ) ? $value['post_types'] : $current['post_types'];
		$place   = array_key_exists( 'placement', $value ) ? $value['placement'] : $current['placement'];
		if ( ! is_array( $types ) || array_filter( $types, static fn( $type ) => ! is_string( $type ) ) ) {
			return self::invalid( __( 'post_audio.post_types must be a list of post type names.', 'circassian' ) );
		}
		$unknown = array_diff( $types, self::allowed_post_types() );
		if ( $unknown ) {
			/* translators: %s: post type names. */
			return self::invalid( sprintf( __( 'Not a public post type of this site: %s.', 'circassian' ), implode( ', ', $unknown ) ) );
		}
		if ( ! is_string( $place ) || ! in_array( $place, self::PLACEMENTS, true ) ) {
			return self::invalid( __( 'post_audio.placement must be "before", "after" or "block".', 'circassian' ) );
		}
		update_option(
			self::OPTION,
			array(
				'post_types' => array_values( array_unique( $types ) ),
				'placement'  => $place,
			)
		);
		return true;
	}

	/** A setting refused: 400 validation_error with the sentence that says why. */
	public static function invalid( string $message ): \WP_Error {
		return new \WP_Error(
			'rest_invalid_param',
			$message,
			array(
				'status' => 400,
				'type'   => 'validation_error',
			)
		);
	}

	public static function enabled_for( string $post_type ): bool {
		return in_array( $post_type, self::get()['post_types'], true );
	}

	/**
	 * Whether this post is read aloud: its own "Read aloud" switch when set (on, in any public type;
	 * off), else its type's setting.
	 */
	public static function enabled_for_post( \WP_Post $post ): bool {
		return self::enabled_with_switch( $post->post_type, (string) get_post_meta( $post->ID, self::READ_ALOUD, true ) );
	}

	/** Whether a post of $post_type whose "Read aloud" switch is $read_aloud ('on', 'off', '') is read aloud. */
	public static function enabled_with_switch( string $post_type, string $read_aloud ): bool {
		if ( 'on' === $read_aloud ) {
			return in_array( $post_type, self::allowed_post_types(), true );
		}
		return 'off' !== $read_aloud && self::enabled_for( $post_type );
	}
}
