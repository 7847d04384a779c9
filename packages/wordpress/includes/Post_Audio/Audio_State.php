<?php
/**
 * Where a post's audio stands, kept in post meta: the audio made (with the hash of its text and
 * voice), what is being made (the hash, since when, its job or why it failed), since when it is
 * being remade, and its language; the state the editor and bulk runs read from them; and its
 * withdrawal from a post that stopped being public.
 *
 * @package Circassian
 */

namespace Circassian\Post_Audio;

use Circassian\Audio;
use Circassian\Speech;

defined( 'ABSPATH' ) || exit;

final class Audio_State {

	/** The audio made: {id, url, hash, duration}. */
	public const META_AUDIO = '_circassian_post_audio';
	/** The hash being made right now, so a second save of the same text starts nothing. */
	public const META_PENDING = '_circassian_post_audio_pending';
	/**
	 * Since when the post's audio is of an earlier text or voice and is being made again: while set,
	 * the player keeps playing the earlier audio and says it reads an earlier version (an outage or a
	 * spent allowance must not silence a post), until the new audio exists.
	 */
	public const META_REMAKING = '_circassian_post_audio_remaking';
	/** The language of the post's audio, for the podcast feed's query. */
	public const META_LANGUAGE = '_circassian_post_audio_language';
	public const MISSING       = 'missing';
	public const STALE         = 'stale';
	public const PENDING       = 'pending';
	public const CURRENT       = 'current';
	public const EMPTY         = 'empty';
	public const DONE          = 'done';
	public const RUNNING       = 'running';

	/**
	 * Where a post's audio stands against its text now: none yet, made from another text or
	 * voice, being made from this one, or current; EMPTY when there is nothing to read.
	 */
	public static function of( \WP_Post $post, ?array $voice = null ): string {
		return self::for_request( $post->ID, Speech_Request::of( $post, $voice ) );
	}

	/**
	 * Where the audio of post $post_id stands against a speech request made for it (Speech_Request::of()).
	 *
	 * @param array{text: string, language: string, voice: string, speed: float, instruct: string} $request
	 */
	public static function for_request( int $post_id, array $request ): string {
		return '' === trim( $request['text'] ) ? self::EMPTY : self::for_hash( $post_id, Audio\Audio_Library::source_hash( $request ) );
	}

	/** Where the audio of post $post_id stands against the text and voice of hash $hash. */
	public static function for_hash( int $post_id, string $hash ): string {
		$audio   = get_post_meta( $post_id, self::META_AUDIO, true );
		$pending = get_post_meta( $post_id, self::META_PENDING, true );
		if ( is_array( $audio ) && ( $audio['hash'] ?? '' ) === $hash ) {
			return self::CURRENT;
		}
		if ( is_array( $pending ) && ( $pending['hash'] ?? '' ) === $hash && ! self::pending_is_stale( $pending ) ) {
			return self::PENDING;
		}
		return is_array( $audio ) ? self::STALE : self::MISSING;
	}

	/** Whether the text and voice of hash $hash have neither audio nor audio being made. */
	public static function needs_audio( int $post_id, string $hash ): bool {
		return in_array( self::for_hash( $post_id, $hash ), array( self::MISSING, self::STALE ), true );
	}

	/**
	 * @param array<string, mixed> $pending What META_PENDING holds.
	 */
	private static function pending_is_stale( array $pending ): bool {
		return time() - (int) ( $pending['since'] ?? 0 ) > Speech\Job_Rules::MAX_AGE_SECONDS;
	}

	/**
	 * What is being made for a post (META_PENDING): the hash, since when, and the job or the error.
	 *
	 * @param array{job?: string, error?: string, error_type?: string, retry_at?: int, attempts?: int, failing_since?: int} $more The job being made, or why nothing is.
	 */
	public static function mark_pending( int $post_id, string $hash, array $more = array() ): void {
		update_post_meta(
			$post_id,
			self::META_PENDING,
			array(
				'hash'  => $hash,
				'since' => time(),
			) + $more
		);
	}

	/**
	 * The voicings of the post that failed in a row until now (none after audio was made), and since
	 * when: the backoff of the next retry and when the site stops retrying are read from them.
	 *
	 * @return array{attempts?: int, failing_since?: int}
	 */
	public static function trouble( int $post_id ): array {
		$pending = get_post_meta( $post_id, self::META_PENDING, true );
		if ( ! is_array( $pending ) || (int) ( $pending['attempts'] ?? 0 ) < 1 ) {
			return array();
		}
		return array(
			'attempts'      => (int) $pending['attempts'],
			'failing_since' => (int) ( $pending['failing_since'] ?? time() ),
		);
	}

	/**
	 * Why the post's last voicing made no audio (refused or failed), or null: the error's type and
	 * its message (redacted; the service's own words are never shown, the editor says the type's).
	 *
	 * @return array{type: string, message: string}|null
	 */
	public static function last_error( int $post_id ): ?array {
		$pending = get_post_meta( $post_id, self::META_PENDING, true );
		if ( ! is_array( $pending ) || ! isset( $pending['error'] ) ) {
			return null;
		}
		return array(
			'type'    => (string) ( $pending['error_type'] ?? 'unknown' ),
			'message' => (string) $pending['error'],
		);
	}

	/** When the site tries again by itself (a Unix time), or null. */
	public static function retry_at( int $post_id ): ?int {
		$pending = get_post_meta( $post_id, self::META_PENDING, true );
		$at      = is_array( $pending ) && isset( $pending['retry_at'] ) ? (int) $pending['retry_at'] : 0;
		return $at > 0 && wp_next_scheduled( Audio_Event::CRON_HOOK, array( $post_id ) ) ? $at : null;
	}

	/** The attachment id of the post's audio, or 0. */
	public static function attachment_id( int $post_id ): int {
		$audio = get_post_meta( $post_id, self::META_AUDIO, true );
		return is_array( $audio ) ? (int) ( $audio['id'] ?? 0 ) : 0;
	}

	/**
	 * A post made private or given a password: its audio file deleted (unless something else plays
	 * it), its audio forgotten and no event left to make it. Publishing it again voices it anew.
	 */
	public static function withdraw( int $post_id ): void {
		Audio_Event::clear( $post_id );
		$id = self::attachment_id( $post_id );
		if ( $id > 0 && Audio\Audio_Library::may_replace( $id, $post_id, Speech\Job_Rules::POST_AUDIO_BLOCK ) ) {
			wp_delete_attachment( $id, true );
		}
		foreach ( array( self::META_AUDIO, self::META_LANGUAGE, self::META_PENDING, self::META_REMAKING ) as $key ) {
			delete_post_meta( $post_id, $key );
		}
		// Its read-along timings stay, unread: Speech_Memory\Post_Timings::of() answers only with the
		// audio they were made for, gone now; they keep its sentences in the speech memory while it
		// is withdrawn, so publishing it again costs nothing.
	}
}
