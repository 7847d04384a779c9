<?php
/**
 * MP3 bytes checked before they become an episode's copy (Audio_Encoder::store): an optional ID3v2
 * tag, then MPEG audio Layer III frames one after another to the end (an ID3v1 tag may close the
 * file), every frame header valid and of one sample rate; their duration is what the frames hold.
 * A browser's upload is the only MP3 the site takes from outside, so nothing else passes.
 *
 * @package Circassian
 */

namespace Circassian\Audio;

use WP_Error;

defined( 'ABSPATH' ) || exit;

final class Mp3_File {

	/** Layer III bit rates in kbit/s by header index: MPEG-1, then MPEG-2 and 2.5. */
	private const BITRATES = array(
		1 => array( 0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320 ),
		2 => array( 0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160 ),
	);
	/** Sample rates by header index for MPEG-1; MPEG-2 halves them, MPEG-2.5 quarters them. */
	private const SAMPLE_RATES = array( 44100, 48000, 32000 );

	/**
	 * The file's frames and duration, or why it is not an MP3 file.
	 *
	 * @return array{frames: int, seconds: float, sample_rate: int, channels: int}|WP_Error
	 */
	public static function inspect( string $bytes ): array|WP_Error {
		$size   = strlen( $bytes );
		$offset = self::after_id3v2( $bytes );
		$end    = $size >= 128 && 'TAG' === substr( $bytes, $size - 128, 3 ) ? $size - 128 : $size;
		$frames = 0;
		$time   = 0.0;
		$rate   = 0;
		$mono   = true;
		while ( $offset < $end ) {
			$frame = self::frame( substr( $bytes, $offset, 4 ) );
			if ( null === $frame || ( 0 !== $rate && $frame['sample_rate'] !== $rate ) || $offset + $frame['length'] > $end ) {
				return self::bad(
					0 === $frames
						? __( 'The file is not MP3: it does not start with an MPEG audio Layer III frame.', 'circassian' )
						/* translators: %d: the byte where the MP3 stops being valid. */
						: sprintf( __( 'The MP3 file is damaged at byte %d: what follows is not a complete MPEG audio frame.', 'circassian' ), $offset )
				);
			}
			$rate    = $frame['sample_rate'];
			$mono    = $mono && $frame['mono'];
			$time   += $frame['samples'] / $rate;
			$offset += $frame['length'];
			++$frames;
		}
		if ( 0 === $frames ) {
			return self::bad( __( 'The file is not MP3: it holds no MPEG audio frame.', 'circassian' ) );
		}
		return array(
			'frames'      => $frames,
			'seconds'     => $time,
			'sample_rate' => $rate,
			'channels'    => $mono ? 1 : 2,
		);
	}

	/** Where the audio starts: after an ID3v2 tag (its size is four 7-bit bytes), else at 0. */
	private static function after_id3v2( string $bytes ): int {
		if ( strlen( $bytes ) < 10 || 'ID3' !== substr( $bytes, 0, 3 ) ) {
			return 0;
		}
		$size = 0;
		foreach ( str_split( substr( $bytes, 6, 4 ) ) as $byte ) {
			$size = ( $size << 7 ) | ( ord( $byte ) & 0x7f );
		}
		$footer = ( ord( $bytes[5] ) & 0x10 ) ? 10 : 0;
		return 10 + $size + $footer;
	}

	/**
	 * One frame header's facts, or null when the four bytes are not a Layer III frame header.
	 *
	 * @return array{length: int, samples: int, sample_rate: int, mono: bool}|null
	 */
	private static function frame( string $header ): ?array {
		if ( 4 !== strlen( $header ) ) {
			return null;
		}
		$bits    = unpack( 'N', $header )[1];
		$version = ( $bits >> 19 ) & 3; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5, 1: reserved.
		$layer   = ( $bits >> 17 ) & 3; // 1: Layer III.
		$bitrate = ( $bits >> 12 ) & 15;
		$rate    = ( $bits >> 10 ) & 3;
		if ( ( $bits >> 21 ) !== 0x7ff || 1 === $version || 1 !== $layer || 0 === $bitrate || 15 === $bitrate || 3 === $rate ) {
			return null;
		}
		$mpeg1       = 3 === $version;
		$sample_rate = intdiv( self::SAMPLE_RATES[ $rate ], $mpeg1 ? 1 : ( 2 === $version ? 2 : 4 ) );
		$samples     = $mpeg1 ? 1152 : 576;
		$kbps        = self::BITRATES[ $mpeg1 ? 1 : 2 ][ $bitrate ];
		return array(
			'length'      => intdiv( $samples / 8 * $kbps * 1000, $sample_rate ) + ( ( $bits >> 9 ) & 1 ),
			'samples'     => $samples,
			'sample_rate' => $sample_rate,
			'mono'        => 3 === ( ( $bits >> 6 ) & 3 ),
		);
	}

	private static function bad( string $message ): WP_Error {
		return new WP_Error( 'circassian_not_mp3', $message, array( 'status' => 400 ) );
	}
}
