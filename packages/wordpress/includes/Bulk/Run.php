<?php
/**
 * The site's bulk run of post audio, one at a time, stored as an option so it outlives the
 * browser that started it: the posts to voice (fixed at the start), how far it got, what was
 * made, skipped and failed, and why it is paused. Every change is made on a fresh read under a
 * lock, so the WP-Cron worker and the Pause, Resume and Cancel buttons never undo each other.
 *
 * @package Circassian
 */

namespace Circassian\Bulk;

use Circassian\Support;

defined( 'ABSPATH' ) || exit;

final class Run {

	public const OPTION = 'circassian_bulk_run';
	public const LOCK   = 'circassian_bulk_run_lock';
	/** A change is a read and a write: a lock older than this was left by a worker that died. */
	private const LOCK_STALE_SECONDS = 30;
	/** The errors kept for the list (the run goes on after each). */
	private const MAX_ERRORS = 200;

	public const RUNNING   = 'running';
	public const PAUSED    = 'paused';
	public const CANCELLED = 'cancelled';
	public const DONE      = 'done';

	/**
	 * The stored run as it is now (another worker may have changed it), or null.
	 *
	 * @return array<string, mixed>|null
	 */
	public static function get(): ?array {
		wp_cache_delete( self::OPTION, 'options' );
		$run = get_option( self::OPTION );
		return is_array( $run ) && isset( $run['id'] ) ? $run : null;
	}

	/** Whether a run is under way (running or paused): a second one may not start. */
	public static function active(): bool {
		$run = self::get();
		return null !== $run && in_array( $run['status'], array( self::RUNNING, self::PAUSED ), true );
	}

	/**
	 * A new run over $ids, replacing an ended one.
	 *
	 * @param list<int> $ids Posts to voice, in order.
	 * @return array<string, mixed>
	 */
	public static function create( string $post_type, array $ids ): array {
		$run = array(
			'id'        => wp_generate_uuid4(),
			'post_type' => $post_type,
			'queue'     => array_values( array_map( 'intval', $ids ) ),
			'position'  => 0,
			'user'      => get_current_user_id(),
			'status'    => self::RUNNING,
			'made'      => array(),
			'skipped'   => array(),
			'failed'    => array(),
			'attempts'  => array(),
			'waiting'   => null,
			'pause'     => null,
			'created'   => time(),
			'ended'     => 0,
		);
		update_option( self::OPTION, $run, false );
		return $run;
	}

	/**
	 * Applies $change to the run as stored now, under the lock; returns the run after it (null
	 * when there is none, or the lock could not be had in a few seconds).
	 *
	 * @param callable(array<string, mixed>): array<string, mixed> $change Gets and returns the run.
	 * @return array<string, mixed>|null
	 */
	public static function change( callable $change ): ?array {
		if ( ! Support\Option_Lock::wait_for( self::LOCK, self::LOCK_STALE_SECONDS, 5.0 ) ) {
			return null;
		}
		try {
			$run = self::get();
			if ( null === $run ) {
				return null;
			}
			$run = $change( $run );
			update_option( self::OPTION, $run, false );
			return $run;
		} finally {
			Support\Option_Lock::release( self::LOCK );
		}
	}

	/**
	 * The next post and moves past it, recording what became of it.
	 *
	 * @param array<string, mixed> $run     The run.
	 * @param string               $outcome 'made', 'skipped' or 'failed'.
	 * @param array<string, mixed> $detail  For a failure: title and message.
	 * @return array<string, mixed>
	 */
	public static function advance( array $run, int $post_id, string $outcome, array $detail = array() ): array {
		if ( ( $run['queue'][ $run['position'] ] ?? null ) !== $post_id ) {
			return $run;
		}
		if ( 'failed' === $outcome ) {
			$run['failed'][] = array( 'post_id' => $post_id ) + $detail;
			$run['failed']   = array_slice( $run['failed'], -self::MAX_ERRORS );
		} else {
			$run[ $outcome ][] = $post_id;
		}
		$run['waiting'] = null;
		++$run['position'];
		return $run;
	}

	/**
	 * What the tools page shows: counts, the post being voiced, the pause and the error list.
	 *
	 * @param array<string, mixed>|null $run The run.
	 * @return array<string, mixed>|null
	 */
	public static function view( ?array $run ): ?array {
		if ( null === $run ) {
			return null;
		}
		$current = $run['queue'][ $run['position'] ] ?? null;
		$errors  = array();
		foreach ( $run['failed'] as $failure ) {
			$errors[] = array(
				'post_id'   => (int) $failure['post_id'],
				'title'     => (string) ( $failure['title'] ?? '' ),
				'message'   => (string) ( $failure['message'] ?? '' ),
				'edit_link' => (string) get_edit_post_link( (int) $failure['post_id'], 'raw' ),
			);
		}
		return array(
			'id'        => $run['id'],
			'post_type' => $run['post_type'],
			'status'    => $run['status'],
			'total'     => count( $run['queue'] ),
			'made'      => count( $run['made'] ),
			'skipped'   => count( $run['skipped'] ),
			'failed'    => count( $run['failed'] ),
			'remaining' => max( 0, count( $run['queue'] ) - (int) $run['position'] ),
			'current'   => self::RUNNING === $run['status'] && null !== $current
				? array(
					'post_id' => (int) $current,
					'title'   => html_entity_decode( get_the_title( (int) $current ), ENT_QUOTES | ENT_HTML5, 'UTF-8' ),
				)
				: null,
			'pause'     => $run['pause'],
			'errors'    => $errors,
			// When Watchdog last gave the run back a step that had gone missing, for the page to say.
			'revived'   => empty( $run['revived'] ) ? null : gmdate( 'c', (int) $run['revived'] ),
			'created'   => gmdate( 'c', (int) $run['created'] ),
			'ended'     => $run['ended'] ? gmdate( 'c', (int) $run['ended'] ) : null,
		);
	}
}
