<?php
/**
 * A long job's audio on disk: each part streamed to a temporary file, checked to be a WAV, and the
 * parts joined by streaming into one file (memory stays flat); a job that ends leaves none behind.
 *
 * @package Circassian
 */

namespace Circassian\Speech;

use Circassian\Audio;
use WP_Error;

defined( 'ABSPATH' ) || exit;

final class Part_Files {

	/** How every temporary file of a job is named first (then its id): uninstall finds them by it. */
	public const PREFIX = 'circassian-';

	/** A temporary file for a job's part ($index) or for its joined audio ('joined'). */
	public static function temporary( string $job_id, int|string $index ): string {
		require_once ABSPATH . 'wp-admin/includes/file.php';
		return wp_tempnam( self::PREFIX . $job_id . '-' . $index . '.wav' );
	}

	/**
	 * The job's audio as one file and its duration: the only part as it is, or the parts joined.
	 * The caller removes the joined file once it is stored.
	 *
	 * @param array<string, mixed> $job Job record.
	 * @return array{file: string, duration: float}|WP_Error
	 */
	public static function joined( array $job ): array|WP_Error {
		if ( 1 === count( $job['files'] ) ) {
			return array(
				'file'     => $job['files'][0],
				'duration' => Audio\Wav::duration( $job['files'][0] ),
			);
		}
		$joined   = self::temporary( (string) $job['id'], 'joined' );
		$duration = Audio\Wav::join( $job['files'], $joined );
		if ( is_wp_error( $duration ) ) {
			wp_delete_file( $joined );
			return $duration;
		}
		return array(
			'file'     => $joined,
			'duration' => $duration,
		);
	}

	/**
	 * Removes a job's part files.
	 *
	 * @param array<string, mixed> $job Job record.
	 */
	public static function remove( array $job ): void {
		foreach ( $job['files'] as $file ) {
			wp_delete_file( $file );
		}
	}
}
