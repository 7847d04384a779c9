<?php
/**
 * MP3 episodes made in the administrator's browser, for servers without lame or ffmpeg (most shared
 * hosting): GET circassian/v1/podcast/mp3 lists the feeds' episodes that are WAV only; POST
 * circassian/v1/podcast/mp3/{attachment}, the MP3 file as the body, stores it as that WAV's copy
 * (Audio\Audio_Encoder::store), where the server's encoder would have put it, once it is checked:
 * MPEG audio frames throughout (Audio\Mp3_File) and as long as the WAV. The settings page's
 * script (src/podcast-settings) does the encoding; the browser handles audio files only.
 *
 * @package Circassian
 */

namespace Circassian\REST;

use Circassian\Audio;
use Circassian\Podcast;
use WP_Error;
use WP_REST_Request;
use WP_REST_Server;

defined( 'ABSPATH' ) || exit;

final class Podcast_Mp3_Controller {

	public const ROUTE = '/podcast/mp3';
	/** Encoder delay, padding and a header frame make an MP3 a little longer than its WAV; more is another file. */
	private const SLACK_SECONDS = 0.5;
	private const SLACK_SHARE   = 0.02;

	public function register_routes(): void {
		register_rest_route(
			Route_Permissions::NAMESPACE,
			self::ROUTE,
			array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => array( $this, 'missing' ),
				'permission_callback' => array( Route_Permissions::class, 'can_manage_settings' ),
			)
		);
		register_rest_route(
			Route_Permissions::NAMESPACE,
			self::ROUTE . '/(?P<attachment>\d+)',
			array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => array( $this, 'upload' ),
				'permission_callback' => array( Route_Permissions::class, 'can_manage_settings' ),
				'args'                => array(
					'attachment' => array(
						'type'     => 'integer',
						'required' => true,
					),
				),
			)
		);
	}

	/**
	 * @return list<array{attachment: int, wav: string, title: string, seconds: float, mp3: bool}>
	 */
	public function missing(): array {
		return Podcast\Episode_Mp3s::missing();
	}

	/**
	 * @param WP_REST_Request $request The attachment, and the MP3 file as the body.
	 * @return array{attachment: int, url: string, bytes: int, seconds: float}|WP_Error
	 */
	public function upload( WP_REST_Request $request ): array|WP_Error {
		$id      = (int) $request['attachment'];
		$episode = current( array_filter( Podcast\Episode_Mp3s::all(), static fn( array $one ): bool => $one['attachment'] === $id ) );
		if ( false === $episode ) {
			return new WP_Error( 'circassian_not_an_episode', __( 'That file is not the audio of a podcast episode of this site.', 'circassian' ), array( 'status' => 404 ) );
		}
		if ( $episode['mp3'] ) {
			return new WP_Error( 'circassian_mp3_exists', __( 'This episode has its MP3 already.', 'circassian' ), array( 'status' => 409 ) );
		}
		$bytes = $request->get_body();
		$mp3   = Audio\Mp3_File::inspect( $bytes );
		if ( is_wp_error( $mp3 ) ) {
			return $mp3;
		}
		if ( abs( $mp3['seconds'] - $episode['seconds'] ) > self::SLACK_SECONDS + self::SLACK_SHARE * $episode['seconds'] ) {
			return new WP_Error(
				'circassian_mp3_length',
				/* translators: 1: the MP3's length in seconds, 2: the WAV's. */
				sprintf( __( 'The MP3 lasts %1$.1f s but the episode’s WAV %2$.1f s: it is not this episode’s audio.', 'circassian' ), $mp3['seconds'], $episode['seconds'] ),
				array( 'status' => 400 )
			);
		}
		$wav = (string) get_attached_file( $id );
		if ( ! Audio\Audio_Encoder::store( $wav, $bytes ) ) {
			return new WP_Error( 'circassian_mp3_not_stored', __( 'The site could not write the MP3 beside the episode’s WAV (is the uploads folder writable?).', 'circassian' ), array( 'status' => 500 ) );
		}
		$copy = Audio\Audio_Encoder::copy_of( $id );
		return array(
			'attachment' => $id,
			'url'        => null !== $copy ? $copy['url'] : '',
			'bytes'      => strlen( $bytes ),
			'seconds'    => round( $mp3['seconds'], 3 ),
		);
	}
}
