<?php
/**
 * When a post is voiced: saving a public post of an enabled type whose text changed schedules a
 * WP-Cron event (nothing is voiced while the editor saves), a spent allowance schedules one at its
 * reset, and a post made private or given a password loses its audio and any event.
 *
 * @package Circassian
 */

namespace Circassian\Post_Audio;

use Circassian\Audio_Library;
use Circassian\Audio_Privacy;
use Circassian\Key_Allowance;
use Circassian\Service_Error;

defined( 'ABSPATH' ) || exit;

final class Scheduler {

	public const CRON_HOOK = 'circassian_make_post_audio';

	public static function hook(): void {
		add_action( 'wp_after_insert_post', array( self::class, 'on_save' ), 10, 2 );
		add_action( self::CRON_HOOK, array( self::class, 'make' ) );
	}

	/**
	 * After a save (meta and terms included): a public post (published, no password) of an
	 * enabled type whose text differs from its audio's gets a background event. Nothing is voiced
	 * here, and nothing for a post that is not public. A post made private or given a password
	 * loses its audio: a file in the uploads folder has a public address. One taken back to draft
	 * or scheduled keeps it (made while its text was public), hidden until it is published again.
	 */
	public static function on_save( int $post_id, \WP_Post $post ): void {
		if ( wp_is_post_revision( $post_id ) || 'attachment' === $post->post_type ) {
			return;
		}
		if ( Audio_Privacy::is_restricted( $post ) ) {
			self::withdraw( $post_id );
		}
		if ( ! Audio_Privacy::is_public( $post ) ) {
			return;
		}
		if ( ! Settings::enabled_for_post( $post ) ) {
			return;
		}
		$request = Speech_Request::of( $post );
		if ( '' === trim( $request['text'] ) || ! Audio_State::needs_audio( $post_id, Audio_Library::source_hash( $request ) ) ) {
			return;
		}
		if ( is_array( get_post_meta( $post_id, Audio_State::META_AUDIO, true ) ) ) {
			update_post_meta( $post_id, Audio_State::META_REMAKING, time() );
		}
		// A retry waiting for an allowance to reset is brought forward: a save is the author asking now.
		$next = wp_next_scheduled( self::CRON_HOOK, array( $post_id ) );
		if ( false === $next || $next > time() ) {
			wp_clear_scheduled_hook( self::CRON_HOOK, array( $post_id ) );
			wp_schedule_single_event( time(), self::CRON_HOOK, array( $post_id ) );
		}
	}

	/** The WP-Cron event scheduled on publish and update: the post may have stopped being public since. */
	public static function make( int $post_id ): void {
		$post = get_post( $post_id );
		if ( $post instanceof \WP_Post && Audio_Privacy::is_public( $post ) ) {
			Voicing::generate( $post_id );
		}
	}

	/**
	 * A post made private or given a password: its audio file deleted (unless something else plays
	 * it), its audio forgotten and no event left to make it. Publishing it again voices it anew.
	 */
	public static function withdraw( int $post_id ): void {
		wp_clear_scheduled_hook( self::CRON_HOOK, array( $post_id ) );
		$id = Audio_State::attachment_id( $post_id );
		if ( $id > 0 && Audio_Library::may_replace( $id, $post_id, Voicing::OWNER_BLOCK ) ) {
			wp_delete_attachment( $id, true );
		}
		foreach ( array( Audio_State::META_AUDIO, Audio_State::META_LANGUAGE, Audio_State::META_PENDING, Audio_State::META_REMAKING ) as $key ) {
			delete_post_meta( $post_id, $key );
		}
	}

	/**
	 * A spent daily allowance (the key's at the service, or the author's on this site): the post is
	 * voiced again by itself when it resets, at the service's reset time, else the next midnight UTC.
	 * Returns when, or null for a failure no waiting mends.
	 */
	public static function retry_at_reset( \WP_Error $error, int $post_id ): ?int {
		$type = Service_Error::type_of( $error );
		if ( 'quota_exceeded' !== $type && 'daily_cap' !== $type ) {
			return null;
		}
		$reset = strtotime( 'quota_exceeded' === $type ? Key_Allowance::spent_by_speech( $error )['resets_at'] : Key_Allowance::next_utc_midnight() );
		$at    = max( time() + MINUTE_IN_SECONDS, false === $reset ? 0 : $reset );
		wp_clear_scheduled_hook( self::CRON_HOOK, array( $post_id ) );
		wp_schedule_single_event( $at, self::CRON_HOOK, array( $post_id ) );
		return $at;
	}
}
