<?php
/**
 * The file an episode's `<enclosure>` names: the MP3 copy where the site made one
 * (Audio\Audio_Encoder), which every podcast app takes, else the WAV; with its address, type and
 * length in bytes. What the directory check fetches as a directory would.
 *
 * @package Circassian
 */

namespace Circassian\Podcast;

use Circassian\Audio;
use Circassian\Post_Audio;

defined( 'ABSPATH' ) || exit;

final class Episode_Enclosure {

	/**
	 * The episode's enclosure; null when the post has no public, readable audio (no episode).
	 *
	 * @return array{url: string, file: string, type: string, length: int}|null
	 */
	public static function of( \WP_Post $post ): ?array {
		$audio = get_post_meta( $post->ID, Post_Audio\Audio_State::META_AUDIO, true );
		$id    = is_array( $audio ) ? (int) ( $audio['id'] ?? 0 ) : 0;
		$file  = $id > 0 ? get_attached_file( $id ) : false;
		$url   = $id > 0 ? (string) wp_get_attachment_url( $id ) : '';
		if ( ! is_string( $file ) || ! is_readable( $file ) || '' === $url || ! Audio\Audio_Privacy::is_public( $post ) ) {
			return null;
		}
		$mp3       = Audio\Audio_Encoder::copy_of( $id );
		$enclosure = null !== $mp3 ? array( $mp3['url'], $mp3['file'], 'audio/mpeg' ) : array( $url, $file, 'audio/wav' );
		return array(
			'url'    => $enclosure[0],
			'file'   => $enclosure[1],
			'type'   => $enclosure[2],
			'length' => (int) filesize( $enclosure[1] ),
		);
	}

	/**
	 * The newest episode of a feed and its enclosure, or null while the feed has none.
	 *
	 * @return array{post: \WP_Post, enclosure: array{url: string, file: string, type: string, length: int}}|null
	 */
	public static function latest( string $language ): ?array {
		foreach ( Podcast_Feed::episodes( $language ) as $post ) {
			$enclosure = self::of( $post );
			if ( null !== $enclosure ) {
				return array(
					'post'      => $post,
					'enclosure' => $enclosure,
				);
			}
		}
		return null;
	}
}
