<?php
/**
 * The feeds' episodes by whether their audio has its MP3 copy yet (Audio\Audio_Encoder): what the
 * settings page counts, and the WAV files the administrator's browser encodes when the server
 * cannot (REST\Podcast_Mp3_Controller). Only a feed's episode may get a copy from outside.
 *
 * @package Circassian
 */

namespace Circassian\Podcast;

use Circassian\Audio;
use Circassian\Post_Audio;

defined( 'ABSPATH' ) || exit;

final class Episode_Mp3s {

	/**
	 * Every feed's episodes whose audio is a WAV file: its attachment, WAV address, post title and
	 * duration in seconds (read from the WAV), and whether it has its MP3 copy.
	 *
	 * @return list<array{attachment: int, wav: string, title: string, seconds: float, mp3: bool}>
	 */
	public static function all(): array {
		$episodes = array();
		foreach ( Podcast_Feed::languages() as $language ) {
			foreach ( Podcast_Feed::episodes( $language ) as $post ) {
				$audio = get_post_meta( $post->ID, Post_Audio\Audio_State::META_AUDIO, true );
				$id    = is_array( $audio ) ? (int) ( $audio['id'] ?? 0 ) : 0;
				$file  = $id > 0 ? get_attached_file( $id ) : false;
				if ( ! is_string( $file ) || ! str_ends_with( strtolower( $file ), '.wav' ) || ! is_readable( $file ) || ! Audio\Audio_Privacy::is_public( $post ) ) {
					continue;
				}
				$episodes[ $id ] = array(
					'attachment' => $id,
					'wav'        => (string) wp_get_attachment_url( $id ),
					'title'      => html_entity_decode( get_the_title( $post ), ENT_QUOTES | ENT_HTML5, 'UTF-8' ),
					'seconds'    => Audio\Wav::duration( $file ),
					'mp3'        => null !== Audio\Audio_Encoder::copy_of( $id ),
				);
			}
		}
		return array_values( $episodes );
	}

	/**
	 * The episodes still without an MP3 copy.
	 *
	 * @return list<array{attachment: int, wav: string, title: string, seconds: float, mp3: bool}>
	 */
	public static function missing(): array {
		return array_values( array_filter( self::all(), static fn( array $episode ): bool => ! $episode['mp3'] ) );
	}
}
