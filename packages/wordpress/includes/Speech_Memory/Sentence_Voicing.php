<?php
/**
 * A post's audio from the speech memory: its text cut into sentences (Sentences), each sentence's
 * audio taken from the site's store (Speech_Store) or, when the store has none, asked of the
 * service in an immediate call and kept at once; then the sentences' audio joined into the post's
 * file, with the timings of every sentence (Speech_Timings). Fixing a typo re-voices its sentence,
 * an added paragraph its sentences, a reordering nothing; a sentence any post had before costs
 * nothing. Each voiced sentence is kept as soon as it arrives, so a voicing that fails halfway
 * (the retry is Post_Audio's, as for any voicing) asks again only for what it had not got.
 *
 * Used for post audio when the site switched the speech memory on (Memory_Setting) and every
 * sentence is short enough for an immediate answer (SPEECH_SYNC_MAX_CHARS); else post audio is
 * one speech job, as before.
 *
 * @package Circassian
 */

namespace Circassian\Speech_Memory;

use Circassian\Audio;
use Circassian\Service;
use Circassian\Speech;
use Circassian\Spending;
use WP_Error;

defined( 'ABSPATH' ) || exit;

final class Sentence_Voicing {

	/** The longest wait for room under the key's requests per minute before a sentence is asked. */
	private const MAX_PACE_WAIT_SECONDS = 60;

	/**
	 * The sentences of $text when the memory voices it (switched on, some sentence, each an
	 * immediate call), else null.
	 *
	 * @return list<string>|null
	 */
	public static function sentences_for( string $text ): ?array {
		if ( ! Memory_Setting::enabled() ) {
			return null;
		}
		$sentences = array_map( static fn( array $sentence ): string => $sentence['text'], Sentences::split( $text ) );
		foreach ( $sentences as $sentence ) {
			if ( mb_strlen( $sentence ) > Service\Service_Facts::SPEECH_SYNC_MAX_CHARS ) {
				return null;
			}
		}
		return $sentences ? $sentences : null;
	}

	/**
	 * Voices $sentences of $request under the current user's spending rights and stores the joined
	 * audio as the post's attachment (replacing $replace_id when it is the post's own).
	 *
	 * @param array{text: string, language: string, voice: string, speed: float, instruct: string} $request   The post's speech request.
	 * @param list<string>                                                                          $sentences Its sentences (sentences_for()).
	 * @return array{stored: array{id: int, url: string, duration: float, hash: string}, timings: array<string, mixed>, voiced: int}|WP_Error
	 */
	public static function voice( array $request, array $sentences, int $post_id, int $replace_id, string $block ): array|WP_Error {
		$voice = array(
			'language' => $request['language'],
			'voice'    => $request['voice'],
			'speed'    => $request['speed'],
			'instruct' => $request['instruct'],
		);
		$keys  = array_map( static fn( string $sentence ): string => Speech_Key::of( $sentence, $voice ), $sentences );
		$had   = array();
		$asked = array();
		foreach ( $keys as $index => $key ) {
			if ( isset( $had[ $key ] ) || isset( $asked[ $key ] ) ) {
				continue;
			}
			$stored = Speech_Store::get( $key );
			if ( null === $stored ) {
				$asked[ $key ] = $sentences[ $index ];
			} else {
				$had[ $key ] = $stored;
			}
		}
		$voiced = self::voice_missing( $asked, $voice );
		if ( is_wp_error( $voiced ) ) {
			return $voiced;
		}
		$had  += $voiced;
		$parts = array();
		foreach ( $keys as $index => $key ) {
			$parts[] = array(
				'key'      => $key,
				'first'    => $index,
				'last'     => $index,
				'duration' => $had[ $key ]['duration'],
			);
		}
		// Named as the jobs' temporary files are, so uninstall finds one a failed request left.
		$joined = Speech\Part_Files::temporary( 'speech-memory', 'joined' );
		$length = Audio\Wav::join( array_map( static fn( string $key ): string => $had[ $key ]['path'], $keys ), $joined );
		if ( is_wp_error( $length ) ) {
			wp_delete_file( $joined );
			return $length;
		}
		$stored = Audio\Audio_Library::store( $joined, $length, $request, $post_id, $replace_id, $block );
		wp_delete_file( $joined );
		if ( is_wp_error( $stored ) ) {
			return $stored;
		}
		Speech_Store::touch( array_values( array_unique( $keys ) ) );
		return array(
			'stored'  => $stored,
			'timings' => Speech_Timings::of( $sentences, $parts ),
			'voiced'  => count( $voiced ),
		);
	}

	/**
	 * Asks the service for each sentence the store lacks, keeping each as it arrives. The spending
	 * gate is passed once, for all their characters; those of sentences not voiced are given back.
	 *
	 * @param array<string, string>                                                 $asked Sentence by key.
	 * @param array{language: string, voice: string, speed: float, instruct: string} $voice The request's voice.
	 * @return array<string, array{path: string, duration: float, bytes: int}>|WP_Error
	 */
	private static function voice_missing( array $asked, array $voice ): array|WP_Error {
		if ( ! $asked ) {
			return array();
		}
		$client = Service\Service_Client::from_settings();
		if ( is_wp_error( $client ) ) {
			return $client;
		}
		$chars = array_sum( array_map( 'mb_strlen', $asked ) );
		$held  = Spending\Access::reserve( $chars );
		if ( is_wp_error( $held ) ) {
			return $held;
		}
		$voiced = array();
		$spent  = 0;
		foreach ( $asked as $key => $sentence ) {
			$got = self::voice_one( $client, $key, $sentence, $voice );
			if ( is_wp_error( $got ) ) {
				Spending\Access::refund( $held, $chars - $spent );
				return $got;
			}
			$voiced[ $key ] = $got;
			$spent         += mb_strlen( $sentence );
		}
		return $voiced;
	}

	/**
	 * One sentence from the service, checked to be a WAV and kept in the store.
	 *
	 * @param array{language: string, voice: string, speed: float, instruct: string} $voice The request's voice.
	 * @return array{path: string, duration: float, bytes: int}|WP_Error
	 */
	private static function voice_one( Service\Service_Client $client, string $key, string $sentence, array $voice ): array|WP_Error {
		// The key's per-minute limit is shared with all the site sends: wait for room, not a 429.
		$waited = 0.0;
		for ( $wait = Service\Request_Pace::wait_seconds(); $wait > 0 && $waited < self::MAX_PACE_WAIT_SECONDS; $wait = Service\Request_Pace::wait_seconds() ) {
			usleep( (int) ( min( $wait, 5.0 ) * 1000000 ) );
			$waited += min( $wait, 5.0 );
		}
		$body   = array(
			'text'     => $sentence,
			'language' => $voice['language'],
			'voice'    => $voice['voice'],
			'speed'    => $voice['speed'],
		) + ( '' === $voice['instruct'] ? array() : array( 'instruct' => $voice['instruct'] ) );
		$file   = Speech\Part_Files::temporary( 'speech-memory', 'sentence' );
		$answer = $client->request( 'POST', '/v1/speech', $body, $file );
		if ( is_wp_error( $answer ) ) {
			wp_delete_file( $file );
			return $answer;
		}
		if ( ! str_starts_with( strtolower( $answer['content_type'] ), 'audio/' ) ) {
			wp_delete_file( $file );
			return Service\Service_Error::make( 'invalid_response', __( 'The service sent no audio for a sentence.', 'circassian' ), 502 );
		}
		$kept = Speech_Store::put( $key, $voice['language'], $file );
		if ( is_wp_error( $kept ) ) {
			wp_delete_file( $file );
		}
		return $kept;
	}
}
