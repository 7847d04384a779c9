<?php
/**
 * Where speech jobs are kept: one option per job (not autoloaded), a lock per job so one worker at
 * a time moves it, and the daily clean-up of ended and abandoned records with their part files.
 *
 * @package Circassian
 */

namespace Circassian\Speech;

use Circassian\Support;

defined( 'ABSPATH' ) || exit;

final class Job_Store {

	/** Job records are options named with this prefix and the job's id (uninstall.php removes them by it). */
	public const OPTION_PREFIX = 'circassian_job_';
	/** A worker holding a job's lock longer than this has died; the lock is free again. */
	private const LOCK_SECONDS = 120;

	/**
	 * A job's record, or null. `$fresh` reads past this process's cache: another worker may have
	 * written the record meanwhile.
	 *
	 * @return array<string, mixed>|null
	 */
	public static function get( string $id, bool $fresh = false ): ?array {
		if ( $fresh ) {
			wp_cache_delete( self::OPTION_PREFIX . $id, 'options' );
		}
		$job = get_option( self::OPTION_PREFIX . $id );
		return is_array( $job ) ? $job : null;
	}

	/**
	 * Registers a new job.
	 *
	 * @param array<string, mixed> $job Job record.
	 */
	public static function add( array $job ): void {
		add_option( self::OPTION_PREFIX . $job['id'], $job, '', false );
	}

	/**
	 * Stores a job's record as it is now.
	 *
	 * @param array<string, mixed> $job Job record.
	 */
	public static function save( array $job ): void {
		update_option( self::OPTION_PREFIX . $job['id'], $job, false );
	}

	public static function delete( string $id ): void {
		delete_option( self::OPTION_PREFIX . $id );
	}

	/**
	 * Every job's record on this site.
	 *
	 * @return list<array<string, mixed>>
	 */
	public static function all(): array {
		$jobs = array();
		foreach ( self::names() as $name ) {
			$job = str_ends_with( $name, '_lock' ) ? null : get_option( $name );
			if ( is_array( $job ) ) {
				$jobs[] = $job;
			}
		}
		return $jobs;
	}

	/** Takes a job's lock for this worker; false when another worker holds it. */
	public static function lock( string $id ): bool {
		return Support\Option_Lock::acquire( self::OPTION_PREFIX . $id . '_lock', self::LOCK_SECONDS );
	}

	/** Waits (up to 10 s) for the worker holding a job's lock, then takes it; false if it never came free. */
	public static function wait_for_lock( string $id ): bool {
		return Support\Option_Lock::wait_for( self::OPTION_PREFIX . $id . '_lock', self::LOCK_SECONDS, 10.0 );
	}

	public static function unlock( string $id ): void {
		Support\Option_Lock::release( self::OPTION_PREFIX . $id . '_lock' );
	}

	/**
	 * The daily clean-up: ended records older than a day, and running ones past their age (a
	 * worker that died mid-way), go with their part files; so do locks a dead worker left.
	 */
	public static function clean(): int {
		$removed = 0;
		foreach ( self::names() as $name ) {
			if ( str_ends_with( $name, '_lock' ) ) {
				if ( time() - (int) get_option( $name ) > self::LOCK_SECONDS ) {
					delete_option( $name );
				}
				continue;
			}
			$job = get_option( $name );
			$old = ! is_array( $job )
				|| ( 'running' !== ( $job['status'] ?? '' ) && time() - (int) ( $job['ended'] ?? 0 ) > Job_Rules::KEEP_ENDED_SECONDS )
				|| ( isset( $job['collected'] ) && time() - (int) $job['collected'] > Job_Rules::KEEP_COLLECTED_SECONDS )
				|| ( 'running' === ( $job['status'] ?? '' ) && time() - (int) ( $job['created'] ?? 0 ) > Job_Rules::MAX_AGE_SECONDS + Job_Rules::KEEP_ENDED_SECONDS );
			if ( $old ) {
				if ( is_array( $job ) ) {
					Part_Files::remove( $job );
				}
				delete_option( $name );
				++$removed;
			}
		}
		return $removed;
	}

	/**
	 * The names of every job record and job lock.
	 *
	 * @return list<string>
	 */
	private static function names(): array {
		global $wpdb;
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- job records are options with a prefix; there is no API to list them.
		return $wpdb->get_col( $wpdb->prepare( 'SELECT option_name FROM %i WHERE option_name LIKE %s', $wpdb->options, $wpdb->esc_like( self::OPTION_PREFIX ) . '%' ) );
	}
}
