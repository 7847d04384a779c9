<?php
/**
 * The bulk-audio routes: administrators who may spend the key, known post types only.
 */
use Circassian\Post_Audio;
use PHPUnit\Framework\TestCase;

final class Bulk_Audio_Controller_Tests extends TestCase {

	/**
	 * @testdox the bulk routes are for administrators who may spend the key; an editor gets 403 and an unknown post type 400
	 */
	public function test_the_bulk_routes_are_for_administrators_who_may_spend_the_key_an_editor(): void {
		$editor = wp_insert_user(
			array(
				'user_login' => 'bulk-editor-' . wp_rand(),
				'user_pass'  => wp_generate_password(),
				'role'       => 'editor',
			)
		);
		wp_set_current_user( $editor );
		self::assertSame( 403, circassian_test_rest( 'GET', '/circassian/v1/bulk-audio' )->get_status() );
		self::assertSame( 403, circassian_test_rest( 'POST', '/circassian/v1/bulk-audio/run', array( 'post_type' => 'post' ) )->get_status() );
		wp_set_current_user( 1 );
		circassian_test_post_audio_on();
		self::assertSame( 400, circassian_test_rest( 'GET', '/circassian/v1/bulk-audio', array( 'post_type' => 'page' ) )->get_status() );
		self::assertSame(
			400,
			circassian_test_rest(
				'POST',
				'/circassian/v1/bulk-audio/run',
				array(
					'post_type' => 'post',
					'ids'       => array( 'x' ),
				)
			)->get_status()
		);
		self::assertSame( 404, circassian_test_rest( 'POST', '/circassian/v1/bulk-audio/run/restart' )->get_status() );
		delete_option( Post_Audio\Settings::OPTION );
	}

	/**
	 * @testdox "Leave out" takes a post out of post audio for good: off its own switch, off the bulk list, and an editor may not
	 */
	public function test_leave_out_takes_a_post_out_of_post_audio_for_good(): void {
		wp_set_current_user( 1 );
		$ids = circassian_test_bulk_posts( 2 );
		circassian_test_post_audio_on();
		$listed = static fn() => array_column( circassian_test_rest( 'GET', '/circassian/v1/bulk-audio', array( 'post_type' => 'post' ) )->get_data()['posts'], 'id' );
		self::assertContains( $ids[0], $listed() );
		wp_set_current_user( circassian_test_user( 'editor' ) );
		self::assertSame( 403, circassian_test_rest( 'POST', "/circassian/v1/bulk-audio/posts/{$ids[0]}/leave-out" )->get_status() );
		wp_set_current_user( 1 );
		self::assertSame( 200, circassian_test_rest( 'POST', "/circassian/v1/bulk-audio/posts/{$ids[0]}/leave-out" )->get_status() );
		self::assertSame( 'off', get_post_meta( $ids[0], Post_Audio\Settings::READ_ALOUD, true ) );
		self::assertNotContains( $ids[0], $listed() );
		self::assertContains( $ids[1], $listed() );
		self::assertFalse( Post_Audio\Settings::enabled_for_post( get_post( $ids[0] ) ), 'still read aloud' );
		circassian_test_bulk_clean( $ids );
	}
}
