<?php
/**
 * A lock between PHP workers kept as an option row, so two WP-Cron runs or a cron run and a REST
 * request never work on the same record at once. Taking it is one statement only one worker can
 * win, on SQLite and MySQL alike: a plain INSERT (the option name is unique), or for a lock older
 * than its stale time, left by a worker that died, one UPDATE conditional on that age.
 * add_option() would not do: its INSERT ... ON DUPLICATE KEY UPDATE lets a second worker overwrite
 * the row and report success (SQLite counts the update as a change, MySQL does when the second
 * differs from the first), so both would hold the lock.
 *
 * @package Circassian
 */

namespace Circassian\Support;

defined( 'ABSPATH' ) || exit;

final class Option_Lock {

	/** Takes the lock $name at once, or says it is held. */
	public static function acquire( string $name, int $stale_seconds ): bool {
		global $wpdb;
		$now   = time();
		$quiet = $wpdb->suppress_errors( true );
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery -- a plain INSERT, which fails when the row exists (see above).
		$taken = $wpdb->query( $wpdb->prepare( "INSERT INTO %i (option_name, option_value, autoload) VALUES (%s, %s, 'off')", $wpdb->options, $name, (string) $now ) );
		$wpdb->suppress_errors( $quiet );
		if ( 1 !== $taken ) {
			// Compared as a number (`+ 0`): SQLite would compare the text column with a number as text.
			// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- an atomic take-over; no API does one.
			$taken = $wpdb->query( $wpdb->prepare( 'UPDATE %i SET option_value = %s WHERE option_name = %s AND option_value + 0 < %d', $wpdb->options, (string) $now, $name, $now - $stale_seconds ) );
		}
		wp_cache_delete( $name, 'options' );
		return 1 === $taken;
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
