<?php
/**
 * Audio\Mp3_File: what passes as an MP3 uploaded from the browser, and the duration its frames hold.
 */
use Circassian\Audio;
use PHPUnit\Framework\TestCase;

final class Mp3_File_Tests extends TestCase {

	/**
	 * @testdox MPEG-1 Layer III frames to the end pass, with an ID3v2 tag before and an ID3v1 tag after; the duration is the frames' samples
	 */
	public function test_layer_iii_frames_to_the_end_pass_with_id3_tags(): void {
		$frames = str_repeat( circassian_test_mp3_frame(), 100 );
		$tagged = "ID3\x04\x00\x00\x00\x00\x01\x00" . str_repeat( "\0", 128 ) . $frames . 'TAG' . str_repeat( ' ', 125 );
		foreach ( array( $frames, $tagged ) as $bytes ) {
			$mp3 = Audio\Mp3_File::inspect( $bytes );
			self::assertIsArray( $mp3, is_wp_error( $mp3 ) ? $mp3->get_error_message() : '' );
			self::assertSame( 100, $mp3['frames'] );
			self::assertSame( 44100, $mp3['sample_rate'] );
			self::assertSame( 1, $mp3['channels'] );
			self::assertEqualsWithDelta( 100 * 1152 / 44100, $mp3['seconds'], 0.0001 );
		}
	}

	/**
	 * @testdox a WAV, an empty body, Layer II and a file cut mid-frame or changing sample rate are refused, each in words
	 */
	public function test_what_is_not_a_whole_layer_iii_stream_is_refused_in_words(): void {
		$frame   = circassian_test_mp3_frame();
		$refused = array(
			'a WAV'               => array( circassian_test_wav( 16000 ), 'does not start with an MPEG audio Layer III frame' ),
			'nothing'             => array( '', 'holds no MPEG audio frame' ),
			'Layer II'            => array( "\xFF\xFD" . substr( $frame, 2 ), 'does not start with' ),
			'cut mid-frame'       => array( $frame . $frame . substr( $frame, 0, 100 ), 'damaged at byte 416' ),
			'another sample rate' => array( $frame . circassian_test_mp3_frame( 1 ), 'damaged at byte 208' ),
			'ID3 tag, no audio'   => array( "ID3\x04\x00\x00\x00\x00\x00\x00", 'holds no MPEG audio frame' ),
		);
		foreach ( $refused as $case => list( $bytes, $why ) ) {
			$mp3 = Audio\Mp3_File::inspect( $bytes );
			self::assertInstanceOf( WP_Error::class, $mp3, $case );
			self::assertSame( 'circassian_not_mp3', $mp3->get_error_code(), $case );
			self::assertStringContainsString( $why, $mp3->get_error_message(), $case );
			self::assertSame( 400, $mp3->get_error_data()['status'], $case );
		}
	}
}
