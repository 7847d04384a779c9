<?php
/**
 * The post-audio state route: the text and voice as edited against the audio made.
 */
use Circassian\Post_Audio;
use PHPUnit\Framework\TestCase;

final class Post_Audio_Controller_Tests extends TestCase {

	/**
	 * @testdox the post-audio state route holds the text and voice as edited against the audio made: current, stale after an edit or another voice; not for a subscriber
	 */
	public function test_the_post_audio_state_route_holds_the_text_and_voice_as_edited_against(): void {
		wp_set_current_user( 1 );
		circassian_test_post_audio_on();
		$post    = wp_insert_post(
			array(
				'post_title'   => 'Щхьэ',
				'post_status'  => 'publish',
				'post_content' => '<!-- wp:paragraph --><p>Сэ кӀуэ.</p><!-- /wp:paragraph -->',
			)
		);
		$content = get_post_field( 'post_content', $post );
		wp_clear_scheduled_hook( Post_Audio\Audio_Event::CRON_HOOK, array( $post ) );
		Post_Audio\Voicing::generate( $post );
		$state = static fn( string $title, array $more = array() ) => circassian_test_rest(
			'POST',
			"/circassian/v1/post-audio/{$post}/state",
			array(
				'title'   => $title,
				'content' => $content,
			) + $more
		);
		self::assertSame(
			array(
				'enabled'         => true,
				'state'           => 'current',
				'error'           => null,
				'retry_at'        => null,
				'language'        => 'kbd',
				'language_source' => 'detected',
			),
			array_intersect_key( $state( 'Щхьэ' )->get_data(), array_flip( array( 'enabled', 'state', 'error', 'retry_at', 'language', 'language_source' ) ) )
		);
		self::assertSame( 'stale', $state( 'Щхьэщ' )->get_data()['state'], 'another title' );
		self::assertSame( 'stale', $state( 'Щхьэ', array( 'voice' => array( 'voice' => 'female' ) ) )->get_data()['state'], 'another voice' );
		wp_set_current_user( get_user_by( 'login', 'subscriber' )->ID );
		self::assertSame( 403, $state( 'Щхьэ' )->get_status(), 'a subscriber' );
		wp_set_current_user( 1 );
		$audio = get_post_meta( $post, Post_Audio\Audio_State::META_AUDIO, true );
		wp_delete_attachment( (int) $audio['id'], true );
		wp_delete_post( $post, true );
		delete_option( Post_Audio\Settings::OPTION );
	}
}
