<?php
/**
 * Generated audio as Media Library attachments, each recording its duration and the hash of the
 * text and settings it was made from. Regenerating replaces the block's previous attachment.
 *
 * @package Circassian
 */

namespace Circassian;

use WP_Error;

defined( 'ABSPATH' ) || exit;

final class Audio_Library {

	public const META_HASH     = '_circassian_source_hash';
	public const META_DURATION = '_circassian_duration';
	public const META_SETTINGS = '_circassian_settings';

	/**
	 * The hash the block compares against to say "the text changed since generation".
	 * The same function runs in the editor (src/audio/source-hash.js): FNV-1a 32 over UTF-8.
	 *
	 * @param array{text: string, language: string, voice: string, speed: float, instruct: string} $request Speech request.
	 */
	public static function source_hash( array $request ): string {
		return hash( 'fnv1a32', implode( "\n", array( $request['language'], $request['voice'], number_format( $request['speed'], 2, '.', '' ), $request['instruct'], $request['text'] ) ) );
	}

	/**
	 * Stores a WAV as an attachment of $post_id; deletes $replace_id afterwards when it was ours.
	 *
	 * @param array{text: string, language: string, voice: string, speed: float, instruct: string} $request Speech request.
	 * @return array{id: int, url: string, duration: float, hash: string}|WP_Error
	 */
	public static function store( string $wav, float $duration, array $request, int $post_id, int $replace_id ): array|WP_Error {
		$hash     = self::source_hash( $request );
		$filename = sprintf( 'circassian-%s-%s.wav', $request['language'], $hash );
		$upload   = wp_upload_bits( $filename, null, $wav );
		if ( ! empty( $upload['error'] ) ) {
			return new WP_Error( 'circassian_upload_failed', (string) $upload['error'], array( 'status' => 500 ) );
		}
		$title         = wp_trim_words( $request['text'], 8, '…' );
		$attachment_id = wp_insert_attachment(
			array(
				'post_mime_type' => 'audio/wav',
				'post_title'     => $title,
				'post_content'   => '',
				'post_status'    => 'inherit',
			),
			$upload['file'],
			$post_id > 0 ? $post_id : 0,
			true
		);
		if ( is_wp_error( $attachment_id ) ) {
			wp_delete_file( $upload['file'] );
			return $attachment_id;
		}
		require_once ABSPATH . 'wp-admin/includes/media.php';
		require_once ABSPATH . 'wp-admin/includes/image.php';
		wp_update_attachment_metadata( $attachment_id, wp_generate_attachment_metadata( $attachment_id, $upload['file'] ) );
		update_post_meta( $attachment_id, self::META_HASH, $hash );
		update_post_meta( $attachment_id, self::META_DURATION, round( $duration, 3 ) );
		update_post_meta(
			$attachment_id,
			self::META_SETTINGS,
			array(
				'language' => $request['language'],
				'voice'    => $request['voice'],
				'speed'    => $request['speed'],
				'instruct' => $request['instruct'],
			)
		);
		if ( $replace_id > 0 && $replace_id !== $attachment_id && self::is_ours( $replace_id ) && current_user_can( 'delete_post', $replace_id ) ) {
			wp_delete_attachment( $replace_id, true );
		}
		return array(
			'id'       => $attachment_id,
			'url'      => (string) wp_get_attachment_url( $attachment_id ),
			'duration' => round( $duration, 3 ),
			'hash'     => $hash,
		);
	}

	/**
	 * What the plugin recorded on one of its attachments (null for any other attachment).
	 *
	 * @return array{duration: float, source_hash: string, settings: mixed}|null
	 */
	public static function describe( int $attachment_id ): ?array {
		if ( ! self::is_ours( $attachment_id ) ) {
			return null;
		}
		return array(
			'duration'    => (float) get_post_meta( $attachment_id, self::META_DURATION, true ),
			'source_hash' => (string) get_post_meta( $attachment_id, self::META_HASH, true ),
			'settings'    => get_post_meta( $attachment_id, self::META_SETTINGS, true ),
		);
	}

	/** Only attachments this plugin made are ever replaced. */
	public static function is_ours( int $attachment_id ): bool {
		return 'attachment' === get_post_type( $attachment_id ) && '' !== (string) get_post_meta( $attachment_id, self::META_HASH, true );
	}
}
