<?php
/**
 * The steps of a speech job: each part goes to the service (a service job above the synchronous
 * limit, polled never more often than every JOB_POLL_INTERVAL_SECONDS), its audio is fetched into
 * a part file and checked, and once every part is in they are joined into one attachment. Trouble that passes
 * (Error_Policy) keeps the job running for GIVE_UP_SECONDS; anything else ends it, giving back the
 * characters of the parts never voiced.
 *
 * @package Circassian
 */

namespace Circassian\Speech;

use Circassian\Audio;
use Circassian\Service;
use Circassian\Spending;
use WP_Error;

defined( 'ABSPATH' ) || exit;

final class Job_Steps {

	/**
	 * Works through the parts until one must wait for the service.
	 *
	 * @param array<string, mixed> $job Job record.
	 * @return array<string, mixed>
	 */
	public static function run( Service\Service_Client $client, array $job ): array {
		if ( time() - (int) $job['created'] > Job_Rules::MAX_AGE_SECONDS ) {
			return self::fail( $job, Service\Service_Error::make( 'job_failed', __( 'The audio took too long to make and was given up. Generate it again; your text is kept.', 'circassian' ), 504 ) );
		}
		$part_count = count( $job['parts'] );
		while ( 'running' === $job['status'] && $job['index'] < $part_count ) {
			if ( ( '' !== $job['service_job'] || (int) ( $job['failing_since'] ?? 0 ) > 0 ) && microtime( true ) - (float) $job['polled_at'] < Service\Service_Facts::JOB_POLL_INTERVAL_SECONDS ) {
				return $job;
			}
			// The key's per-minute limit is shared with all the site sends: wait for room, not a 429.
			if ( Service\Request_Pace::wait_seconds() > 0 ) {
				return $job;
			}
			$job['polled_at'] = microtime( true );
			if ( '' !== $job['service_job'] ) {
				$state = $client->json( 'GET', '/v1/jobs/' . rawurlencode( $job['service_job'] ) );
				if ( is_wp_error( $state ) ) {
					return self::trouble( $job, $state );
				}
				if ( 'failed' === ( $state['status'] ?? '' ) ) {
					return self::fail( $job, Service\Service_Error::make( 'job_failed', (string) ( $state['error'] ?? __( 'The speech job failed.', 'circassian' ) ), 502 ) );
				}
				if ( 'done' !== ( $state['status'] ?? '' ) ) {
					return self::recovered( $job );
				}
				$file  = Part_Files::temporary( (string) $job['id'], (int) $job['index'] );
				$audio = $client->request( 'GET', self::service_path( (string) ( $state['audio_url'] ?? '' ) ), null, $file );
				if ( is_wp_error( $audio ) ) {
					wp_delete_file( $file );
					// An expired link (not_found) will not come back: that one ends the job.
					return 'not_found' === Service\Service_Error::type_of( $audio ) ? self::fail( $job, $audio ) : self::trouble( $job, $audio );
				}
				$job = self::keep_part( self::recovered( $job ), $file );
				continue;
			}
			$file   = Part_Files::temporary( (string) $job['id'], (int) $job['index'] );
			$answer = $client->request( 'POST', '/v1/speech', self::service_request( $job['request'], $job['parts'][ $job['index'] ] ), $file );
			if ( is_wp_error( $answer ) ) {
				wp_delete_file( $file );
				return self::trouble( $job, $answer );
			}
			$job = self::recovered( $job );
			if ( str_starts_with( strtolower( $answer['content_type'] ), 'audio/' ) ) {
				$job = self::keep_part( $job, $file );
				continue;
			}
			$created = json_decode( (string) file_get_contents( $file, false, null, 0, 65536 ), true ); // phpcs:ignore WordPress.WP.AlternativeFunctions -- a local temporary file.
			wp_delete_file( $file );
			if ( ! is_array( $created ) || empty( $created['job_id'] ) ) {
				return self::fail( $job, Service\Service_Error::make( 'internal_error', __( 'The service started no job for the long text.', 'circassian' ), 502 ) );
			}
			$job['service_job'] = (string) $created['job_id'];
			return $job;
		}
		return 'running' === $job['status'] ? self::finish( $job ) : $job;
	}

	/**
	 * A failed call: one worth trying again keeps the job running (and says so) until the
	 * service has been failing for GIVE_UP_SECONDS; any other ends it.
	 *
	 * @param array<string, mixed> $job Job record.
	 * @return array<string, mixed>
	 */
	private static function trouble( array $job, WP_Error $error ): array {
		if ( ! Service\Error_Policy::is_passing( Service\Service_Error::type_of( $error ) ) ) {
			return self::fail( $job, $error );
		}
		$since = (int) ( $job['failing_since'] ?? 0 );
		if ( $since > 0 && time() - $since >= Job_Rules::GIVE_UP_SECONDS ) {
			return self::fail( $job, $error );
		}
		$job['failing_since'] = $since > 0 ? $since : time();
		$job['last_error']    = array(
			'code'    => $error->get_error_code(),
			'message' => Service\Service_Error::redact( $error->get_error_message() ),
			'data'    => $error->get_error_data(),
		);
		return $job;
	}

