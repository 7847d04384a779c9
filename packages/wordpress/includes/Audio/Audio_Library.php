<?php
/**
 * Generated audio as Media Library attachments, each recording its duration and the hash of the
 * text and settings it was made from. Regenerating replaces the block's previous attachment.
 *
 * @package Circassian
 */

namespace Circassian\Audio;

use WP_Error;

defined( 'ABSPATH' ) || exit;

final class Audio_Library {

	public const META_HASH     = '_circassian_source_hash';
	public const META_DURATION = '_circassian_duration';
	public const META_SETTINGS = '_circassian_settings';
	/** The post and block (the block's `blockId`) an attachment was made for. */
	public const META_OWNER = '_circassian_owner';

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
	 * Stores a checked WAV file (copied into the uploads folder a piece at a time) as an
	 * attachment of $post_id; deletes $replace_id afterwards when it was ours.
	 *
	 * @param array{text: string, language: string, voice: string, speed: float, instruct: string} $request Speech request.
	 * @return array{id: int, url: string, duration: float, hash: string}|WP_Error
	 */
	public static function store( string $wav_file, float $duration, array $request, int $post_id, int $replace_id, string $block = '' ): array|WP_Error {
		$hash = self::source_hash( $request );
		// Unguessable: the file has a public address from the moment it is stored, and a draft's,
		// private or protected post's audio must not be found from its text (the hash alone is
		// the editor's, computed from text and voice). 128 random bits, as a capability URL has.
		$upload = self::copy_to_uploads( $wav_file, sprintf( 'circassian-%s-%s-%s.wav', $request['language'], $hash, bin2hex( random_bytes( 16 ) ) ) );
		if ( is_wp_error( $upload ) ) {
			return $upload;
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
		update_post_meta(
			$attachment_id,
			self::META_OWNER,
			array(
				'post'  => $post_id,
				'block' => $block,
			)
		);
		if ( $replace_id > 0 && $replace_id !== $attachment_id && self::may_replace( $replace_id, $post_id, $block ) && current_user_can( 'delete_post', $replace_id ) ) {
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
	 * @return array{file: string}|WP_Error Where the copy is.
	 */
	private static function copy_to_uploads( string $source, string $filename ): array|WP_Error {
		$dir = wp_upload_dir();
		if ( ! empty( $dir['error'] ) || ! wp_mkdir_p( $dir['path'] ) ) {
			return new WP_Error( 'circassian_upload_failed', (string) ( $dir['error'] ?: __( 'The uploads folder cannot be written.', 'circassian' ) ), array( 'status' => 500 ) );
		}
		$target = trailingslashit( $dir['path'] ) . wp_unique_filename( $dir['path'], $filename );
		if ( ! copy( $source, $target ) ) {
			return new WP_Error( 'circassian_upload_failed', __( 'The audio could not be copied into the uploads folder.', 'circassian' ), array( 'status' => 500 ) );
		}
		$stat = stat( dirname( $target ) );
		chmod( $target, $stat ? ( $stat['mode'] & 0000666 ) : 0644 ); // phpcs:ignore WordPress.WP.AlternativeFunctions -- as wp_upload_bits() sets it.
		return array( 'file' => $target );
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

	/**
	 * Regenerating deletes the previous audio only when it is this block's own (made for this
	 * post and this block) and nothing else uses it: a post translated or duplicated, or a block
	 * copied or pasted, may play the same file, and deleting it would silence their players.
	 */
	public static function may_replace( int $attachment_id, int $post_id, string $block ): bool {
		if ( ! self::is_ours( $attachment_id ) || $post_id <= 0 || '' === $block ) {
			return false;
		}
		$owner = get_post_meta( $attachment_id, self::META_OWNER, true );
		if ( ! is_array( $owner ) || (int) ( $owner['post'] ?? 0 ) !== $post_id || (string) ( $owner['block'] ?? '' ) !== $block ) {
			return false;
		}
		return array() === self::users( $attachment_id, $post_id, $block );
	}

	/**
	 * The posts (of any type and status, revisions aside) whose content uses the attachment, by
	 * id or by address, leaving out the block $block of $post_id itself.
	 *
	 * @return list<int>
	 */
	public static function users( int $attachment_id, int $post_id = 0, string $block = '' ): array {
		global $wpdb;
		$url = (string) wp_get_attachment_url( $attachment_id );
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- a search of post content; no API searches block attributes.
		$ids   = $wpdb->get_col(
			$wpdb->prepare(
				"SELECT ID FROM %i WHERE post_type NOT IN ('revision', 'attachment') AND ( post_content LIKE %s OR ( %s <> '' AND post_content LIKE %s ) )",
				$wpdb->posts,
				'%' . $wpdb->esc_like( '"attachmentId":' . $attachment_id ) . '%',
				$url,
				'%' . $wpdb->esc_like( $url ) . '%'
			)
		);
		$users = array();
		foreach ( array_map( 'intval', $ids ) as $id ) {
			if ( self::post_uses( $id, $attachment_id, $url, $id === $post_id ? $block : null ) ) {
				$users[] = $id;
			}
		}
		return $users;
	}

	/** Whether a post's blocks use the attachment, other than through block $except. */
	private static function post_uses( int $post_id, int $attachment_id, string $url, ?string $except ): bool {
		$stack = parse_blocks( (string) get_post_field( 'post_content', $post_id, 'raw' ) );
		while ( $stack ) {
			$block = array_shift( $stack );
			array_push( $stack, ...( $block['innerBlocks'] ?? array() ) );
			$attrs = (array) ( $block['attrs'] ?? array() );
			$uses  = (int) ( $attrs['attachmentId'] ?? 0 ) === $attachment_id || (int) ( $attrs['id'] ?? 0 ) === $attachment_id
				|| ( '' !== $url && str_contains( (string) ( $block['innerHTML'] ?? '' ), $url ) );
			if ( $uses && ( null === $except || (string) ( $attrs['blockId'] ?? '' ) !== $except ) ) {
				return true;
			}
		}
		return false;
	}

	/** Only attachments this plugin made are ever replaced. */
	public static function is_ours( int $attachment_id ): bool {
		return 'attachment' === get_post_type( $attachment_id ) && '' !== (string) get_post_meta( $attachment_id, self::META_HASH, true );
	}
}
