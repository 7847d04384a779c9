<?php
/**
 * Post_Audio\Scheduler: publishing and updating schedule the voicing in the background.
 */
use Circassian\Post_Audio;
use PHPUnit\Framework\TestCase;

final class Post_Audio_Scheduler_Tests extends TestCase {

	/**
	 * @testdox publishing schedules the audio in the background; the event voices the post once, and again only when its text changed
	 */
	public function test_publishing_schedules_the_audio_in_the_background_the_event_voices_the(): void {
		wp_set_current_user( 1 );
		circassian_test_post_audio_on();
		$post = wp_insert_post(
			array(
				'post_title'   => 'Тхыгъэ',
				'post_status'  => 'publish',
				'post_content' => '<!-- wp:paragraph --><p>Сэ кӀуэ.</p><!-- /wp:paragraph -->',
			)
		);
		self::assertTrue( false !== wp_next_scheduled( Post_Audio\Audio_Event::CRON_HOOK, array( $post ) ), 'no event after publishing' );
		Post_Audio\Scheduler::make( $post );
		$audio = get_post_meta( $post, Post_Audio\Audio_State::META_AUDIO, true );
		self::assertTrue( is_array( $audio ) && $audio['id'] > 0, 'no audio after the event' );
		wp_clear_scheduled_hook( Post_Audio\Audio_Event::CRON_HOOK, array( $post ) );

		wp_update_post(
			array(
				'ID'           => $post,
				'post_excerpt' => 'КӀэщӀу.',
			)
		);
		self::assertSame( false, wp_next_scheduled( Post_Audio\Audio_Event::CRON_HOOK, array( $post ) ), 'an event for unchanged text' );
		Post_Audio\Scheduler::make( $post );
		self::assertSame( $audio, get_post_meta( $post, Post_Audio\Audio_State::META_AUDIO, true ), 'voiced again with the text unchanged' );

		wp_update_post(
			array(
				'ID'         => $post,
				'post_title' => 'Тхыгъэщ',
			)
		);
		self::assertTrue( false !== wp_next_scheduled( Post_Audio\Audio_Event::CRON_HOOK, array( $post ) ), 'no event after the text changed' );
		Post_Audio\Scheduler::make( $post );
		$remade = get_post_meta( $post, Post_Audio\Audio_State::META_AUDIO, true );
		self::assertTrue( $remade['id'] !== $audio['id'], 'not remade' );
		self::assertSame( false, get_post_type( $audio['id'] ), 'the old audio was kept' );
		self::assertTrue( str_contains( Post_Audio\Player::markup( $post ), '<figure class="circassian-post-audio"><figcaption>Listen to this post</figcaption><audio controls preload="metadata" aria-label="Listen to this post" style="vertical-align:middle"><source src="' ), 'player' );

		wp_clear_scheduled_hook( Post_Audio\Audio_Event::CRON_HOOK, array( $post ) );
		wp_delete_post( $post, true );
		wp_delete_attachment( $remade['id'], true );
		delete_option( Post_Audio\Settings::OPTION );
	}
}
