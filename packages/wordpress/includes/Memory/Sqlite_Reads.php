<?php
/**
 * The memory's reads by hash on the SQLite integration (WordPress Playground, the plugin
 * directory's Live Preview, these tests' hosts). That integration turns each MySQL statement into
 * SQLite's in PHP, item by item: a lookup of 200 hashes spent some 20 µs a text parsing its
 * `IN (…)` list. There the reads go to SQLite through the integration's own
 * execute_sqlite_query(), as one prepared statement whose hashes are one bound JSON array
 * (`json_each`), on the same indexed column: some 3 µs a text. Anywhere else (MySQL, MariaDB),
 * with an integration that has no such method, when a read fails, or when the
 * `circassian_memory_direct_sqlite` filter says false, they go through $wpdb. Reads only: every
 * write goes through $wpdb. Each statement fires `circassian_memory_sqlite_read` with its SQL, as
 * $wpdb's `query` filter shows its own.
 *
 * @package Circassian
 */

namespace Circassian\Memory;

defined( 'ABSPATH' ) || exit;

final class Sqlite_Reads {

	/**
	 * The rows of the memory whose pair hash is one of $hashes, or null when they are not read here.
	 *
	 * @param string       $columns The columns to read (the plugin's own list).
	 * @param list<string> $hashes  Pair hashes (Memory_Key::pair_hash).
	 * @return list<object>|null
	 */
	public static function by_pair_hash( string $columns, array $hashes ): ?array {
		$driver = self::driver();
		if ( null === $driver ) {
			return null;
		}
		$sql = "SELECT {$columns} FROM " . Memory_Table::name() . ' WHERE pair_hash IN (SELECT value FROM json_each(?))';
		try {
			$rows = $driver->execute_sqlite_query( $sql, array( wp_json_encode( array_values( $hashes ) ) ) )->fetchAll();
		} catch ( \Throwable $error ) {
			return null;
		}
		do_action( 'circassian_memory_sqlite_read', $sql );
		// Each row by its column names (the statement's default fetch mode may add their positions).
		return array_map( static fn( array|object $row ): object => is_array( $row ) ? (object) array_filter( $row, 'is_string', ARRAY_FILTER_USE_KEY ) : $row, $rows );
	}

	/**
	 * The SQLite integration's driver, when $wpdb is that integration's (3.x: WP_SQLite_DB::get_driver(),
	 * whose execute_sqlite_query() runs a native statement on its connection), and the filter allows.
	 */
	private static function driver(): ?object {
		global $wpdb;
		if ( ! apply_filters( 'circassian_memory_direct_sqlite', true ) || ! is_object( $wpdb ) || ! method_exists( $wpdb, 'get_driver' ) ) {
			return null;
		}
		try {
			$driver = $wpdb->get_driver();
		} catch ( \Throwable $error ) {
			return null;
		}
		return is_object( $driver ) && method_exists( $driver, 'execute_sqlite_query' ) ? $driver : null;
	}
}
