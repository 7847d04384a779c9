<?php
/**
 * When a post is voiced: saving a public post of an enabled type whose text changed schedules the
 * WP-Cron event (Audio_Event; nothing is voiced while the editor saves) and the event voices it
 * (Voicing), and a post made private or given a password loses its audio and any event.
 *
 * @package Circassian
 */

namespace Circassian\Post_Audio;

use Circassian\Audio;

defined( 'ABSPATH' ) || exit;

final class Scheduler {

	public static function hook(): void {
		add_action( 'wp_after_insert_post', array( self::class, 'on_save' ), 10, 2 );
		add_action( Audio_Event::CRON_HOOK, array( self::class, 'make' ) );
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
		if ( Audio\Audio_Privacy::is_restricted( $post ) ) {
			Audio_State::withdraw( $post_id );
		}
		if ( ! Audio\Audio_Privacy::is_public( $post ) ) {
			return;
		}
		if ( ! Settings::enabled_for_post( $post ) ) {
			return;
		}
		$request = Speech_Request::of( $post );
		if ( '' === trim( $request['text'] ) || ! Audio_State::needs_audio( $post_id, Audio\Audio_Library::source_hash( $request ) ) ) {
			return;
		}
		if ( is_array( get_post_meta( $post_id, Audio_State::META_AUDIO, true ) ) ) {
			update_post_meta( $post_id, Audio_State::META_REMAKING, time() );
		}
		// A retry waiting for an allowance to reset is brought forward: a save is the author asking now.
		$next = wp_next_scheduled( Audio_Event::CRON_HOOK, array( $post_id ) );
		if ( false === $next || $next > time() ) {
			wp_clear_scheduled_hook( Audio_Event::CRON_HOOK, array( $post_id ) );
			wp_schedule_single_event( time(), Audio_Event::CRON_HOOK, array( $post_id ) );
		}
	}

	/** The WP-Cron event scheduled on publish and update: the post may have stopped being public since. */
	public static function make( int $post_id ): void {
		$post = get_post( $post_id );
		if ( $post instanceof \WP_Post && Audio\Audio_Privacy::is_public( $post ) ) {
			Voicing::generate( $post_id );
		}
	}
}
