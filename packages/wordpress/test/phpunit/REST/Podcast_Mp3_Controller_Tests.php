<?php
/**
 * REST\Podcast_Mp3_Controller: the episodes still WAV, and the MP3 a browser uploads for one:
 * for the podcast settings' managers only, checked before it is stored beside the WAV.
 */
use Circassian\Audio;
use Circassian\Post_Audio;
use PHPUnit\Framework\TestCase;

final class Podcast_Mp3_Controller_Tests extends TestCase {

	private int $post;
	private int $attachment;

	protected function setUp(): void {
		wp_set_current_user( 1 );
		circassian_test_post_audio_on();
		list( $this->post, $this->attachment ) = circassian_test_post_and_wav( 'circassian-mp3-route-test.wav' );
		$wav                                   = (string) get_attached_file( $this->attachment );
		wp_mkdir_p( dirname( $wav ) );
		file_put_contents( $wav, circassian_test_wav( 2 * 16000 ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions -- a test file: two seconds of audio.
		update_post_meta(
			$this->post,
			Post_Audio\Audio_State::META_AUDIO,
			array(
				'id'       => $this->attachment,
				'hash'     => 'a',
				'duration' => 2.0,
			)
		);
		update_post_meta( $this->post, Post_Audio\Audio_State::META_LANGUAGE, 'kbd' );
	}

	protected function tearDown(): void {
		wp_set_current_user( 1 );
		wp_delete_attachment( $this->attachment, true );
		wp_delete_post( $this->post, true );
	}

	private function upload( int $attachment, string $bytes ): WP_REST_Response {
		$request = new WP_REST_Request( 'POST', '/circassian/v1/podcast/mp3/' . $attachment );
		$request->set_header( 'Content-Type', 'audio/mpeg' );
		$request->set_body( $bytes );
		return rest_do_request( $request );
	}

	/**
	 * @testdox only whoever manages the settings lists the WAV-only episodes or uploads an MP3: an editor and a subscriber get 403 and store nothing
	 */
	public function test_only_settings_managers_list_and_upload(): void {
		foreach ( array( 'editor', 'subscriber' ) as $role ) {
			wp_set_current_user( circassian_test_user( $role ) );
			self::assertSame( 403, circassian_test_rest( 'GET', '/circassian/v1/podcast/mp3' )->get_status(), $role );
			self::assertSame( 403, $this->upload( $this->attachment, circassian_test_mp3( 2 ) )->get_status(), $role );
			self::assertNull( Audio\Audio_Encoder::copy_of( $this->attachment ), $role );
		}
		wp_set_current_user( 1 );
		$listed = circassian_test_rest( 'GET', '/circassian/v1/podcast/mp3' );
		self::assertSame( 200, $listed->get_status() );
		self::assertSame( array( $this->attachment ), array_column( $listed->get_data(), 'attachment' ) );
		self::assertEqualsWithDelta( 2.0, $listed->get_data()[0]['seconds'], 0.001, 'the WAV’s own duration' );
	}

	/**
	 * @testdox an upload that is not MP3, of another length or for no episode is refused and stores nothing; the episode's MP3 is stored beside its WAV, and a second is refused
	 */
	public function test_the_episodes_mp3_is_checked_then_stored_once(): void {
		$refused = array(
			'not MP3'        => array( $this->attachment, circassian_test_wav( 32000 ), 400, 'circassian_not_mp3' ),
			'another length' => array( $this->attachment, circassian_test_mp3( 10 ), 400, 'circassian_mp3_length' ),
			'no episode'     => array( $this->post, circassian_test_mp3( 2 ), 404, 'circassian_not_an_episode' ),
		);
		foreach ( $refused as $case => list( $attachment, $bytes, $status, $code ) ) {
			$response = $this->upload( $attachment, $bytes );
			self::assertSame( array( $status, $code ), array( $response->get_status(), $response->get_data()['code'] ?? '' ), $case );
			self::assertNull( Audio\Audio_Encoder::copy_of( $this->attachment ), $case );
		}
		$mp3      = circassian_test_mp3( 2 );
		$response = $this->upload( $this->attachment, $mp3 );
		self::assertSame( 200, $response->get_status(), wp_json_encode( $response->get_data() ) );
		$copy = Audio\Audio_Encoder::copy_of( $this->attachment );
		self::assertNotNull( $copy );
		self::assertSame( $mp3, file_get_contents( $copy['file'] ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions -- reading the stored copy back.
		self::assertSame( $copy['url'], $response->get_data()['url'] );
		self::assertFalse( is_file( $copy['file'] . '.partial' ), 'a partial file left behind' );
		self::assertSame( array(), circassian_test_rest( 'GET', '/circassian/v1/podcast/mp3' )->get_data() );
		self::assertSame( 409, $this->upload( $this->attachment, $mp3 )->get_status() );
	}

	/**
	 * @testdox the filter circassian_audio_encoder can leave the server's encoder unused
	 */
	public function test_the_filter_can_leave_the_servers_encoder_unused(): void {
		add_filter( 'circassian_audio_encoder', '__return_null' );
		self::assertNull( Audio\Audio_Encoder::available() );
		remove_filter( 'circassian_audio_encoder', '__return_null' );
	}
}
