<?php
/**
 * The speech store's limits, applied daily by WP-Cron: a sentence no post's audio uses now is
 * removed once it has not been used for the grace period (Memory_Setting::grace_seconds()), and
 * while the store is over its size cap, the least recently used sentences go first, those no post
 * uses before those one does. A post keeps playing whatever goes: its audio is its own file; a
 * sentence removed is only voiced again when its post is.
 *
 * @package Circassian
 */

namespace Circassian\Speech_Memory;

defined( 'ABSPATH' ) || exit;

final class Store_Cleanup {

	public const CRON_HOOK = 'circassian_clean_speech_memory';

	public static function hook(): void {
		add_action( self::CRON_HOOK, array( self::class, 'run' ) );
		add_action( 'init', array( self::class, 'schedule' ) );
	}

	public static function schedule(): void {
		if ( ! wp_next_scheduled( self::CRON_HOOK ) ) {
			wp_schedule_event( time() + HOUR_IN_SECONDS, 'daily', self::CRON_HOOK );
		}
	}

	/**
	 * Applies the limits; returns how many sentences were removed.
	 */
	public static function run(): int {
		global $wpdb;
		$used = self::keys_in_use();
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- the plugin's own table, read whole once a day.
		$rows    = (array) $wpdb->get_results( $wpdb->prepare( 'SELECT speech_key, bytes, used FROM %i ORDER BY used ASC', Speech_Table::name() ), ARRAY_A );
		$cutoff  = gmdate( 'Y-m-d H:i:s', time() - Memory_Setting::grace_seconds() );
		$total   = array_sum( array_map( static fn( array $row ): int => (int) $row['bytes'], $rows ) );
		$removed = 0;
		$kept    = array();
		foreach ( $rows as $row ) {
			if ( ! isset( $used[ $row['speech_key'] ] ) && (string) $row['used'] < $cutoff ) {
				Speech_Store::forget( (string) $row['speech_key'] );
				$total -= (int) $row['bytes'];
				++$removed;
				continue;
			}
			$kept[] = $row;
		}
		// Over the cap: unused ones first, oldest use first (the rows are in that order).
		usort( $kept, static fn( array $a, array $b ): int => (int) isset( $used[ $a['speech_key'] ] ) <=> (int) isset( $used[ $b['speech_key'] ] ) );
		foreach ( $kept as $row ) {
			if ( $total <= Memory_Setting::max_bytes() ) {
				break;
			}
			Speech_Store::forget( (string) $row['speech_key'] );
			$total -= (int) $row['bytes'];
			++$removed;
		}
		return $removed;
	}

	/**
	 * The keys the posts' current audio is joined from (their timings' parts).
	 *
	 * @return array<string, true>
	 */
	private static function keys_in_use(): array {
		global $wpdb;
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- every post's timings, once a day.
		$values = (array) $wpdb->get_col( $wpdb->prepare( 'SELECT meta_value FROM %i WHERE meta_key = %s', $wpdb->postmeta, Post_Timings::META ) );
		$keys   = array();
		foreach ( $values as $value ) {
			$timings = maybe_unserialize( $value );
			foreach ( is_array( $timings ) ? (array) ( $timings['parts'] ?? array() ) : array() as $part ) {
				if ( is_array( $part ) && isset( $part['key'] ) ) {
					$keys[ (string) $part['key'] ] = true;
				}
			}
		}
		return $keys;
	}
}
