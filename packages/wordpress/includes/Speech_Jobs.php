<?php
/**
 * Speech of any length, made by the site on behalf of the editor.
 *
 * Text up to the service's synchronous limit is voiced in the request itself. Longer text becomes
 * a site job: it is split into parts of at most 20000 characters at sentence ends, each part
 * goes to the service (a service job above 1500 characters). The job moves on with every poll
 * from the editor and, so that closing the editor loses nothing, with WP-Cron every 2 s: the site
 * polls the service (never more often than every 2 s) and fetches finished audio at once, well
 * within its one-hour life. When every part is in, the WAVs are joined into one attachment.
 * A failed or expired job leaves no attachment and no part files behind.
 *
 * @package Circassian
 */

namespace Circassian;

use WP_Error;

defined( 'ABSPATH' ) || exit;

final class Speech_Jobs {

	public const SYNC_MAX_CHARS    = 1500;
	public const REQUEST_MAX_CHARS = 20000;
	public const POLL_SECONDS      = 2;
	private const OPTION_PREFIX    = 'circassian_job_';
	private const LOCK_SECONDS     = 120;
	/** The WP-Cron hook that moves a job on while no editor polls it. */
	public const CRON_HOOK = 'circassian_advance_speech_job';

	/**
	 * Starts speech for $request. Short text: the attachment at once. Long: a running job.
	 *
	 * @param array{text: string, language: string, voice: string, speed: float, instruct: string} $request Speech request.
	 * @return array<string, mixed>|WP_Error The job view (see view()).
	 */
	public static function start( array $request, int $post_id, int $replace_id ): array|WP_Error {
		$client = Service_Client::from_settings();
		if ( is_wp_error( $client ) ) {
			return $client;
		}
		$parts = Text_Splitter::split( $request['text'], self::REQUEST_MAX_CHARS );
		$job   = array(
			'id'          => wp_generate_uuid4(),
			'user'        => get_current_user_id(),
			'post_id'     => $post_id,
			'replace_id'  => $replace_id,
			'request'     => $request,
			'parts'       => $parts,
			'index'       => 0,
			'service_job' => '',
			'polled_at'   => 0,
			'files'       => array(),
			'status'      => 'running',
			'error'       => null,
			'result'      => null,
			'created'     => time(),
		);
		$job = self::advance_job( $client, $job );
		if ( 'failed' === $job['status'] ) {
			return self::failure( $job );
		}
		if ( 'running' === $job['status'] ) {
			add_option( self::OPTION_PREFIX . $job['id'], $job, '', false );
			self::schedule( $job['id'] );
		}
		return self::view( $job );
	}

	/**
	 * One poll from the editor: moves the job on when the service has news. A job that ended
	 * (here or in the background) is reported once, then its record goes.
	 *
	 * @return array<string, mixed>|WP_Error
	 */
	public static function poll( string $id ): array|WP_Error {
		$job = get_option( self::OPTION_PREFIX . $id );
		if ( ! is_array( $job ) || (int) $job['user'] !== get_current_user_id() ) {
			return new WP_Error( 'circassian_not_found', __( 'No such speech job on this site (it may have finished long ago). Generate the audio again.', 'circassian' ), array( 'status' => 404, 'type' => 'not_found' ) );
		}
		$job = self::advance( $id, $job );
		if ( is_wp_error( $job ) || 'running' === $job['status'] ) {
			return is_wp_error( $job ) ? $job : self::view( $job );
		}
		delete_option( self::OPTION_PREFIX . $id );
		return 'failed' === $job['status'] ? self::failure( $job ) : self::view( $job );
	}

	/**
	 * The WP-Cron step: moves the job on as its owner, and comes back in 2 s while it runs. An
	 * ended job's record stays for the editor's next poll.
	 */
	public static function run_in_background( string $id ): void {
		$job = get_option( self::OPTION_PREFIX . $id );
		if ( ! is_array( $job ) || 'running' !== $job['status'] ) {
			return;
		}
		wp_set_current_user( (int) $job['user'] );
		$job = self::advance( $id, $job );
		if ( is_wp_error( $job ) || 'running' === $job['status'] ) {
			self::schedule( $id );
		}
	}

	private static function schedule( string $id ): void {
		wp_schedule_single_event( time() + self::POLL_SECONDS, self::CRON_HOOK, array( $id ) );
	}

	/**
	 * Moves a stored running job on, one worker at a time, and stores the result.
	 *
	 * @param array<string, mixed> $job Job record as stored.
	 * @return array<string, mixed>|WP_Error The record now, or why the service could not be reached.
	 */
	private static function advance( string $id, array $job ): array|WP_Error {
		if ( 'running' !== $job['status'] || ! self::lock( $id ) ) {
			return $job;
		}
		try {
			$client = Service_Client::from_settings();
			if ( is_wp_error( $client ) ) {
				return $client;
			}
			$job = self::advance_job( $client, $job );
			update_option( self::OPTION_PREFIX . $id, $job, false );
			return $job;
		} finally {
			delete_option( self::OPTION_PREFIX . $id . '_lock' );
		}
	}

