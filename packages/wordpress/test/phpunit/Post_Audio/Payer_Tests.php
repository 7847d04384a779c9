<?php
/**
 * Post_Audio\Payer: a post's audio is paid under the rights of whoever publishes it.
 */
use Circassian\Post_Audio;
use Circassian\Spending;
use PHPUnit\Framework\TestCase;

final class Post_Audio_Payer_Tests extends TestCase {

	/**
	 * @testdox a Contributor's post published by an Administrator is voiced from the Administrator's characters; the Contributor's pre-publish check promises no cost of theirs, the Administrator's quotes theirs
	 */
	public function test_a_contributors_post_is_voiced_under_the_rights_of_whoever_publishes_it(): void {
		circassian_test_post_audio_on();
		$contributor = circassian_test_user( 'contributor' );
		$admin       = circassian_test_user( 'administrator' );
		wp_set_current_user( $contributor );
		$post  = wp_insert_post(
			array(
				'post_title'   => 'Тхыгъэ',
				'post_status'  => 'pending',
				'post_content' => '<!-- wp:paragraph --><p>Сэ кӀуэ.</p><!-- /wp:paragraph -->',
			)
		);
		$state = static fn() => circassian_test_rest(
			'POST',
			"/circassian/v1/post-audio/{$post}/state",
			array(
				'title'   => get_post_field( 'post_title', $post ),
				'content' => get_post_field( 'post_content', $post ),
			)
		)->get_data();
		self::assertSame( array( 'editor', null ), array( $state()['payer'], $state()['allowance'] ), 'the Contributor was quoted a cost' );
		wp_set_current_user( $admin );
		self::assertSame( 'you', $state()['payer'] );
		self::assertSame( Spending\Daily_Chars::used( $admin ), $state()['allowance']['used'] );
		wp_update_post(
			array(
				'ID'          => $post,
				'post_status' => 'publish',
			)
		);
		wp_set_current_user( 0 );
		// As WP-Cron voices it: nobody logged in.
		Post_Audio\Scheduler::make( $post );
		$audio = get_post_meta( $post, Post_Audio\Audio_State::META_AUDIO, true );
		self::assertTrue( is_array( $audio ), 'not voiced: ' . wp_json_encode( Post_Audio\Audio_State::last_error( $post ) ) );
		$characters = mb_strlen( Post_Audio\Speech_Request::of( get_post( $post ) )['text'] );
		self::assertSame( array( $characters, 0 ), array( Spending\Daily_Chars::used( $admin ), Spending\Daily_Chars::used( $contributor ) ) );
		wp_clear_scheduled_hook( Post_Audio\Audio_Event::CRON_HOOK, array( $post ) );
		wp_delete_attachment( (int) $audio['id'], true );
		wp_delete_post( $post, true );
		delete_option( Post_Audio\Settings::OPTION );
	}

	/**
	 * @testdox an editor's Try again voices a Contributor's post published before anyone was remembered, from the editor's characters
	 */
	public function test_try_again_by_an_editor_pays_for_a_post_nobody_may_pay_for(): void {
		circassian_test_post_audio_on();
		$contributor = circassian_test_user( 'contributor' );
		$editor      = circassian_test_user( 'editor' );
		wp_set_current_user( 0 );
		$post    = wp_insert_post(
			array(
				'post_title'   => 'Тхыгъэ',
				'post_status'  => 'publish',
				'post_author'  => $contributor,
				'post_content' => '<!-- wp:paragraph --><p>Сэ кӀуэ.</p><!-- /wp:paragraph -->',
			)
		);
		$refused = Post_Audio\Voicing::generate( $post );
		self::assertSame( 'not_allowed', is_wp_error( $refused ) ? $refused->get_error_data()['type'] : null, 'nobody may pay, yet it was voiced' );
		wp_set_current_user( $editor );
		self::assertSame( 200, circassian_test_rest( 'POST', "/circassian/v1/post-audio/{$post}/generate" )->get_status() );
		self::assertSame( Post_Audio\Audio_State::CURRENT, Post_Audio\Audio_State::of( get_post( $post ) ) );
		self::assertTrue( Spending\Daily_Chars::used( $editor ) > 0 );
		wp_clear_scheduled_hook( Post_Audio\Audio_Event::CRON_HOOK, array( $post ) );
		wp_delete_attachment( Post_Audio\Audio_State::attachment_id( $post ), true );
		wp_delete_post( $post, true );
		delete_option( Post_Audio\Settings::OPTION );
	}

	/**
	 * @testdox a post made private or given a password in the editor is said to get no audio, with no cost quoted
	 */
	public function test_a_private_or_protected_post_is_quoted_nothing(): void {
		wp_set_current_user( 1 );
		circassian_test_post_audio_on();
		$post = wp_insert_post(
			array(
				'post_title'   => 'Тхыгъэ',
				'post_content' => '<!-- wp:paragraph --><p>Сэ кӀуэ.</p><!-- /wp:paragraph -->',
			)
		);
		foreach ( array( array( 'status' => 'private' ), array( 'password' => 'x' ) ) as $visibility ) {
			$answer = circassian_test_rest(
				'POST',
				"/circassian/v1/post-audio/{$post}/state",
				array(
					'title'   => 'Тхыгъэ',
					'content' => get_post_field( 'post_content', $post ),
				) + $visibility
			)->get_data();
			self::assertSame(
				array( true, null, null, null ),
				array( $answer['restricted'], $answer['characters'], $answer['allowance'], $answer['payer'] ),
				wp_json_encode( $visibility )
			);
		}
		wp_delete_post( $post, true );
		delete_option( Post_Audio\Settings::OPTION );
	}
}