	/**
	 * @param array<string, mixed> $job Job record.
	 * @return array<string, mixed>
	 */
	private static function recovered( array $job ): array {
		$job['failing_since'] = 0;
		$job['last_error']    = null;
		return $job;
	}

	/**
	 * The service's body for one part.
	 *
	 * @param array{text: string, language: string, voice: string, speed: float, instruct: string} $request Speech request.
	 * @return array<string, mixed>
	 */
	private static function service_request( array $request, string $text ): array {
		$body = array(
			'text'     => $text,
			'language' => $request['language'],
			'voice'    => $request['voice'],
			'speed'    => $request['speed'],
		);
		if ( '' !== $request['instruct'] ) {
			$body['instruct'] = $request['instruct'];
		}
		return $body;
	}

	/** `audio_url` is a path on the service; an absolute URL is reduced to its path, so the key only ever goes to the configured service. */
	private static function service_path( string $audio_url ): string {
		$path = (string) wp_parse_url( $audio_url, PHP_URL_PATH );
		return '' === $path ? '/v1/audio/' : $path;
	}

	/**
	 * A fetched part, kept once it is checked to be a WAV (anything else ends the job).
	 *
	 * @param array<string, mixed> $job Job record.
	 * @return array<string, mixed>
	 */
	private static function keep_part( array $job, string $file ): array {
		$wav = Audio\Wav::inspect( $file );
		if ( is_wp_error( $wav ) ) {
			wp_delete_file( $file );
			return self::fail( $job, $wav );
		}
		$job['files'][]     = $file;
		$job['index']       = (int) $job['index'] + 1;
		$job['service_job'] = '';
		return $job;
	}

	/**
	 * Joins the parts (streamed, one file) and stores the result as an attachment.
	 *
	 * @param array<string, mixed> $job Job record.
	 * @return array<string, mixed>
	 */
	private static function finish( array $job ): array {
		$audio = Part_Files::joined( $job );
		if ( is_wp_error( $audio ) ) {
			return self::fail( $job, $audio );
		}
		$joined   = $audio['file'];
		$duration = $audio['duration'];
		$stored   = Audio\Audio_Library::store( $joined, $duration, $job['request'], (int) $job['post_id'], (int) $job['replace_id'], (string) ( $job['block'] ?? '' ) );
		wp_delete_file( $joined );
		if ( is_wp_error( $stored ) ) {
			return self::fail( $job, $stored );
		}
		Part_Files::remove( $job );
		do_action( Job_Rules::DONE_ACTION, $stored, (int) $job['post_id'], (string) ( $job['block'] ?? '' ) );
		$job['files']  = array();
		$job['status'] = 'done';
		$job['result'] = $stored;
		$job['ended']  = time();
		return $job;
	}

	/**
	 * @param array<string, mixed> $job Job record.
	 * @return array<string, mixed>
	 */
	public static function fail( array $job, WP_Error $error ): array {
		Part_Files::remove( $job );
		self::refund_unvoiced( $job );
		$job['files']  = array();
		$job['status'] = 'failed';
		$job['ended']  = time();
		$job['error']  = array(
			'code'    => $error->get_error_code(),
			'message' => Service\Service_Error::redact( $error->get_error_message() ),
			'data'    => $error->get_error_data(),
		);
		do_action( Job_Rules::FAILED_ACTION, self::failure( $job ), (int) $job['post_id'], (string) ( $job['block'] ?? '' ) );
		return $job;
	}

	/**
	 * @param array<string, mixed> $job Job record.
	 */
	public static function failure( array $job ): WP_Error {
		return new WP_Error( (string) $job['error']['code'], (string) $job['error']['message'], $job['error']['data'] );
	}

	/**
	 * Gives back to the user's day the characters of the parts not voiced (from the one in hand on).
	 *
	 * @param array<string, mixed> $job Job record.
	 */
	public static function refund_unvoiced( array $job ): void {
		if ( ! is_array( $job['held'] ?? null ) ) {
			return; // A record from before the gate kept its reservation.
		}
		$unvoiced = array_sum( array_map( 'mb_strlen', array_slice( $job['parts'], (int) $job['index'] ) ) );
		Spending\Access::refund( $job['held'], $unvoiced );
	}
}
