<?php
/**
 * Speech of any length, made by the site on behalf of the editor.
 *
 * Text up to the service's synchronous limit is voiced in the request itself. Longer text becomes
 * a site job: it is split into parts of at most 20000 characters at sentence ends, each part
 * goes to the service (a service job above 1500 characters). The job moves on with every poll
 * from the editor and, so that closing the editor loses nothing, with WP-Cron every 2 s: the site
 * polls the service (never more often than every 2 s) and fetches finished audio at once, well
 * within its one-hour life. Every part is streamed to a file and checked to be a WAV; when every
 * part is in, the files are joined by streaming into one attachment (memory stays flat).
 *
 * Jobs end: while the service keeps failing (unreachable, busy, rate-limited) a job tries again
 * every 2 s for at most GIVE_UP_SECONDS, then fails and the editor is told; a refused or
 * removed key fails it at once; a job older than MAX_AGE_SECONDS fails. Ended records wait a day
 * for the editor's poll, then a daily clean-up removes them with any files left behind.
 * A failed or expired job leaves no attachment and no part files behind.
 *
 * Every job is paid for before it starts: start() passes the spending gate (Access::reserve(),
 * the current user's role and caps); a job that fails, or that a newer one cancels (a post's
 * audio of a newer text or voice, cancel()), gives back the characters of the parts it never voiced.
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
	/** How long the service may keep failing before a job gives up. */
	public const GIVE_UP_SECONDS = 10 * MINUTE_IN_SECONDS;
	/** No job runs longer: the service's audio links live an hour. */
	public const MAX_AGE_SECONDS = 2 * HOUR_IN_SECONDS;
	/** How long an ended job's record waits for the editor's poll. */
	public const KEEP_ENDED_SECONDS = DAY_IN_SECONDS;
	/** Errors worth trying again (the client already retried a few times within one call). */
	private const PASSING_ERRORS = array( 'connection_error', 'rate_limited', 'queue_timeout', 'upstream_unavailable', 'upstream_error', 'internal_error' );
	/** The WP-Cron hook that moves a job on while no editor polls it. */
	public const CRON_HOOK = 'circassian_advance_speech_job';
	/** The daily WP-Cron hook that removes ended and abandoned job records. */
	public const CLEAN_HOOK = 'circassian_clean_speech_jobs';
	/** Fired with ($attachment, $post_id, $block) when a job's audio is in the Media Library. */
	public const DONE_ACTION = 'circassian_speech_done';
	/** Fired with ($error, $post_id, $block) when a job ends without audio. */
	public const FAILED_ACTION = 'circassian_speech_failed';

	/**
	 * Starts speech for $request. Short text: the attachment at once. Long: a running job.
	 *
	 * @param array{text: string, language: string, voice: string, speed: float, instruct: string} $request Speech request.
	 * @return array<string, mixed>|WP_Error The job view (see view()).
	 */
	public static function start( array $request, int $post_id, int $replace_id, string $block = '' ): array|WP_Error {
		$client = Service_Client::from_settings();
		if ( is_wp_error( $client ) ) {
			return $client;
		}
		// The spending gate, for the block, post audio (as the post's author) and bulk runs alike:
		// role, request cap and daily cap, reserved before the service is called.
		$held = Access::reserve( mb_strlen( $request['text'] ) );
		if ( is_wp_error( $held ) ) {
			return $held;
		}
		$parts = Text_Splitter::split( $request['text'], self::REQUEST_MAX_CHARS );
		$job   = array(
			'id'            => wp_generate_uuid4(),
			'user'          => get_current_user_id(),
			'post_id'       => $post_id,
			'replace_id'    => $replace_id,
			'block'         => $block,
			'request'       => $request,
			'parts'         => $parts,
			'index'         => 0,
			'service_job'   => '',
			'polled_at'     => 0,
			'failing_since' => 0,
			'last_error'    => null,
			'ended'         => 0,
			'files'         => array(),
			'status'        => 'running',
			'error'         => null,
			'result'        => null,
			'created'       => time(),
			'held'          => $held,
		);
		// A job at the service is registered before it is asked for: a reload of the editor, even
		// of a post never saved, finds it (list()) instead of leaving paid speech behind.
		$long = count( $parts ) > 1 || mb_strlen( $request['text'] ) > self::SYNC_MAX_CHARS;
		if ( $long ) {
			add_option( self::OPTION_PREFIX . $job['id'], $job, '', false );
		}
		$job   = self::advance_job( $client, $job );
		$error = null;
		if ( 'running' === $job['status'] && null !== $job['last_error'] && 0 === $job['index'] && '' === $job['service_job'] ) {
			// Nothing was started at the service: the editor hears why at once, as with a short text.
			$error = new WP_Error( (string) $job['last_error']['code'], (string) $job['last_error']['message'], $job['last_error']['data'] );
			self::refund_unvoiced( $job );
		} elseif ( 'failed' === $job['status'] ) {
			$error = self::failure( $job );
		}
		if ( null !== $error || 'running' !== $job['status'] ) {
			delete_option( self::OPTION_PREFIX . $job['id'] );
			return $error ?? self::view( $job );
		}
		update_option( self::OPTION_PREFIX . $job['id'], $job, false );
		self::schedule( $job['id'] );
		return self::view( $job );
	}

	/**
	 * The current user's jobs not yet collected by an editor (running, or ended since), for the
	 * editor to offer them again after a reload: what was asked for, for which post and block.
	 *
	 * @return list<array<string, mixed>>
	 */
	public static function list_for_user(): array {
		global $wpdb;
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- job records are options with a prefix; there is no API to list them.
		$names = $wpdb->get_col( $wpdb->prepare( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE %s", $wpdb->esc_like( self::OPTION_PREFIX ) . '%' ) );
		$jobs  = array();
		foreach ( $names as $name ) {
			$job = str_ends_with( $name, '_lock' ) ? null : get_option( $name );
			// Post audio is the site's, made in the background: no editor block waits for it.
			if ( ! is_array( $job ) || ! isset( $job['id'], $job['request'] ) || (int) ( $job['user'] ?? 0 ) !== get_current_user_id() || Post_Audio::OWNER_BLOCK === ( $job['block'] ?? '' ) ) {
				continue;
			}
			$jobs[] = array(
				'id'          => $job['id'],
				'status'      => $job['status'],
				'post_id'     => (int) $job['post_id'],
				// 'auto-draft' (never saved) or '' (gone): the editor offers the job on any post.
				'post_status' => (int) $job['post_id'] > 0 ? (string) get_post_status( (int) $job['post_id'] ) : '',
				'block'       => (string) ( $job['block'] ?? '' ),
				'request'     => $job['request'],
				'created'     => (int) $job['created'],
			) + array_intersect_key( self::view( $job ), array_flip( array( 'parts', 'done_parts', 'progress' ) ) );
		}
		return $jobs;
	}

	/**
	 * One poll from the editor: moves the job on when the service has news. A job that ended
	 * (here or in the background) is reported once, then its record goes.
	 *
	 * @return array<string, mixed>|WP_Error
	 */
	public static function poll( string $id ): array|WP_Error {
		$job = get_option( self::OPTION_PREFIX . $id );
		if ( ! is_array( $job ) || get_current_user_id() !== (int) $job['user'] ) {
			return new WP_Error(
				'circassian_not_found',
				__( 'No such speech job on this site (it may have finished long ago). Generate the audio again.', 'circassian' ),
				array(
					'status' => 404,
					'type'   => 'not_found',
				)
			);
		}
		$job = self::advance( $id, $job );
		if ( 'running' === $job['status'] ) {
			return self::view( $job );
		}
		delete_option( self::OPTION_PREFIX . $id );
		return 'failed' === $job['status'] ? self::failure( $job ) : self::view( $job );
	}

	/**
	 * Where a job stands, for the site's own background work (a bulk run waiting for a post's
	 * long audio): running, done, or failed with its error; null once the record is gone.
	 *
	 * @return array{status: string, error: WP_Error|null}|null
	 */
	public static function find( string $id ): ?array {
		// The WP-Cron worker moving the job on writes it: this process's cached copy may be old.
		wp_cache_delete( self::OPTION_PREFIX . $id, 'options' );
		$job = get_option( self::OPTION_PREFIX . $id );
		if ( ! is_array( $job ) || ! isset( $job['status'] ) ) {
			return null;
		}
		return array(
			'status' => (string) $job['status'],
			'error'  => 'failed' === $job['status'] ? self::failure( $job ) : null,
		);
	}

	/**
	 * Ends a running job that a newer one replaces (a post's audio of a newer text or voice): no
	 * more calls for it, its part files gone, the characters of parts not voiced given back. No
	 * failure is reported: nothing went wrong. Waits for a worker moving the job on to finish.
	 */
	public static function cancel( string $id ): void {
		if ( ! Option_Lock::wait_for( self::OPTION_PREFIX . $id . '_lock', self::LOCK_SECONDS, 10.0 ) ) {
			return;
		}
		try {
			wp_cache_delete( self::OPTION_PREFIX . $id, 'options' );
			$job = get_option( self::OPTION_PREFIX . $id );
			if ( ! is_array( $job ) || 'running' !== ( $job['status'] ?? '' ) ) {
				return;
			}
			self::remove_files( $job );
			self::refund_unvoiced( $job );
			$job['files']  = array();
			$job['status'] = 'cancelled';
			$job['ended']  = time();
			update_option( self::OPTION_PREFIX . $id, $job, false );
			wp_clear_scheduled_hook( self::CRON_HOOK, array( $id ) );
		} finally {
			Option_Lock::release( self::OPTION_PREFIX . $id . '_lock' );
		}
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
		if ( 'running' === $job['status'] ) {
			self::schedule( $id );
		}
	}

	/**
	 * The daily clean-up: ended records older than a day, and running ones past their age (a
	 * worker that died mid-way), go with their part files.
	 */
	public static function clean(): int {
		global $wpdb;
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- job records are options with a prefix; there is no API to list them.
		$names   = $wpdb->get_col( $wpdb->prepare( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE %s", $wpdb->esc_like( self::OPTION_PREFIX ) . '%' ) );
		$removed = 0;
		foreach ( $names as $name ) {
			if ( str_ends_with( $name, '_lock' ) ) {
				if ( time() - (int) get_option( $name ) > self::LOCK_SECONDS ) {
					delete_option( $name );
				}
				continue;
			}
			$job = get_option( $name );
			$old = ! is_array( $job )
				|| ( 'running' !== ( $job['status'] ?? '' ) && time() - (int) ( $job['ended'] ?? 0 ) > self::KEEP_ENDED_SECONDS )
				|| ( 'running' === ( $job['status'] ?? '' ) && time() - (int) ( $job['created'] ?? 0 ) > self::MAX_AGE_SECONDS + self::KEEP_ENDED_SECONDS );
			if ( $old ) {
				if ( is_array( $job ) ) {
					self::remove_files( $job );
				}
				delete_option( $name );
				++$removed;
			}
		}
		return $removed;
	}

	/** Keeps the daily clean-up scheduled (once; WP-Cron keeps it recurring). */
	public static function schedule_cleaning(): void {
		if ( ! wp_next_scheduled( self::CLEAN_HOOK ) ) {
			wp_schedule_event( time() + HOUR_IN_SECONDS, 'daily', self::CLEAN_HOOK );
		}
	}

	private static function schedule( string $id ): void {
		wp_schedule_single_event( time() + self::POLL_SECONDS, self::CRON_HOOK, array( $id ) );
	}

	/**
	 * Moves a stored running job on, one worker at a time, and stores the result.
	 *
	 * @param array<string, mixed> $job Job record as stored.
	 * @return array<string, mixed> The record now.
	 */
	private static function advance( string $id, array $job ): array {
		if ( 'running' !== $job['status'] || ! self::lock( $id ) ) {
			return $job;
		}
		try {
			// Read again under the lock: a newer job may have cancelled this one meanwhile.
			wp_cache_delete( self::OPTION_PREFIX . $id, 'options' );
			$fresh = get_option( self::OPTION_PREFIX . $id );
			if ( ! is_array( $fresh ) || 'running' !== ( $fresh['status'] ?? '' ) ) {
				return is_array( $fresh ) ? $fresh : $job;
			}
			$job    = $fresh;
			$client = Service_Client::from_settings();
			// A key removed (or an address made invalid) ends the job: nothing waits for it forever.
			$job = is_wp_error( $client ) ? self::fail( $job, $client ) : self::advance_job( $client, $job );
			update_option( self::OPTION_PREFIX . $id, $job, false );
			return $job;
		} finally {
			Option_Lock::release( self::OPTION_PREFIX . $id . '_lock' );
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
			'job'        => $job['id'],
			'status'     => $job['status'],
			'parts'      => $count,
			'done_parts' => (int) $job['index'],
			'progress'   => 'done' === $job['status'] ? 1 : round( $job['index'] / $count, 3 ),
			// Since the job was registered, so an editor reloaded meanwhile shows the true time.
			'elapsed'    => max( 0, time() - (int) ( $job['created'] ?? time() ) ),
			'attachment' => $job['result'],
			// The service failing for now: the job tries again until GIVE_UP_SECONDS.
			'retrying'   => null !== ( $job['last_error'] ?? null ) ? $job['last_error']['message'] : null,
		);
	}

	/**
	 * Works through the parts until one must wait for the service.
	 *
	 * @param array<string, mixed> $job Job record.
	 * @return array<string, mixed>
	 */
	private static function advance_job( Service_Client $client, array $job ): array {
		if ( time() - (int) $job['created'] > self::MAX_AGE_SECONDS ) {
			return self::fail( $job, Service_Error::make( 'job_failed', __( 'The audio took too long to make and was given up. Generate it again; your text is kept.', 'circassian' ), 504 ) );
		}
		$part_count = count( $job['parts'] );
		while ( 'running' === $job['status'] && $job['index'] < $part_count ) {
			if ( ( '' !== $job['service_job'] || (int) ( $job['failing_since'] ?? 0 ) > 0 ) && microtime( true ) - (float) $job['polled_at'] < self::POLL_SECONDS ) {
				return $job;
			}
			// The key's per-minute limit is shared with all the site sends: wait for room, not a 429.
			if ( Request_Pace::wait_seconds() > 0 ) {
				return $job;
			}
			$job['polled_at'] = microtime( true );
			if ( '' !== $job['service_job'] ) {
				$state = $client->json( 'GET', '/v1/jobs/' . rawurlencode( $job['service_job'] ) );
				if ( is_wp_error( $state ) ) {
					return self::trouble( $job, $state );
				}
				if ( 'failed' === ( $state['status'] ?? '' ) ) {
					return self::fail( $job, Service_Error::make( 'job_failed', (string) ( $state['error'] ?? __( 'The speech job failed.', 'circassian' ) ), 502 ) );
				}
				if ( 'done' !== ( $state['status'] ?? '' ) ) {
					return self::recovered( $job );
				}
				$file  = self::part_file( $job );
				$audio = $client->request( 'GET', self::service_path( (string) ( $state['audio_url'] ?? '' ) ), null, $file );
				if ( is_wp_error( $audio ) ) {
					wp_delete_file( $file );
					// An expired link (not_found) will not come back: that one ends the job.
					return 'not_found' === Service_Error::type_of( $audio ) ? self::fail( $job, $audio ) : self::trouble( $job, $audio );
				}
				$job = self::keep_part( self::recovered( $job ), $file );
				continue;
			}
			$file   = self::part_file( $job );
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
				return self::fail( $job, Service_Error::make( 'internal_error', __( 'The service started no job for the long text.', 'circassian' ), 502 ) );
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
		if ( ! in_array( Service_Error::type_of( $error ), self::PASSING_ERRORS, true ) ) {
			return self::fail( $job, $error );
		}
		$since = (int) ( $job['failing_since'] ?? 0 );
		if ( $since > 0 && time() - $since >= self::GIVE_UP_SECONDS ) {
			return self::fail( $job, $error );
		}
		$job['failing_since'] = $since > 0 ? $since : time();
		$job['last_error']    = array(
			'code'    => $error->get_error_code(),
			'message' => Service_Error::redact( $error->get_error_message() ),
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
	 * A temporary file for the part being fetched.
	 *
	 * @param array<string, mixed> $job Job record.
	 */
	private static function part_file( array $job ): string {
		require_once ABSPATH . 'wp-admin/includes/file.php';
		return wp_tempnam( 'circassian-' . $job['id'] . '-' . $job['index'] . '.wav' );
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
		$wav = Wav::inspect( $file );
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
		if ( 1 === count( $job['files'] ) ) {
			$joined   = $job['files'][0];
			$duration = Wav::duration( $joined );
		} else {
			$joined   = self::part_file(
				array(
					'id'    => $job['id'],
					'index' => 'joined',
				)
			);
			$duration = Wav::join( $job['files'], $joined );
			if ( is_wp_error( $duration ) ) {
				wp_delete_file( $joined );
				return self::fail( $job, $duration );
			}
		}
		$stored = Audio_Library::store( $joined, $duration, $job['request'], (int) $job['post_id'], (int) $job['replace_id'], (string) ( $job['block'] ?? '' ) );
		wp_delete_file( $joined );
		if ( is_wp_error( $stored ) ) {
			return self::fail( $job, $stored );
		}
		self::remove_files( $job );
		do_action( self::DONE_ACTION, $stored, (int) $job['post_id'], (string) ( $job['block'] ?? '' ) );
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
	private static function fail( array $job, WP_Error $error ): array {
		self::remove_files( $job );
		self::refund_unvoiced( $job );
		$job['files']  = array();
		$job['status'] = 'failed';
		$job['ended']  = time();
		$job['error']  = array(
			'code'    => $error->get_error_code(),
			'message' => Service_Error::redact( $error->get_error_message() ),
			'data'    => $error->get_error_data(),
		);
		do_action( self::FAILED_ACTION, self::failure( $job ), (int) $job['post_id'], (string) ( $job['block'] ?? '' ) );
		return $job;
	}

	/**
	 * @param array<string, mixed> $job Job record.
	 */
	private static function failure( array $job ): WP_Error {
		return new WP_Error( (string) $job['error']['code'], (string) $job['error']['message'], $job['error']['data'] );
	}

	/**
	 * Gives back to the user's day the characters of the parts not voiced (from the one in hand on).
	 *
	 * @param array<string, mixed> $job Job record.
	 */
	private static function refund_unvoiced( array $job ): void {
		if ( ! is_array( $job['held'] ?? null ) ) {
			return; // A record from before the gate kept its reservation.
		}
		$unvoiced = array_sum( array_map( 'mb_strlen', array_slice( $job['parts'], (int) $job['index'] ) ) );
		Access::refund( $job['held'], $unvoiced );
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
		return Option_Lock::acquire( self::OPTION_PREFIX . $id . '_lock', self::LOCK_SECONDS );
	}
}
