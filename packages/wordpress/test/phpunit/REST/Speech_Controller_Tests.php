<?php
/**
 * POST /circassian/v1/speech: a short text becomes a Media Library attachment.
 */
use PHPUnit\Framework\TestCase;

final class Speech_Controller_Tests extends TestCase {

	/**
	 * @testdox a short speech request becomes an attachment with duration and hash
	 */
	public function test_a_short_speech_request_becomes_an_attachment_with_duration_and_hash(): void {
		wp_set_current_user( 1 );
		$response = circassian_test_rest( 'POST', '/circassian/v1/speech', array( 'text' => 'Сэ кӀуэ.' ) );
		self::assertSame( 200, $response->get_status() );
		$data = $response->get_data();
		self::assertSame( 'done', $data['status'] );
		$id = $data['attachment']['id'];
		self::assertSame( 'audio/wav', get_post_mime_type( $id ) );
		self::assertTrue( (float) get_post_meta( $id, '_circassian_duration', true ) > 0, 'no duration' );
		self::assertSame( $data['attachment']['hash'], get_post_meta( $id, '_circassian_source_hash', true ) );
	}
}
