<?php
/**
 * Voicing a post: its text handed to Speech_Jobs as its author (short text stored at once, long
 * text a job WP-Cron moves on), one voicing at a time per post, and what the jobs deliver or why
 * they fail kept with the post.
 *
 * @package Circassian
 */

namespace Circassian\Post_Audio;

use Circassian\Audio;
use Circassian\Service;
use Circassian\Speech;
use Circassian\Speech_Memory;
use Circassian\Support;

defined( 'ABSPATH' ) || exit;

final class Voicing {

	/** The lock generate() takes per post (an option row, removed on uninstall with the plugin's options). */
	public const LOCK_PREFIX = 'circassian_post_audio_lock_';
	/** A lock older than this was left by a worker that died: checking and marking takes milliseconds. */
	private const LOCK_STALE_SECONDS = 30;

	public static function hook(): void {
		add_action( Speech\Job_Rules::DONE_ACTION, array( self::class, 'delivered' ), 10, 3 );
		add_action( Speech\Job_Rules::FAILED_ACTION, array( self::class, 'failed' ), 10, 3 );
	}

	/**
	 * Voices a public post (published, no password) as it is now, under the rights of whoever
	 * published it (Payer: else its author, else $asking, the user who asks now), unless its audio
	 * is current or being made: the one path for publishing, updating, Try again and bulk runs. Short text is stored at once
	 * (DONE); long text is a job WP-Cron moves on (RUNNING, with the job's id).
	 *
	 * @return array{status: string, job?: string}|\WP_Error
	 */
	public static function generate( int $post_id, int $asking = 0 ): array|\WP_Error {
		$post = get_post( $post_id );
		if ( ! $post instanceof \WP_Post || ! Audio\Audio_Privacy::is_public( $post ) || ! Settings::enabled_for_post( $post ) ) {
			return new \WP_Error(
				'circassian_not_voiced',
				__( 'Only published posts without a password, of a type with post audio switched on, are read aloud.', 'circassian' ),
				array(
					'status' => 400,
					'type'   => 'invalid_request',
				)
			);
		}
		// About to be voiced: the service may be asked the text's language.
		$request = Speech_Request::of( $post, null, true );
		$hash    = Audio\Audio_Library::source_hash( $request );
		if ( '' === trim( $request['text'] ) ) {
			return array( 'status' => Audio_State::EMPTY );
		}
		// Two requests voicing one post at once (the publish event and Try again, two tabs) must not
		// both find it missing and both start a voicing: the check and the pending mark happen under
		// one lock per post, read afresh (the meta may be cached from before the lock was taken).
		$lock = self::LOCK_PREFIX . $post_id;
		if ( ! Support\Option_Lock::wait_for( $lock, self::LOCK_STALE_SECONDS, 5.0 ) ) {
			return array( 'status' => Audio_State::PENDING );
		}
		wp_cache_delete( $post_id, 'post_meta' );
		$state = Audio_State::for_hash( $post_id, $hash );
		if ( Audio_State::CURRENT === $state ) {
			// The save that flagged it read the language before detection had this text: it is current.
			delete_post_meta( $post_id, Audio_State::META_REMAKING );
		}
		if ( ! in_array( $state, array( Audio_State::MISSING, Audio_State::STALE ), true ) ) {
			Support\Option_Lock::release( $lock );
			return array( 'status' => $state );
		}
		// A newer text or voice supersedes the audio still being made: one voicing runs per post,
		// however often the speed is changed.
		$superseded = get_post_meta( $post_id, Audio_State::META_PENDING, true );
		if ( is_array( $superseded ) && '' !== (string) ( $superseded['job'] ?? '' ) ) {
			Speech\Speech_Jobs::cancel( (string) $superseded['job'] );
		}
		// Failures in a row carry over to this voicing: its own failure waits longer (Audio_Event).
		$trouble = Audio_State::trouble( $post_id );
		Audio_State::mark_pending( $post_id, $hash, $trouble );
		Support\Option_Lock::release( $lock );
		// Paid under the rights of whoever published it, else its author's, else the asker's (Payer).
		$previous = get_current_user_id();
		wp_set_current_user( Payer::of( $post, $asking ) ?? (int) $post->post_author );
		$sentences = Speech_Memory\Sentence_Voicing::sentences_for( $request['text'] );
		if ( null !== $sentences ) {
			$made = Speech_Memory\Sentence_Voicing::voice( $request, $sentences, $post_id, Audio_State::attachment_id( $post_id ), Speech\Job_Rules::POST_AUDIO_BLOCK );
			wp_set_current_user( $previous );
			return self::from_memory( $made, $post_id );
		}
		$started = Speech\Speech_Jobs::start( $request, $post_id, Audio_State::attachment_id( $post_id ), Speech\Job_Rules::POST_AUDIO_BLOCK );
		wp_set_current_user( $previous );
		if ( is_wp_error( $started ) ) {
			// Refused by the spending gate (the author's role, the request or daily cap) or by the
			// service: not voiced, and the reason is kept for the editor.
			self::failed( $started, $post_id, Speech\Job_Rules::POST_AUDIO_BLOCK );
			return $started;
		}
		if ( 'done' !== $started['status'] ) {
			// The job being made, so a newer voicing can cancel it.
			Audio_State::mark_pending( $post_id, $hash, array( 'job' => (string) $started['job'] ) + $trouble );
		}
		return 'done' === $started['status'] ? array( 'status' => Audio_State::DONE ) : array(
			'status' => Audio_State::RUNNING,
			'job'    => (string) $started['job'],
		);
	}

