<?php
/**
 * MP3 bytes for the tests of browser-made episodes: MPEG-1 Layer III frames, 64 kbit/s mono, as
 * the settings page's encoder writes them (44.1 kHz: 208 bytes and 1152 samples a frame).
 */

/** One frame: its header (sync, MPEG-1, Layer III, no CRC; 64 kbit/s, $rate_index; mono), then silence. */
function circassian_test_mp3_frame( int $rate_index = 0 ): string {
	$length = intdiv( 144 * 64000, array( 44100, 48000, 32000 )[ $rate_index ] );
	return "\xFF\xFB" . chr( 0x50 | ( $rate_index << 2 ) ) . "\xC0" . str_repeat( "\0", $length - 4 );
}

/** An MP3 of about $seconds seconds. */
function circassian_test_mp3( float $seconds ): string {
	return str_repeat( circassian_test_mp3_frame(), (int) ceil( $seconds * 44100 / 1152 ) );
}