	/**
	 * What the editor sees: never the service's job id or URLs, never the key.
	 *
	 * @param array<string, mixed> $job Job record.
	 * @return array<string, mixed>
	 */
	public static function view( array $job ): array {
		$count = max( 1, count( $job['parts'] ) );
		return array(
			'job'        => 'running' === $job['status'] ? $job['id'] : null,
			'status'     => $job['status'],
			'parts'      => $count,
			'done_parts' => (int) $job['index'],
			'progress'   => 'done' === $job['status'] ? 1 : round( $job['index'] / $count, 3 ),
			'attachment' => $job['result'],
		);
	}

	/**
	 * Works through the parts until one must wait for the service.
	 *
	 * @param array<string, mixed> $job Job record.
	 * @return array<string, mixed>
	 */
	private static function advance_job( Service_Client $client, array $job ): array {
		while ( 'running' === $job['status'] && $job['index'] < count( $job['parts'] ) ) {
			if ( '' !== $job['service_job'] ) {
				if ( microtime( true ) - (float) $job['polled_at'] < self::POLL_SECONDS ) {
					return $job;
				}
				$job['polled_at'] = microtime( true );
				$state            = $client->json( 'GET', '/v1/jobs/' . rawurlencode( $job['service_job'] ) );
				if ( is_wp_error( $state ) ) {
					return self::fail( $job, $state );
				}
				if ( 'failed' === ( $state['status'] ?? '' ) ) {
					return self::fail( $job, Service_Error::make( 'job_failed', (string) ( $state['error'] ?? __( 'The speech job failed.', 'circassian' ) ), 502 ) );
				}
				if ( 'done' !== ( $state['status'] ?? '' ) ) {
					return $job;
				}
				$audio = $client->request( 'GET', self::service_path( (string) ( $state['audio_url'] ?? '' ) ) );
				if ( is_wp_error( $audio ) ) {
					return self::fail( $job, $audio );
				}
				$job = self::keep_part( $job, $audio['body'] );
				continue;
			}
			$answer = $client->request( 'POST', '/v1/speech', self::service_request( $job['request'], $job['parts'][ $job['index'] ] ) );
			if ( is_wp_error( $answer ) ) {
				return self::fail( $job, $answer );
			}
			if ( str_starts_with( strtolower( $answer['content_type'] ), 'audio/' ) ) {
				$job = self::keep_part( $job, $answer['body'] );
				continue;
			}
			$created = json_decode( $answer['body'], true );
			if ( ! is_array( $created ) || empty( $created['job_id'] ) ) {
				return self::fail( $job, Service_Error::make( 'internal_error', __( 'The service started no job for the long text.', 'circassian' ), 502 ) );
			}
			$job['service_job'] = (string) $created['job_id'];
			$job['polled_at']   = microtime( true );
			return $job;
		}
		return 'running' === $job['status'] ? self::finish( $job ) : $job;
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
	 * @param array<string, mixed> $job Job record.
	 * @return array<string, mixed>
	 */
	private static function keep_part( array $job, string $wav ): array {
		require_once ABSPATH . 'wp-admin/includes/file.php';
		$file = wp_tempnam( 'circassian-' . $job['id'] . '-' . $job['index'] . '.wav' );
		file_put_contents( $file, $wav ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_file_put_contents
		$job['files'][]     = $file;
		$job['index']       = (int) $job['index'] + 1;
		$job['service_job'] = '';
		return $job;
	}

	/**
	 * @param array<string, mixed> $job Job record.
	 * @return array<string, mixed>
	 */
	private static function finish( array $job ): array {
		$parts = array();
		foreach ( $job['files'] as $file ) {
			$parts[] = (string) file_get_contents( $file ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents
		}
		$wav = Wav::join( $parts );
		if ( is_wp_error( $wav ) ) {
			return self::fail( $job, $wav );
		}
		$stored = Audio_Library::store( $wav, Wav::duration( $wav ), $job['request'], (int) $job['post_id'], (int) $job['replace_id'] );
		if ( is_wp_error( $stored ) ) {
			return self::fail( $job, $stored );
		}
		self::remove_files( $job );
		$job['files']  = array();
		$job['status'] = 'done';
		$job['result'] = $stored;
		return $job;
	}

	/**
	 * @param array<string, mixed> $job Job record.
	 * @return array<string, mixed>
	 */
	private static function fail( array $job, WP_Error $error ): array {
		self::remove_files( $job );
		$job['files']  = array();
		$job['status'] = 'failed';
		$job['error']  = array(
			'code'    => $error->get_error_code(),
			'message' => Service_Error::redact( $error->get_error_message() ),
			'data'    => $error->get_error_data(),
		);
		return $job;
	}

	/**
	 * @param array<string, mixed> $job Job record.
	 */
	private static function failure( array $job ): WP_Error {
		return new WP_Error( (string) $job['error']['code'], (string) $job['error']['message'], $job['error']['data'] );
	}

	/**
	 * @param array<string, mixed> $job Job record.
	 */
	private static function remove_files( array $job ): void {
		foreach ( $job['files'] as $file ) {
			wp_delete_file( $file );
		}
	}

	/** One poll at a time moves a job: two workers must not fetch and store the same audio twice. */
	private static function lock( string $id ): bool {
		$name = self::OPTION_PREFIX . $id . '_lock';
		if ( add_option( $name, time(), '', false ) ) {
			return true;
		}
		if ( time() - (int) get_option( $name ) > self::LOCK_SECONDS ) {
			update_option( $name, time(), false );
			return true;
		}
		return false;
	}
}
