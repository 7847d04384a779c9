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
 * This class is the jobs' face to the rest of the plugin; Job_Store keeps the records and locks,
 * Job_Steps moves a job on, Part_Files holds and joins its audio, Job_Rules holds their limits,
 * times and hooks.
 *
 * Every job is paid for before it starts: start() passes the spending gate (Access::reserve(),
 * the current user's role and caps); a job that fails, or that a newer one cancels (a post's
 * audio of a newer text or voice, cancel()), gives back the characters of the parts it never voiced.
 *
 * @package Circassian
 */

namespace Circassian\Speech;

use Circassian\Service;
use Circassian\Spending;
use WP_Error;

defined( 'ABSPATH' ) || exit;

final class Speech_Jobs {

	/**
	 * Starts speech for $request. Short text: the attachment at once. Long: a running job.
	 *
	 * @param array{text: string, language: string, voice: string, speed: float, instruct: string, said?: string} $request Speech request; `said`, when given, is voiced instead of `text`.
	 * @return array<string, mixed>|WP_Error The job view (see view()).
	 */
	public static function start( array $request, int $post_id, int $replace_id, string $block = '' ): array|WP_Error {
		$client = Service\Service_Client::from_settings();
		if ( is_wp_error( $client ) ) {
			return $client;
		}
		// What is voiced: the text, or what the caller made of it to be said (the glossary's
		// respellings); the request kept with the job and its audio stays the text as written.
		$said = (string) ( $request['said'] ?? $request['text'] );
		unset( $request['said'] );
		// The spending gate, for the block, post audio (as the post's author) and bulk runs alike:
		// role, request cap and daily cap, reserved before the service is called.
		$held = Spending\Access::reserve( mb_strlen( $said ) );
		if ( is_wp_error( $held ) ) {
			return $held;
		}
		$parts = Text_Splitter::split( $said, Service\Service_Facts::TEXT_MAX_CHARS );
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
		$long = count( $parts ) > 1 || mb_strlen( $said ) > Service\Service_Facts::SPEECH_SYNC_MAX_CHARS;
		if ( $long ) {
			Job_Store::add( $job );
		}
		$job   = Job_Steps::run( $client, $job );
		$error = null;
		if ( 'running' === $job['status'] && null !== $job['last_error'] && 0 === $job['index'] && '' === $job['service_job'] ) {
			// Nothing was started at the service: the editor hears why at once, as with a short text.
			$error = new WP_Error( (string) $job['last_error']['code'], (string) $job['last_error']['message'], $job['last_error']['data'] );
			Job_Steps::refund_unvoiced( $job );
		} elseif ( 'failed' === $job['status'] ) {
			$error = Job_Steps::failure( $job );
		}
		if ( null !== $error || 'running' !== $job['status'] ) {
			Job_Store::delete( $job['id'] );
			return $error ?? self::view( $job );
		}
		Job_Store::save( $job );
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
		$jobs = array();
		foreach ( Job_Store::all() as $job ) {
			// Post audio is the site's, made in the background: no editor block waits for it.
			if ( ! isset( $job['id'], $job['request'] ) || isset( $job['collected'] ) || (int) ( $job['user'] ?? 0 ) !== get_current_user_id() || Job_Rules::POST_AUDIO_BLOCK === ( $job['block'] ?? '' ) ) {
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
	 * (here or in the background) is marked collected: the same answer for an hour to the same
	 * user's polls, and no longer offered by list_for_user().
	 *
	 * @return array<string, mixed>|WP_Error
	 */
	public static function poll( string $id ): array|WP_Error {
		$job = Job_Store::get( $id );
		if ( null === $job || get_current_user_id() !== (int) $job['user'] ) {
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
		if ( ! isset( $job['collected'] ) ) {
			// Kept, not deleted: an editor reloaded before the post was saved still holds the
			// job's id in its block, and must find the audio it paid for (Job_Store::clean ends it).
			$job['collected'] = time();
			Job_Store::save( $job );
		}
		return 'failed' === $job['status'] ? Job_Steps::failure( $job ) : self::view( $job );
	}

	/**
	 * Where a job stands, for the site's own background work (a bulk run waiting for a post's
	 * long audio): running, done, or failed with its error; null once the record is gone.
	 *
	 * @return array{status: string, error: WP_Error|null}|null
	 */
	public static function find( string $id ): ?array {
		// The WP-Cron worker moving the job on writes it: this process's cached copy may be old.
		$job = Job_Store::get( $id, true );
		if ( null === $job || ! isset( $job['status'] ) ) {
			return null;
		}
		return array(
			'status' => (string) $job['status'],
			'error'  => 'failed' === $job['status'] ? Job_Steps::failure( $job ) : null,
		);
	}

	/**
	 * Ends a running job that a newer one replaces (a post's audio of a newer text or voice): no
	 * more calls for it, its part files gone, the characters of parts not voiced given back. No
	 * failure is reported: nothing went wrong. Waits for a worker moving the job on to finish.
	 */
	public static function cancel( string $id ): void {
		if ( ! Job_Store::wait_for_lock( $id ) ) {
			return;
		}
		try {
			$job = Job_Store::get( $id, true );
			if ( null === $job || 'running' !== ( $job['status'] ?? '' ) ) {
				return;
			}
			Part_Files::remove( $job );
			Job_Steps::refund_unvoiced( $job );
			$job['files']  = array();
			$job['status'] = 'cancelled';
			$job['ended']  = time();
			Job_Store::save( $job );
			wp_clear_scheduled_hook( Job_Rules::CRON_HOOK, array( $id ) );
		} finally {
			Job_Store::unlock( $id );
		}
	}

	/**
	 * The WP-Cron step: moves the job on as its owner, and comes back in 2 s while it runs. An
	 * ended job's record stays for the editor's next poll.
	 */
	public static function run_in_background( string $id ): void {
		$job = Job_Store::get( $id );
		if ( null === $job || 'running' !== $job['status'] ) {
			return;
		}
		wp_set_current_user( (int) $job['user'] );
		$job = self::advance( $id, $job );
		if ( 'running' === $job['status'] ) {
			self::schedule( $id );
		}
	}

	/** The daily clean-up (see Job_Store::clean()). */
	public static function clean(): int {
		return Job_Store::clean();
	}

	/** Keeps the daily clean-up scheduled (once; WP-Cron keeps it recurring). */
	public static function schedule_cleaning(): void {
		if ( ! wp_next_scheduled( Job_Rules::CLEAN_HOOK ) ) {
			wp_schedule_event( time() + HOUR_IN_SECONDS, 'daily', Job_Rules::CLEAN_HOOK );
		}
	}

	private static function schedule( string $id ): void {
		wp_schedule_single_event( time() + Service\Service_Facts::JOB_POLL_INTERVAL_SECONDS, Job_Rules::CRON_HOOK, array( $id ) );
	}

	/**
	 * Moves a stored running job on, one worker at a time, and stores the result.
	 *
	 * @param array<string, mixed> $job Job record as stored.
	 * @return array<string, mixed> The record now.
	 */
	private static function advance( string $id, array $job ): array {
		if ( 'running' !== $job['status'] || ! Job_Store::lock( $id ) ) {
			return $job;
		}
		try {
			// Read again under the lock: a newer job may have cancelled this one meanwhile.
			$fresh = Job_Store::get( $id, true );
			if ( null === $fresh || 'running' !== ( $fresh['status'] ?? '' ) ) {
				return $fresh ?? $job;
			}
			$job    = $fresh;
			$client = Service\Service_Client::from_settings();
			// A key removed (or an address made invalid) ends the job: nothing waits for it forever.
			$job = is_wp_error( $client ) ? Job_Steps::fail( $job, $client ) : Job_Steps::run( $client, $job );
			Job_Store::save( $job );
			return $job;
		} finally {
			Job_Store::unlock( $id );
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
}