	/**
	 * What the speech memory made of a post (Sentence_Voicing::voice()): its audio delivered as a
	 * job's is, with its timings, or the failure kept as a job's is (retried the same way).
	 *
	 * @param array{stored: array{id: int, url: string, duration: float, hash: string}, timings: array<string, mixed>, voiced: int}|\WP_Error $made
	 * @return array{status: string}|\WP_Error
	 */
	private static function from_memory( array|\WP_Error $made, int $post_id ): array|\WP_Error {
		if ( is_wp_error( $made ) ) {
			self::failed( $made, $post_id, Speech\Job_Rules::POST_AUDIO_BLOCK );
			return $made;
		}
		Speech_Memory\Post_Timings::save( $post_id, $made['timings'], $made['stored']['hash'] );
		do_action( Speech\Job_Rules::DONE_ACTION, $made['stored'], $post_id, Speech\Job_Rules::POST_AUDIO_BLOCK );
		return array( 'status' => Audio_State::DONE );
	}

	/**
	 * Speech_Jobs gave up on a post's audio: the site voices it again by itself when waiting can
	 * mend it (Audio_Event: passing trouble on a backoff, a spent allowance at its reset), else the
	 * next save, Try again or bulk run does; the earlier audio keeps playing meanwhile, and the
	 * error's type and message are kept for the editor.
	 */
	public static function failed( \WP_Error $error, int $post_id, string $block ): void {
		if ( Speech\Job_Rules::POST_AUDIO_BLOCK !== $block || $post_id <= 0 ) {
			return;
		}
		$trouble  = Audio_State::trouble( $post_id );
		$attempts = (int) ( $trouble['attempts'] ?? 0 ) + 1;
		$since    = (int) ( $trouble['failing_since'] ?? time() );
		$retry_at = Audio_Event::retry_later( $error, $post_id, $attempts, $since );
		Audio_State::mark_pending(
			$post_id,
			'',
			array(
				'error'         => Service\Service_Error::redact( $error->get_error_message() ),
				'error_type'    => Service\Service_Error::type_of( $error ),
				'attempts'      => $attempts,
				'failing_since' => $since,
			) + ( null === $retry_at ? array() : array( 'retry_at' => $retry_at ) )
		);
	}

	/**
	 * Speech_Jobs delivered audio: when it is a post's audio, the post plays it from now on.
	 *
	 * @param array{id: int, url: string, duration: float, hash: string} $stored The attachment.
	 */
	public static function delivered( array $stored, int $post_id, string $block ): void {
		if ( Speech\Job_Rules::POST_AUDIO_BLOCK !== $block || $post_id <= 0 ) {
			return;
		}
		$post = get_post( $post_id );
		if ( ! $post instanceof \WP_Post || Audio\Audio_Privacy::is_restricted( $post ) ) {
			// The post was made private or given a password while its audio was made: no public file of it.
			if ( Audio\Audio_Library::may_replace( (int) $stored['id'], $post_id, Speech\Job_Rules::POST_AUDIO_BLOCK ) ) {
				wp_delete_attachment( (int) $stored['id'], true );
			}
			Audio_State::withdraw( $post_id );
			return;
		}
		update_post_meta( $post_id, Audio_State::META_AUDIO, $stored );
		delete_post_meta( $post_id, Audio_State::META_REMAKING );
		// The podcast feed's MP3 (where the server can encode): made once, here, not on each feed request.
		$file = get_attached_file( (int) $stored['id'] );
		if ( is_string( $file ) ) {
			Audio\Audio_Encoder::encode( $file );
		}
		$settings = get_post_meta( (int) $stored['id'], Audio\Audio_Library::META_SETTINGS, true );
		update_post_meta( $post_id, Audio_State::META_LANGUAGE, is_array( $settings ) ? (string) ( $settings['language'] ?? '' ) : '' );
		$pending = get_post_meta( $post_id, Audio_State::META_PENDING, true );
		if ( is_array( $pending ) && ( $pending['hash'] ?? '' ) === $stored['hash'] ) {
			delete_post_meta( $post_id, Audio_State::META_PENDING );
		}
	}
}
