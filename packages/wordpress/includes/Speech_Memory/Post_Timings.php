<?php
/**
 * A voiced post's read-along timings (Speech_Timings), kept as post meta beside its audio with the
 * audio's hash, so timings are only ever read with the audio they were made for: REST carries
 * them (the post's `circassian_speech_timings` field) and the player holds them.
 *
 * @package Circassian
 */

namespace Circassian\Speech_Memory;

use Circassian\Post_Audio;

defined( 'ABSPATH' ) || exit;

final class Post_Timings {

	public const META = '_circassian_post_audio_timings';
	/** The REST field of a post that reads them. */
	public const FIELD = 'circassian_speech_timings';

	public static function hook(): void {
		add_action( 'rest_api_init', array( self::class, 'register_field' ) );
	}

	/**
	 * @param array<string, mixed> $timings Speech_Timings::of().
	 */
	public static function save( int $post_id, array $timings, string $hash ): void {
		update_post_meta( $post_id, self::META, array( 'hash' => $hash ) + $timings );
	}

	/**
	 * The timings of the audio the post plays now, or null (none made, or made for earlier audio).
	 *
	 * @return array<string, mixed>|null
	 */
	public static function of( int $post_id ): ?array {
		$timings = get_post_meta( $post_id, self::META, true );
		$audio   = get_post_meta( $post_id, Post_Audio\Audio_State::META_AUDIO, true );
		if ( ! is_array( $timings ) || ! is_array( $audio ) || ( $timings['hash'] ?? '' ) !== ( $audio['hash'] ?? null ) ) {
			return null;
		}
		unset( $timings['hash'] );
		return $timings;
	}

	/** Read-only, on every type with post audio; public as the audio is (Player shows it). */
	public static function register_field(): void {
		foreach ( Post_Audio\Settings::allowed_post_types() as $type ) {
			register_rest_field(
				$type,
				self::FIELD,
				array(
					'get_callback' => static fn( array $post ) => self::of( (int) $post['id'] ),
					'schema'       => array(
						'description' => __( 'Where each sentence starts and ends in the post audio, in seconds.', 'circassian' ),
						'type'        => array( 'object', 'null' ),
						'context'     => array( 'view', 'edit' ),
						'readonly'    => true,
					),
				)
			);
		}
	}
}
