<?php
/**
 * Post_Audio\Player: the "Listen to this post" markup, its speeds, and nothing where a visitor may
 * not hear the post.
 */
use Circassian\Post_Audio;
use PHPUnit\Framework\TestCase;

final class Post_Audio_Player_Tests extends TestCase {

	/**
	 * @testdox the player plays the post's audio at five speeds, 1× chosen; keeps playing it while the audio is remade, saying it reads an earlier version; and is not there without audio or for a draft
	 */
	public function test_the_player_plays_the_audio_at_five_speeds_and_keeps_playing_while_remade(): void {
		list( $post, $attachment ) = circassian_test_post_and_wav( 'circassian-player-test.wav' );
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
		self::assertTrue( str_contains( $remaking, 'reads an earlier version of the post' ) && str_contains( $remaking, '<audio' ), $remaking );
		self::assertFalse( str_contains( $player, 'earlier version' ), 'an up-to-date player said it was of an earlier version' );
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

	/**
	 * @testdox visitors get the MP3 copy where the site made one, the WAV as the fallback source
	 */
	public function test_the_player_serves_the_mp3_copy_first_and_the_wav_as_fallback(): void {
		list( $post, $attachment ) = circassian_test_post_and_wav( 'circassian-player-mp3-test.wav' );
		update_post_meta(
			$post,
			Post_Audio\Audio_State::META_AUDIO,
			array(
				'id'   => $attachment,
				'hash' => 'a',
			)
		);
		$wav_url = esc_url( (string) wp_get_attachment_url( $attachment ) );
		$wav     = '<source src="' . $wav_url . '" type="audio/wav">';
		self::assertTrue( str_contains( Post_Audio\Player::markup( $post ), '<audio controls preload="metadata" aria-label="Listen to this post" style="vertical-align:middle">' . $wav . '</audio>' ), 'the WAV alone while there is no MP3' );
		$mp3 = Circassian\Audio\Audio_Encoder::copy_path( (string) get_attached_file( $attachment ) );
		wp_mkdir_p( dirname( $mp3 ) );
		file_put_contents( $mp3, str_repeat( "\xff", 64 ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions -- a test file.
		$player = Post_Audio\Player::markup( $post );
		self::assertTrue( str_contains( $player, '<source src="' . preg_replace( '/\.wav$/', '.mp3', $wav_url ) . '" type="audio/mpeg">' . $wav . '</audio>' ), $player );
		wp_delete_attachment( $attachment, true );
		self::assertFalse( is_file( $mp3 ), 'the MP3 copy outlived its attachment' );
		wp_delete_post( $post, true );
	}
}
