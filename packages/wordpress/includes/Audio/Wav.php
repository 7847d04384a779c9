<?php
/**
 * PCM WAV files on disk: checked before anything reaches the Media Library, and joined by
 * streaming their samples into one file, so memory stays the same whatever the audio's length
 * (200000 characters of speech are hours of audio, hundreds of megabytes).
 *
 * @package Circassian
 */

namespace Circassian\Audio;

use WP_Error;

defined( 'ABSPATH' ) || exit;

final class Wav {

	/** RIFF sizes are 32-bit: a WAV cannot be larger. */
	public const MAX_BYTES = 0xFFFFFFFF;
	/** Chunks before the samples (LIST, fact…) are few; a file with more is not what the service sends. */
	private const MAX_CHUNKS = 16;

	/**
	 * The format chunk and where the samples are in a WAV file, after checking that it is one:
	 * RIFF/WAVE header, a PCM format chunk with sane values, a data chunk inside the file.
	 *
	 * @return array{format: string, data_offset: int, data_size: int, byte_rate: int}|WP_Error
	 */
	public static function inspect( string $path ): array|WP_Error {
		$size   = is_file( $path ) ? (int) filesize( $path ) : 0;
		$handle = $size >= 44 ? fopen( $path, 'rb' ) : false; // phpcs:ignore WordPress.WP.AlternativeFunctions -- a local temporary file, read in pieces.
		if ( false === $handle ) {
			return self::bad( __( 'The service sent audio that is not a WAV file.', 'circassian' ) );
		}
		try {
			$header = (string) fread( $handle, 12 ); // phpcs:ignore WordPress.WP.AlternativeFunctions
			if ( 'RIFF' !== substr( $header, 0, 4 ) || 'WAVE' !== substr( $header, 8, 4 ) ) {
				return self::bad( __( 'The service sent audio that is not a WAV file.', 'circassian' ) );
			}
			$riff = unpack( 'V', substr( $header, 4, 4 ) )[1];
			if ( $riff + 8 > $size + 1 || $size > self::MAX_BYTES ) {
				return self::bad( __( 'The service sent a WAV file whose sizes do not match.', 'circassian' ) );
			}
			$format = '';
			$offset = 12;
			for ( $chunks = 0; $chunks < self::MAX_CHUNKS && $offset + 8 <= $size; $chunks++ ) {
				fseek( $handle, $offset );
				$chunk = (string) fread( $handle, 8 ); // phpcs:ignore WordPress.WP.AlternativeFunctions
				$id    = substr( $chunk, 0, 4 );
				$bytes = unpack( 'V', substr( $chunk, 4, 4 ) )[1];
				if ( 'data' === $id ) {
					return self::described( $format, $offset + 8, $bytes, $size );
				}
				if ( 'fmt ' === $id ) {
					if ( $bytes < 16 || $bytes > 64 ) {
						break;
					}
					$format = (string) fread( $handle, $bytes ); // phpcs:ignore WordPress.WP.AlternativeFunctions
				}
				$offset += 8 + $bytes + ( $bytes % 2 );
			}
			return self::bad( __( 'The service sent a WAV file without format or samples.', 'circassian' ) );
		} finally {
			fclose( $handle ); // phpcs:ignore WordPress.WP.AlternativeFunctions
		}
	}

