<?php
/**
 * A lock between PHP workers kept as an option row: add_option() only succeeds for the first
 * worker (the row is unique), so two WP-Cron runs or a cron run and a REST request never work on
 * the same record at once. A lock older than its stale time was left by a worker that died and
 * is taken over.
 *
 * @package Circassian
 */

namespace Circassian;

defined( 'ABSPATH' ) || exit;

final class Option_Lock {

	/** Takes the lock $name at once, or says it is held. */
	public static function acquire( string $name, int $stale_seconds ): bool {
		if ( add_option( $name, time(), '', false ) ) {
			return true;
		}
		// Another worker wrote it: this process's cached copy may be older.
		wp_cache_delete( $name, 'options' );
		if ( time() - (int) get_option( $name ) > $stale_seconds ) {
			update_option( $name, time(), false );
			return true;
		}
		return false;
	}

	/** Takes the lock $name, waiting up to $wait_seconds for its holder (a short write) to let go. */
	public static function wait_for( string $name, int $stale_seconds, float $wait_seconds ): bool {
		$until = microtime( true ) + $wait_seconds;
		while ( ! self::acquire( $name, $stale_seconds ) ) {
			if ( microtime( true ) >= $until ) {
				return false;
			}
			usleep( 50000 );
		}
		return true;
	}

	public static function release( string $name ): void {
		delete_option( $name );
	}
}
