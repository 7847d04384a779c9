<?php
/**
 * WAV bytes and temporary files for the audio tests.
 */

function circassian_test_wav( int $samples, int $rate = 16000 ): string {
	$data   = str_repeat( "\x01\x00", $samples );
	$format = pack( 'vvVVvv', 1, 1, $rate, $rate * 2, 2, 16 );
	return 'RIFF' . pack( 'V', 4 + 8 + 16 + 8 + strlen( $data ) ) . 'WAVEfmt ' . pack( 'V', 16 ) . $format . 'data' . pack( 'V', strlen( $data ) ) . $data;
}

/** Bytes in a temporary file, removed at the end of the test run. */
function circassian_test_file( string $bytes ): string {
	$file = wp_tempnam( 'circassian-test.wav' );
	file_put_contents( $file, $bytes );
	register_shutdown_function( 'wp_delete_file', $file );
	return $file;
}
