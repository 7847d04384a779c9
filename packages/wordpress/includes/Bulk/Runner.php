<?php
/**
 * Moves the bulk run on in the background: a WP-Cron event voices the next posts through
 * Post_Audio\Voicing::generate() (the path publishing takes), up to STEP_POSTS or STEP_SECONDS a step,
 * then schedules the next step, so the run goes on with the browser closed.
 *
 * Pacing: a post starts only when the key's requests per minute have room (Request_Pace); a
 * rate_limited answer waits for its Retry-After. A quota_exceeded pauses the run and names the
 * allowance and its reset; Resume goes on with the same post. Nothing is made twice: a post
 * whose audio is current (or being made) is skipped, and the run's position never goes back.
 *
 * @package Circassian
 */

namespace Circassian\Bulk;

use Circassian\Post_Audio;
use Circassian\Service;
use Circassian\Speech;
use Circassian\Support;
use WP_Error;

defined( 'ABSPATH' ) || exit;

final class Runner {

	public const CRON_HOOK = 'circassian_bulk_audio_step';
	/** A step's share: WP-Cron runs other events too, and PHP workers have time limits. */
	public const STEP_POSTS   = 10;
	public const STEP_SECONDS = 20;
	/** Held by the worker moving the run on (Watchdog leaves a run alone while it is held). */
	public const WORKER_LOCK = 'circassian_bulk_worker';
	/** A worker's lock is stale after this: a step's share plus one post's slowest voicing. */
	public const WORKER_LOCK_SECONDS = 2 * self::STEP_SECONDS + MINUTE_IN_SECONDS;
	/** When a step that found the worker lock held comes back. */
	private const BUSY_RETRY_SECONDS = 30;
	/** Tries of one post while the service fails for now, before it goes on the error list. */
	private const MAX_ATTEMPTS  = 3;
	private const RETRY_SECONDS = 30;

	/**
	 * Starts a run over $ids (posts of $post_type that need audio), once the key answers.
	 *
	 * @param list<int> $ids Posts to voice.
	 * @return array<string, mixed>|WP_Error The run.
	 */
	public static function start( string $post_type, array $ids ): array|WP_Error {
		if ( Run::active() ) {
			return new WP_Error(
				'circassian_bulk_under_way',
				__( 'A bulk run is already under way: pause, resume or cancel it on this page first.', 'circassian' ),
				array(
					'status' => 409,
					'type'   => 'invalid_request',
				)
			);
		}
		// The key's limits pace the run; a key that does not work stops it before it starts.
		$allowance = Service\Key_Allowance::fetch();
		if ( is_wp_error( $allowance ) ) {
			return $allowance;
		}
		$run = Run::create( $post_type, $ids );
		self::schedule( 0 );
		return $run;
	}

	/** @return array<string, mixed>|null */
	public static function pause(): ?array {
		return Run::change(
			static function ( array $run ): array {
				if ( Run::RUNNING === $run['status'] ) {
					$run['status'] = Run::PAUSED;
					$run['pause']  = array( 'by' => 'user' );
				}
				return $run;
			}
		);
	}

	/** @return array<string, mixed>|null */
	public static function resume(): ?array {
		// Fresh limits for the pacing (an owner may have raised them meanwhile).
		Service\Key_Allowance::fetch( true );
		$run = Run::change(
			static function ( array $run ): array {
				if ( Run::PAUSED === $run['status'] ) {
					$run['status'] = Run::RUNNING;
					$run['pause']  = null;
				}
				return $run;
			}
		);
		if ( null !== $run && Run::RUNNING === $run['status'] ) {
			self::schedule( 0 );
		}
		return $run;
	}

	/**
	 * Cancels the run, and the voicing of a long post it was waiting for: left running, that job
	 * would still deliver audio the cancelled run never counts (and spend what Cancel should save;
	 * its unvoiced parts are given back). The post is left without audio, for the next run.
	 *
	 * @return array<string, mixed>|null
	 */
	public static function cancel(): ?array {
		$waiting = null;
		$run     = Run::change(
			static function ( array $run ) use ( &$waiting ): array {
				if ( in_array( $run['status'], array( Run::RUNNING, Run::PAUSED ), true ) ) {
					$waiting        = $run['waiting'];
					$run['status']  = Run::CANCELLED;
					$run['ended']   = time();
					$run['waiting'] = null;
				}
				return $run;
			}
		);
		wp_clear_scheduled_hook( self::CRON_HOOK );
		if ( is_array( $waiting ) && '' !== (string) ( $waiting['job'] ?? '' ) ) {
			Speech\Speech_Jobs::cancel( (string) $waiting['job'] );
			delete_post_meta( (int) $waiting['post_id'], Post_Audio\Audio_State::META_PENDING );
		}
		return $run;
	}

	/** The WP-Cron event: one step of the run. */
	public static function step(): void {
		if ( ! Support\Option_Lock::acquire( self::WORKER_LOCK, self::WORKER_LOCK_SECONDS ) ) {
			// Another worker is on it and schedules its own next step, or died holding the lock (a PHP
			// time limit, a killed worker): this event was the run's only one, so it comes back, and
			// finds the lock free or stale (schedule() keeps whichever step is due first).
			self::schedule( self::BUSY_RETRY_SECONDS );
			return;
		}
		try {
			$began   = microtime( true );
			$handled = 0;
			while ( true ) {
				$run = Run::get();
				if ( null === $run || Run::RUNNING !== $run['status'] ) {
					return;
				}
				if ( null !== $run['waiting'] ) {
					$delay = self::follow( $run['waiting'] );
				} elseif ( $run['position'] >= count( $run['queue'] ) ) {
					self::finish();
					return;
				} elseif ( $handled >= self::STEP_POSTS || microtime( true ) - $began >= self::STEP_SECONDS ) {
					$delay = 0;
				} else {
					$wait    = Service\Request_Pace::wait_seconds();
					$post_id = (int) $run['queue'][ $run['position'] ];
					// Made earlier in this run (a queue never holds a post twice, but a record may be old).
					$delay = $wait > 0 ? (int) ceil( $wait ) : self::record( $post_id, in_array( $post_id, $run['made'], true ) ? array( 'status' => Post_Audio\Audio_State::CURRENT ) : Post_Audio\Voicing::generate( $post_id, (int) $run['user'] ) );
					++$handled;
				}
				if ( null !== $delay ) {
					self::schedule( $delay );
					return;
				}
			}
		} finally {
			Support\Option_Lock::release( self::WORKER_LOCK );
		}
	}

