<?php
/**
 * What the editor stores per post and per block for post audio: the post's voice and its "Read
 * aloud" switch (post meta the document sidebar edits; the switch's key and values are the
 * setting's, Settings::READ_ALOUD), and the attribute that keeps a block out of the post's audio.
 *
 * @package Circassian
 */

namespace Circassian\Post_Audio;

defined( 'ABSPATH' ) || exit;

final class Post_Meta {

	/** Per-post speech settings (language, voice, speed); empty fields take the site's defaults. */
	public const VOICE = '_circassian_post_voice';
	/** The shape of VOICE, for the meta's REST field and the routes that take a voice as edited. */
	public const VOICE_SCHEMA = array(
		'type'                 => 'object',
		'properties'           => array(
			'language' => array( 'type' => 'string' ),
			'voice'    => array( 'type' => 'string' ),
			'speed'    => array( 'type' => 'number' ),
		),
		'additionalProperties' => false,
	);
	/** The block attribute that keeps a block out of the post's audio. */
	public const SKIP_ATTRIBUTE = 'circassianNotInAudio';

	public static function hook(): void {
		add_action( 'init', array( self::class, 'register' ) );
		add_filter( 'register_block_type_args', array( self::class, 'add_skip_attribute' ) );
	}

	/**
	 * Every block knows the "not in audio" attribute the editor adds, so server-rendered blocks
	 * accept it (the block renderer refuses attributes it does not know).
	 *
	 * @param array<string, mixed> $args Block type arguments.
	 * @return array<string, mixed>
	 */
	public static function add_skip_attribute( array $args ): array {
		$args['attributes']                         = (array) ( $args['attributes'] ?? array() );
		$args['attributes'][ self::SKIP_ATTRIBUTE ] = array(
			'type'    => 'boolean',
			'default' => false,
		);
		return $args;
	}

	/** Per-post voice in the document sidebar (REST-visible to editors of the post). */
	public static function register(): void {
		foreach ( Settings::allowed_post_types() as $type ) {
			register_post_meta(
				$type,
				self::VOICE,
				array(
					'type'          => 'object',
					'single'        => true,
					'show_in_rest'  => array(
						'schema' => self::VOICE_SCHEMA,
					),
					'auth_callback' => static fn( $allowed, $key, $post_id ) => current_user_can( 'edit_post', $post_id ),
				)
			);
			register_post_meta(
				$type,
				Settings::READ_ALOUD,
				array(
					'type'              => 'string',
					'single'            => true,
					'default'           => '',
					'show_in_rest'      => array( 'schema' => array( 'enum' => Settings::READ_ALOUD_VALUES ) ),
					'sanitize_callback' => static fn( $value ) => in_array( $value, Settings::READ_ALOUD_VALUES, true ) ? $value : '',
					'auth_callback'     => static fn( $allowed, $key, $post_id ) => current_user_can( 'edit_post', $post_id ),
				)
			);
		}
	}
}
