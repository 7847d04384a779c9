<?php
/**
 * Reads and joins PCM WAV files: the parts of a text too long for one request become one file.
 *
 * @package Circassian
 */

namespace Circassian;

use WP_Error;

defined( 'ABSPATH' ) || exit;

final class Wav {

	/**
	 * The format chunk and the samples of one WAV.
	 *
	 * @return array{format: string, data: string, byte_rate: int}|WP_Error
	 */
	public static function parse( string $bytes ): array|WP_Error {
		if ( strlen( $bytes ) < 12 || 'RIFF' !== substr( $bytes, 0, 4 ) || 'WAVE' !== substr( $bytes, 8, 4 ) ) {
			return new WP_Error( 'circassian_bad_audio', __( 'The service sent audio that is not a WAV file.', 'circassian' ), array( 'status' => 502 ) );
		}
		$format = '';
		$data   = null;
		$offset = 12;
		while ( $offset + 8 <= strlen( $bytes ) ) {
			$id     = substr( $bytes, $offset, 4 );
			$size   = unpack( 'V', substr( $bytes, $offset + 4, 4 ) )[1];
			$chunk  = substr( $bytes, $offset + 8, $size );
			if ( 'fmt ' === $id ) {
				$format = $chunk;
			} elseif ( 'data' === $id ) {
				$data = $chunk;
			}
			$offset += 8 + $size + ( $size % 2 );
		}
		if ( strlen( $format ) < 16 || null === $data ) {
			return new WP_Error( 'circassian_bad_audio', __( 'The service sent a WAV file without format or samples.', 'circassian' ), array( 'status' => 502 ) );
		}
		return array( 'format' => $format, 'data' => $data, 'byte_rate' => unpack( 'V', substr( $format, 8, 4 ) )[1] );
	}

	/** Seconds of audio in a WAV file. */
	public static function duration( string $bytes ): float {
		$wav = self::parse( $bytes );
		return is_wp_error( $wav ) || $wav['byte_rate'] <= 0 ? 0.0 : strlen( $wav['data'] ) / $wav['byte_rate'];
	}

	/**
	 * One WAV made of several with the same format, in order.
	 *
	 * @param list<string> $files WAV files' bytes.
	 */
	public static function join( array $files ): string|WP_Error {
		if ( 1 === count( $files ) ) {
			return $files[0];
		}
		$format = null;
		$data   = '';
		foreach ( $files as $bytes ) {
			$wav = self::parse( $bytes );
			if ( is_wp_error( $wav ) ) {
				return $wav;
			}
			if ( null !== $format && $format !== $wav['format'] ) {
				return new WP_Error( 'circassian_bad_audio', __( 'The parts of the audio have different formats.', 'circassian' ), array( 'status' => 502 ) );
			}
			$format = $wav['format'];
			$data  .= $wav['data'];
		}
		return 'RIFF' . pack( 'V', 4 + 8 + strlen( (string) $format ) + 8 + strlen( $data ) ) . 'WAVE'
			. 'fmt ' . pack( 'V', strlen( (string) $format ) ) . $format
			. 'data' . pack( 'V', strlen( $data ) ) . $data;
	}
}