	/**
	 * @return array{format: string, data_offset: int, data_size: int, byte_rate: int}|WP_Error
	 */
	private static function described( string $format, int $data_offset, int $data_size, int $file_size ): array|WP_Error {
		if ( strlen( $format ) < 16 ) {
			return self::bad( __( 'The service sent a WAV file without format or samples.', 'circassian' ) );
		}
		$fmt = unpack( 'vtag/vchannels/Vrate/Vbyte_rate/vblock/vbits', $format );
		$ok  = in_array( $fmt['tag'], array( 1, 0xFFFE ), true )
			&& $fmt['channels'] >= 1 && $fmt['channels'] <= 8
			&& $fmt['rate'] >= 8000 && $fmt['rate'] <= 192000
			&& in_array( $fmt['bits'], array( 8, 16, 24, 32 ), true )
			&& $fmt['block'] === $fmt['channels'] * intdiv( $fmt['bits'], 8 )
			&& $fmt['byte_rate'] === $fmt['rate'] * $fmt['block'];
		if ( ! $ok ) {
			return self::bad( __( 'The service sent a WAV file in a format this site does not store (PCM expected).', 'circassian' ) );
		}
		if ( $data_size <= 0 || $data_offset + $data_size > $file_size || 0 !== $data_size % $fmt['block'] ) {
			return self::bad( __( 'The service sent a WAV file whose sizes do not match.', 'circassian' ) );
		}
		return array(
			'format'      => $format,
			'data_offset' => $data_offset,
			'data_size'   => $data_size,
			'byte_rate'   => $fmt['byte_rate'],
		);
	}

	/** Seconds of audio in a checked WAV file (0 when it is not one). */
	public static function duration( string $path ): float {
		$wav = self::inspect( $path );
		return is_wp_error( $wav ) ? 0.0 : $wav['data_size'] / $wav['byte_rate'];
	}

	/**
	 * Writes one WAV made of several of the same format, in order, to $target, a piece at a
	 * time. Returns its duration in seconds.
	 *
	 * @param list<string> $paths WAV files.
	 */
	public static function join( array $paths, string $target ): float|WP_Error {
		$parts = array();
		$total = 0;
		foreach ( $paths as $path ) {
			$wav = self::inspect( $path );
			if ( is_wp_error( $wav ) ) {
				return $wav;
			}
			if ( $parts && $parts[0]['format'] !== $wav['format'] ) {
				return self::bad( __( 'The parts of the audio have different formats.', 'circassian' ) );
			}
			$parts[] = $wav + array( 'path' => $path );
			$total  += $wav['data_size'];
		}
		if ( ! $parts ) {
			return self::bad( __( 'There is no audio to join.', 'circassian' ) );
		}
		$format = $parts[0]['format'];
		if ( 4 + 8 + strlen( $format ) + 8 + $total > self::MAX_BYTES ) {
			return self::bad( __( 'The audio would be larger than a WAV file can be (4 GB). Split the text into several audio blocks.', 'circassian' ) );
		}
		$out = fopen( $target, 'wb' ); // phpcs:ignore WordPress.WP.AlternativeFunctions -- streamed: memory must not grow with the audio.
		if ( false === $out ) {
			return self::bad( __( 'The site could not write the audio file.', 'circassian' ) );
		}
		$ok = false !== fwrite( $out, 'RIFF' . pack( 'V', 4 + 8 + strlen( $format ) + 8 + $total ) . 'WAVEfmt ' . pack( 'V', strlen( $format ) ) . $format . 'data' . pack( 'V', $total ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions
		foreach ( $parts as $part ) {
			$in = $ok ? fopen( $part['path'], 'rb' ) : false; // phpcs:ignore WordPress.WP.AlternativeFunctions
			if ( false === $in ) {
				$ok = false;
				break;
			}
			fseek( $in, $part['data_offset'] );
			$ok = stream_copy_to_stream( $in, $out, $part['data_size'] ) === $part['data_size'];
			fclose( $in ); // phpcs:ignore WordPress.WP.AlternativeFunctions
		}
		fclose( $out ); // phpcs:ignore WordPress.WP.AlternativeFunctions
		if ( ! $ok ) {
			wp_delete_file( $target );
			return self::bad( __( 'The site could not write the audio file.', 'circassian' ) );
		}
		return $total / $parts[0]['byte_rate'];
	}

	private static function bad( string $message ): WP_Error {
		return new WP_Error(
			'circassian_bad_audio',
			$message,
			array(
				'status' => 502,
				'type'   => 'invalid_response',
			)
		);
	}
}