	/**
	 * A long post's job: still running (come back when it is next polled), or ended.
	 *
	 * @param array{post_id: int, job: string} $waiting The post and its job.
	 * @return int|null Seconds before the next step, or null to go on now.
	 */
	private static function follow( array $waiting ): ?int {
		$job = Speech\Speech_Jobs::find( $waiting['job'] );
		if ( null !== $job && 'running' === $job['status'] ) {
			return Service\Service_Facts::JOB_POLL_INTERVAL_SECONDS;
		}
		if ( null !== $job && $job['error'] instanceof WP_Error ) {
			return self::record( (int) $waiting['post_id'], $job['error'] );
		}
		$post  = get_post( (int) $waiting['post_id'] );
		$state = $post instanceof \WP_Post ? Post_Audio\Audio_State::of( $post ) : '';
		return self::record( (int) $waiting['post_id'], Post_Audio\Audio_State::CURRENT === $state ? array( 'status' => Post_Audio\Audio_State::DONE ) : self::lost() );
	}

	private static function lost(): WP_Error {
		return new WP_Error( 'circassian_job_failed', __( 'The audio job ended without audio.', 'circassian' ), array( 'type' => 'job_failed' ) );
	}

	/**
	 * Records what became of $post_id.
	 *
	 * @param array{status: string, job?: string}|WP_Error $result What Post_Audio\Voicing::generate() said.
	 * @return int|null Seconds to wait before trying it again, or null to go on.
	 */
	private static function record( int $post_id, array|WP_Error $result ): ?int {
		if ( ! is_wp_error( $result ) ) {
			Run::change(
				static function ( array $run ) use ( $post_id, $result ): array {
					if ( Post_Audio\Audio_State::RUNNING === $result['status'] ) {
						$run['waiting'] = array(
							'post_id' => $post_id,
							'job'     => (string) ( $result['job'] ?? '' ),
						);
						return $run;
					}
					return Run::advance( $run, $post_id, Post_Audio\Audio_State::DONE === $result['status'] ? 'made' : 'skipped' );
				}
			);
			return null;
		}
		$type = Service\Service_Error::type_of( $result );
		if ( 'rate_limited' === $type ) {
			$data = (array) $result->get_error_data();
			return (int) ( $data['retry_after'] ?? MINUTE_IN_SECONDS );
		}
		if ( Service\Error_Policy::pauses_until_reset( $type ) ) {
			self::pause_for( array( 'by' => 'quota' ) + Service\Key_Allowance::spent_by_speech( $result ) );
			return null;
		}
		if ( Service\Error_Policy::is_blocking( $type ) ) {
			self::pause_for(
				array(
					'by'      => 'service',
					'message' => Service\Service_Error::redact( $result->get_error_message() ),
				)
			);
			return null;
		}
		$run = Run::change(
			static function ( array $run ) use ( $post_id ): array {
				$run['attempts'][ $post_id ] = (int) ( $run['attempts'][ $post_id ] ?? 0 ) + 1;
				$run['waiting']              = null;
				return $run;
			}
		);
		if ( Service\Error_Policy::is_passing( $type ) && null !== $run && $run['attempts'][ $post_id ] < self::MAX_ATTEMPTS ) {
			return self::RETRY_SECONDS;
		}
		$detail = array(
			'title'   => html_entity_decode( get_the_title( $post_id ), ENT_QUOTES | ENT_HTML5, 'UTF-8' ),
			'message' => Service\Service_Error::redact( $result->get_error_message() ),
		);
		Run::change( static fn( array $run ): array => Run::advance( $run, $post_id, 'failed', $detail ) );
		return null;
	}

	/**
	 * Pauses the run (unless someone paused or cancelled it meanwhile); Resume tries the same post again.
	 *
	 * @param array<string, mixed> $pause Why, for the tools page.
	 */
	private static function pause_for( array $pause ): void {
		Run::change(
			static function ( array $run ) use ( $pause ): array {
				if ( Run::RUNNING === $run['status'] ) {
					$run['status']  = Run::PAUSED;
					$run['pause']   = $pause;
					$run['waiting'] = null;
				}
				return $run;
			}
		);
	}

	private static function finish(): void {
		Run::change(
			static function ( array $run ): array {
				if ( Run::RUNNING === $run['status'] && $run['position'] >= count( $run['queue'] ) ) {
					$run['status'] = Run::DONE;
					$run['ended']  = time();
				}
				return $run;
			}
		);
	}

	/** The next step in $delay seconds, unless one is due sooner. */
	public static function schedule( int $delay ): void {
		$at   = time() + max( 0, $delay );
		$next = wp_next_scheduled( self::CRON_HOOK );
		if ( false !== $next && $next <= $at ) {
			return;
		}
		if ( false !== $next ) {
			wp_unschedule_event( $next, self::CRON_HOOK );
		}
		wp_schedule_single_event( $at, self::CRON_HOOK );
	}
}
