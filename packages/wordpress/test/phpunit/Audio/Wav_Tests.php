<?php
/**
 * Wav: only a sane PCM WAV passes, and parts are joined by streaming.
 */
use Circassian\Audio;
use PHPUnit\Framework\TestCase;

final class Wav_Tests extends TestCase {

	/**
	 * @testdox WAVs are joined by streaming into one file whose duration is the sum
	 */
	public function test_wavs_are_joined_by_streaming_into_one_file_whose_duration_is_the_sum(): void {
		$target   = circassian_test_file( '' );
		$duration = Audio\Wav::join( array( circassian_test_file( circassian_test_wav( 16000 ) ), circassian_test_file( circassian_test_wav( 8000 ) ) ), $target );
		self::assertSame( 1.5, $duration );
		self::assertSame( 1.5, Audio\Wav::duration( $target ) );
		$joined = (string) file_get_contents( $target );
		self::assertSame( 'RIFF', substr( $joined, 0, 4 ) );
		self::assertSame( strlen( $joined ) - 8, unpack( 'V', substr( $joined, 4, 4 ) )[1], 'RIFF size' );
		self::assertSame( substr( circassian_test_wav( 16000 ), 44 ) . substr( circassian_test_wav( 8000 ), 44 ), substr( $joined, 44 ), 'samples' );
	}

	/**
	 * @testdox only a sane PCM WAV passes: JSON, HTML, a truncated file, lying sizes and odd formats are refused
	 */
	public function test_only_a_sane_pcm_wav_passes_json_html_a_truncated_file_lying_sizes_and(): void {
		$target = circassian_test_file( '' );
		self::assertTrue( is_wp_error( Audio\Wav::join( array( circassian_test_file( circassian_test_wav( 10 ) ), circassian_test_file( circassian_test_wav( 10, 22050 ) ) ), $target ) ), 'joined different formats' );
		self::assertTrue( ! is_wp_error( Audio\Wav::inspect( circassian_test_file( circassian_test_wav( 100 ) ) ) ), 'a good WAV was refused' );
		$good = circassian_test_wav( 100 );
		$bad  = array(
			'JSON'               => str_pad( '{"error":{"type":"internal_error"}}', 64 ),
			'HTML'               => str_pad( '<html><script>alert(1)</script></html>', 64 ),
			'truncated'          => substr( $good, 0, 100 ),
			'data larger'        => substr( $good, 0, 40 ) . pack( 'V', 1000000 ) . substr( $good, 44 ),
			'RIFF larger'        => 'RIFF' . pack( 'V', 1000000 ) . substr( $good, 8 ),
			'compressed format'  => substr( $good, 0, 20 ) . pack( 'v', 85 ) . substr( $good, 22 ),
			'absurd sample rate' => substr( $good, 0, 24 ) . pack( 'V', 5 ) . substr( $good, 28 ),
		);
		foreach ( $bad as $what => $bytes ) {
			$result = Audio\Wav::inspect( circassian_test_file( $bytes ) );
			self::assertTrue( is_wp_error( $result ), "{$what} passed as a WAV" );
			self::assertSame( 'invalid_response', $result->get_error_data()['type'], $what );
		}
	}
}
