<?php
/**
 * Post_Audio\Audio_State: where a post's audio stands against the hash of its text and voice.
 */
use Circassian\Post_Audio;
use Circassian\Speech;
use PHPUnit\Framework\TestCase;

final class Post_Audio_Audio_State_Tests extends TestCase {

	/**
	 * @testdox a post's audio is missing, pending for the hash being made, current for the hash made, stale for another; a voicing older than a job's maximum age is no longer pending
	 */
	public function test_the_state_follows_the_audio_made_and_the_audio_being_made(): void {
		$post = wp_insert_post( array( 'post_title' => 'Щхьэ' ) );
		self::assertSame( Post_Audio\Audio_State::MISSING, Post_Audio\Audio_State::for_hash( $post, 'a' ) );
		Post_Audio\Audio_State::mark_pending( $post, 'a' );
		self::assertSame( Post_Audio\Audio_State::PENDING, Post_Audio\Audio_State::for_hash( $post, 'a' ) );
		self::assertSame( Post_Audio\Audio_State::MISSING, Post_Audio\Audio_State::for_hash( $post, 'b' ), 'another text while one is being made' );
		update_post_meta(
			$post,
			Post_Audio\Audio_State::META_PENDING,
			array(
				'hash'  => 'a',
				'since' => time() - Speech\Job_Rules::MAX_AGE_SECONDS - 1,
			)
		);
		self::assertSame( Post_Audio\Audio_State::MISSING, Post_Audio\Audio_State::for_hash( $post, 'a' ), 'a voicing older than a job may run' );
		update_post_meta(
			$post,
			Post_Audio\Audio_State::META_AUDIO,
			array(
				'id'   => 7,
				'hash' => 'a',
			)
		);
		self::assertSame( array( Post_Audio\Audio_State::CURRENT, Post_Audio\Audio_State::STALE ), array( Post_Audio\Audio_State::for_hash( $post, 'a' ), Post_Audio\Audio_State::for_hash( $post, 'b' ) ) );
		self::assertSame( array( false, true ), array( Post_Audio\Audio_State::needs_audio( $post, 'a' ), Post_Audio\Audio_State::needs_audio( $post, 'b' ) ) );
		self::assertSame( 7, Post_Audio\Audio_State::attachment_id( $post ) );
		wp_delete_post( $post, true );
	}

	/**
	 * @testdox the reason a voicing failed is kept for the editor, and its retry time only while the retry is scheduled
	 */
	public function test_a_failure_keeps_its_reason_and_its_retry_time_while_scheduled(): void {
		$post = wp_insert_post( array( 'post_title' => 'Щхьэ' ) );
		self::assertSame( array( null, null ), array( Post_Audio\Audio_State::last_error( $post ), Post_Audio\Audio_State::retry_at( $post ) ) );
		$at = time() + HOUR_IN_SECONDS;
		Post_Audio\Audio_State::mark_pending(
			$post,
			'',
			array(
				'error'      => 'The daily allowance is spent.',
				'error_type' => 'daily_cap',
				'retry_at'   => $at,
			)
		);
		self::assertSame(
			array(
				'type'    => 'daily_cap',
				'message' => 'The daily allowance is spent.',
			),
			Post_Audio\Audio_State::last_error( $post )
		);
		self::assertSame( null, Post_Audio\Audio_State::retry_at( $post ), 'a retry time with no event to keep it' );
		wp_schedule_single_event( $at, Post_Audio\Audio_Event::CRON_HOOK, array( $post ) );
		self::assertSame( $at, Post_Audio\Audio_State::retry_at( $post ) );
		wp_clear_scheduled_hook( Post_Audio\Audio_Event::CRON_HOOK, array( $post ) );
		wp_delete_post( $post, true );
	}
}
