<?php
/**
 * A Circassian Audio block whose text changed after its audio was made (its Update could not remake
 * it: the service refused) does not present the old recording as this text's on the page: its
 * player is replaced by a line saying the audio is being updated, as the post's own player is
 * while it is remade. Only the words count here: the attachment's own language, voice and speed
 * are used, so changing the site's default voice withdraws nothing.
 *
 * @package Circassian
 */

namespace Circassian\Audio;

defined( 'ABSPATH' ) || exit;

final class Stale_Block_Audio {

	public static function hook(): void {
		add_filter( 'render_block_circassian/audio', array( self::class, 'render' ), 10, 2 );
	}

	/**
	 * @param string               $html  The block's saved markup.
	 * @param array<string, mixed> $block The parsed block.
	 */
	public static function render( string $html, array $block ): string {
		$attrs    = (array) ( $block['attrs'] ?? array() );
		$id       = (int) ( $attrs['attachmentId'] ?? 0 );
		$settings = $id > 0 ? get_post_meta( $id, Audio_Library::META_SETTINGS, true ) : null;
		$made     = $id > 0 ? (string) get_post_meta( $id, Audio_Library::META_HASH, true ) : '';
		if ( ! is_array( $settings ) || '' === $made ) {
			return $html;
		}
		$request = array(
			'text'     => trim( (string) ( $attrs['text'] ?? '' ) ),
			'language' => (string) ( $settings['language'] ?? '' ),
			'voice'    => (string) ( $settings['voice'] ?? '' ),
			'speed'    => (float) ( $settings['speed'] ?? 0 ),
			'instruct' => (string) ( $settings['instruct'] ?? '' ),
		);
		if ( Audio_Library::source_hash( $request ) === $made ) {
			return $html;
		}
		$note = '<p class="wp-block-circassian-audio__remaking">' . esc_html__( 'The audio of this text is being updated.', 'circassian' ) . '</p>';
		return (string) preg_replace( '#<audio\b[^>]*>.*?</audio>#s', $note, $html, 1 );
	}
}
