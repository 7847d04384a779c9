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
}
