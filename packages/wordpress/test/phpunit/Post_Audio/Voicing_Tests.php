<?php
/**
 * Post_Audio\Voicing: the one path that voices a post.
 */
use Circassian\Post_Audio;
use PHPUnit\Framework\TestCase;

final class Post_Audio_Voicing_Tests extends TestCase {

	/**
	 * @testdox a draft or a post of a type without post audio is refused (400, nothing voiced); a public post with nothing to read is EMPTY
	 */
	public function test_only_a_public_post_of_an_enabled_type_with_words_is_voiced(): void {
		wp_set_current_user( 1 );
		circassian_test_post_audio_on();
		$draft   = wp_insert_post( array( 'post_title' => 'Щхьэ' ) );
		$refused = Post_Audio\Voicing::generate( $draft );
		self::assertTrue( is_wp_error( $refused ) && 'circassian_not_voiced' === $refused->get_error_code(), 'a draft was voiced' );
		self::assertSame( 400, $refused->get_error_data()['status'] );
		$page = wp_insert_post(
			array(
				'post_title'  => 'Щхьэ',
				'post_type'   => 'page',
				'post_status' => 'publish',
			)
		);
		self::assertTrue( is_wp_error( Post_Audio\Voicing::generate( $page ) ), 'a page, with post audio on for posts only' );
		$empty = wp_insert_post(
			array(
				'post_title'   => '',
				'post_content' => '<!-- wp:code --><pre class="wp-block-code"><code>x = 1</code></pre><!-- /wp:code -->',
				'post_status'  => 'publish',
			)
		);
		self::assertSame( array( 'status' => Post_Audio\Audio_State::EMPTY ), Post_Audio\Voicing::generate( $empty ) );
		self::assertSame( '', (string) get_post_meta( $empty, Post_Audio\Audio_State::META_PENDING, true ), 'nothing marked as being made' );
		wp_clear_scheduled_hook( Post_Audio\Audio_Event::CRON_HOOK, array( $empty ) );
		foreach ( array( $draft, $page, $empty ) as $id ) {
			wp_delete_post( $id, true );
		}
		delete_option( Post_Audio\Settings::OPTION );
	}

	/**
	 * @testdox an outage while a post's audio is remade keeps the earlier audio playing and retries on a backoff (1, then 2 minutes) until the new audio exists; a day of trouble stops the retries
	 */
	public function test_an_outage_keeps_the_earlier_audio_and_retries_on_a_backoff(): void {
		list( $post, $earlier ) = circassian_test_voiced_post_then_edited();
		circassian_test_fault( 'speech', 'upstream_unavailable', 100 );
		$next_try = static fn() => wp_next_scheduled( Post_Audio\Audio_Event::CRON_HOOK, array( $post ) );
		// As WP-Cron runs the event: taken off the schedule, then answered.
		$event_runs = static function () use ( $post ): void {
			wp_clear_scheduled_hook( Post_Audio\Audio_Event::CRON_HOOK, array( $post ) );
			Post_Audio\Scheduler::make( $post );
		};
		$waits      = array(
			1 => MINUTE_IN_SECONDS,
			2 => 2 * MINUTE_IN_SECONDS,
		);
		foreach ( $waits as $attempt => $wait ) {
			$before = time();
			$event_runs();
			$at = $next_try();
			self::assertTrue( false !== $at && $at >= $before + $wait && $at <= time() + $wait, "try {$attempt}: the next one at " . var_export( $at, true ) . ", not {$wait} s on" );
			self::assertSame( $at, Post_Audio\Audio_State::retry_at( $post ) );
			self::assertSame( 'upstream_unavailable', Post_Audio\Audio_State::last_error( $post )['type'] ?? null );
			self::assertSame( $earlier, get_post_meta( $post, Post_Audio\Audio_State::META_AUDIO, true ), 'the earlier audio was dropped' );
			$player = Post_Audio\Player::markup( $post );
			self::assertTrue( str_contains( $player, '<audio' ) && str_contains( $player, esc_url( (string) wp_get_attachment_url( $earlier['id'] ) ) ), 'no player while the audio is remade: ' . $player );
			self::assertTrue( str_contains( $player, 'an earlier version of the post' ), $player );
		}
		circassian_test_admin( 'DELETE', '/admin/faults' );
		$event_runs();
		$remade = get_post_meta( $post, Post_Audio\Audio_State::META_AUDIO, true );
		self::assertTrue( $remade['id'] !== $earlier['id'], 'not remade once the service was back' );
		self::assertSame( array( false, null, '' ), array( $next_try(), Post_Audio\Audio_State::last_error( $post ), (string) get_post_meta( $post, Post_Audio\Audio_State::META_PENDING, true ) ) );
		self::assertFalse( str_contains( Post_Audio\Player::markup( $post ), 'an earlier version' ) );

		// A day of trouble is not passing: no more retries, the reason kept for the editor's Try again.
		wp_update_post(
			array(
				'ID'         => $post,
				'post_title' => 'Тхыгъэщ щ',
			)
		);
		circassian_test_fault( 'speech', 'upstream_unavailable', 100 );
		Post_Audio\Audio_State::mark_pending(
			$post,
			'',
			array(
				'error'         => 'down',
				'error_type'    => 'upstream_unavailable',
				'attempts'      => 30,
				'failing_since' => time() - DAY_IN_SECONDS,
			)
		);
		$event_runs();
		self::assertSame( array( false, 'upstream_unavailable', 31 ), array( $next_try(), Post_Audio\Audio_State::last_error( $post )['type'] ?? null, Post_Audio\Audio_State::trouble( $post )['attempts'] ?? null ) );
		circassian_test_admin( 'DELETE', '/admin/faults' );
		wp_clear_scheduled_hook( Post_Audio\Audio_Event::CRON_HOOK, array( $post ) );
		wp_delete_attachment( $remade['id'], true );
		wp_delete_post( $post, true );
		delete_option( Post_Audio\Settings::OPTION );
	}

	/**
	 * @testdox a spent allowance at the service waits for its reset, and the earlier audio plays meanwhile
	 */
	public function test_a_spent_allowance_waits_for_its_reset_with_the_earlier_audio_playing(): void {
		list( $post, $earlier ) = circassian_test_voiced_post_then_edited();
		circassian_test_fault( 'speech', 'quota_exceeded', 10 );
		Post_Audio\Scheduler::make( $post );
		circassian_test_admin( 'DELETE', '/admin/faults' );
		$reset = strtotime( (string) circassian_test_client()->json( 'GET', '/v1/me' )['resets_at'] );
		self::assertSame( $reset, wp_next_scheduled( Post_Audio\Audio_Event::CRON_HOOK, array( $post ) ), 'not retried at the reset' );
		self::assertSame( 'quota_exceeded', Post_Audio\Audio_State::last_error( $post )['type'] ?? null );
		self::assertTrue( str_contains( Post_Audio\Player::markup( $post ), esc_url( (string) wp_get_attachment_url( $earlier['id'] ) ) ), 'the earlier audio is not playing' );
		wp_clear_scheduled_hook( Post_Audio\Audio_Event::CRON_HOOK, array( $post ) );
		wp_delete_attachment( $earlier['id'], true );
		wp_delete_post( $post, true );
		delete_option( Post_Audio\Settings::OPTION );
	}
}
