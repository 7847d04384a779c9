<?php
/**
 * Post_Audio\Player: the "Listen to this post" markup, its speeds, and nothing where a visitor may
 * not hear the post.
 */
use Circassian\Post_Audio;
use PHPUnit\Framework\TestCase;

final class Post_Audio_Player_Tests extends TestCase {

	/**
	 * @testdox the player plays the post's audio at five speeds, 1× chosen; says so while the audio is remade; and is not there without audio or for a draft
	 */
	public function test_the_player_plays_the_audio_at_five_speeds_and_steps_aside_while_remade(): void {
		$post       = wp_insert_post(
			array(
				'post_title'  => 'Щхьэ',
				'post_status' => 'publish',
			)
		);
		$attachment = wp_insert_attachment(
			array(
				'post_mime_type' => 'audio/wav',
				'post_title'     => 'Щхьэ',
			),
			'circassian-player-test.wav',
			$post
		);
		self::assertSame( '', Post_Audio\Player::markup( $post ), 'a player without audio' );
		update_post_meta(
			$post,
			Post_Audio\Audio_State::META_AUDIO,
			array(
				'id'   => $attachment,
				'hash' => 'a',
			)
		);
		$player = Post_Audio\Player::markup( $post );
		self::assertTrue( str_contains( $player, 'src="' . esc_url( (string) wp_get_attachment_url( $attachment ) ) . '"' ), $player );
		preg_match_all( '/<option value="([^"]+)"( selected=\'selected\')?>/', $player, $options );
		self::assertSame( array( '0.75', '1', '1.25', '1.5', '2' ), $options[1] );
		self::assertSame( array( '', " selected='selected'", '', '', '' ), $options[2], 'the chosen speed' );
		update_post_meta( $post, Post_Audio\Audio_State::META_REMAKING, time() );
		$remaking = Post_Audio\Player::markup( $post );
		self::assertTrue( str_contains( $remaking, 'being updated' ) && ! str_contains( $remaking, '<audio' ), $remaking );
		delete_post_meta( $post, Post_Audio\Audio_State::META_REMAKING );
		wp_update_post(
			array(
				'ID'          => $post,
				'post_status' => 'draft',
			)
		);
		self::assertSame( '', Post_Audio\Player::markup( $post ), 'a draft\'s player' );
		wp_delete_attachment( $attachment, true );
		wp_delete_post( $post, true );
	}
}
