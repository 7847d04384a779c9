<?php
/**
 * Each user's characters spent today (UTC) on this site, counted so that parallel requests can
 * never spend past the cap together: a reservation is one UPDATE that adds the characters only
 * WHERE what is used plus them still fits, and the database applies it row by row, so of twenty
 * requests racing for the last 10,000 characters exactly one gets them. The comparisons are on
 * sums, never on the bare text column (SQLite would compare a number with it as text). A read-check-write (or a
 * lock made with add_option(), which two workers can both win) lets several through.
 *
 * One option row per user and day (`circassian_chars_{user}_{Y-m-d}`, not autoloaded): options
 * have a unique name on SQLite and MySQL alike, so the row is made once; a user's older days go
 * when today's row is made.
 *
 * @package Circassian
 */

namespace Circassian\Spending;

defined( 'ABSPATH' ) || exit;

final class Daily_Chars {

	public const PREFIX = 'circassian_chars_';

	/** Adds $chars to $user's count for today when it stays within $cap; false when it would not. */
	public static function reserve( int $user, int $chars, int $cap ): bool {
		global $wpdb;
		if ( $chars <= 0 ) {
			return true; // An UPDATE that changes nothing reports no row: nothing to count anyway.
		}
		$name = self::row( $user, self::today() );
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- an atomic conditional add; no API does one.
		$added = $wpdb->query( $wpdb->prepare( 'UPDATE %i SET option_value = option_value + %d WHERE option_name = %s AND option_value + %d <= %d', $wpdb->options, $chars, $name, $chars, $cap ) );
		wp_cache_delete( $name, 'options' );
		return 1 === $added;
	}

	/** Gives back $chars reserved on $day (a call that failed, parts never voiced). */
	public static function refund( int $user, string $day, int $chars ): void {
		global $wpdb;
		if ( $chars <= 0 ) {
			return;
		}
		$name = self::PREFIX . $user . '_' . $day;
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- the atomic counterpart of reserve().
		$wpdb->query( $wpdb->prepare( 'UPDATE %i SET option_value = option_value - %d WHERE option_name = %s AND option_value - %d >= 0', $wpdb->options, $chars, $name, $chars ) );
		wp_cache_delete( $name, 'options' );
	}

	/** What $user has spent today, read from the database (another worker may have just added). */
	public static function used( int $user ): int {
		global $wpdb;
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- the count as it is now, not a cached copy.
		return (int) $wpdb->get_var( $wpdb->prepare( 'SELECT option_value FROM %i WHERE option_name = %s', $wpdb->options, self::PREFIX . $user . '_' . self::today() ) );
	}

	public static function today(): string {
		return gmdate( 'Y-m-d' );
	}

	/** Today's row of $user, made at 0 when missing (a plain INSERT: of two racing, one fails on the unique name, harmlessly). */
	private static function row( int $user, string $day ): string {
		global $wpdb;
		$name = self::PREFIX . $user . '_' . $day;
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- existence as it is now.
		if ( null !== $wpdb->get_var( $wpdb->prepare( 'SELECT option_id FROM %i WHERE option_name = %s', $wpdb->options, $name ) ) ) {
			return $name;
		}
		$quiet = $wpdb->suppress_errors( true );
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery -- add_option() would reset a row another worker made meanwhile (ON DUPLICATE KEY UPDATE).
		$made = $wpdb->query( $wpdb->prepare( "INSERT INTO %i (option_name, option_value, autoload) VALUES (%s, '0', 'off')", $wpdb->options, $name ) );
		$wpdb->suppress_errors( $quiet );
		if ( $made ) {
			// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- the user's earlier days, prefixed rows no API lists.
			$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE option_name LIKE %s AND option_name <> %s', $wpdb->options, $wpdb->esc_like( self::PREFIX . $user . '_' ) . '%', $name ) );
		}
		return $name;
	}
}
