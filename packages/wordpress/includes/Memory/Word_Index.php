<?php
/**
 * The near-match index (Memory_Table version 5): which units' sources hold a word, one row per
 * (target language, folded word) and unit text (`{prefix}circassian_memory_words`: `word_hash`, a
 * hash of the target language and the word; `pair_hash`, the units' hash of pair and key, the same
 * for a text's unit and its suggestions). Memory_Fuzzy reads the units holding one of its probe
 * words through it, by two indexed lookups, instead of a LIKE over every unit of the pair and
 * word counts (p95 of 100,000 units: bench/wordpress-fuzzy.bench.ts).
 *
 * Kept in step with the table: every unit stored adds its words (Memory_Store::write: learning,
 * editing, accepting, importing); a unit's words never change (its identity is its key, whose
 * words they are); removing units removes the words of texts no unit holds any more (one unit,
 * a person's, a pair), and clearing the memory empties it. A word left behind would only cost a
 * lookup a row that matches no unit: candidates are scored in full, so it can never add a match.
 *
 * @package Circassian
 */

namespace Circassian\Memory;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- the memory's own index table: no WordPress API reads or writes it.

final class Word_Index {

	/** Rows of one INSERT: the words of a write of Memory_Store (200 units at most) in one statement as a rule. */
	private const CHUNK = 5000;

	public static function name(): string {
		global $wpdb;
		return $wpdb->prefix . 'circassian_memory_words';
	}

	/** The table in dbDelta's format (Memory_Table::install). */
	public static function schema( string $charset ): string {
		$table = self::name();
		return "CREATE TABLE {$table} (
  word_hash char(40) NOT NULL,
  pair_hash char(40) NOT NULL,
  PRIMARY KEY  (word_hash,pair_hash)
) {$charset};";
	}

	/** The key of $word (a folded word of Fuzzy_Similarity::key_words) among units into $target_lang. */
	public static function word_hash( string $target_lang, string $word ): string {
		return sha1( $target_lang . "\0" . $word );
	}

	/**
	 * Indexes the words of units as the table holds them.
	 *
	 * @param iterable<array{target_lang: string, pair_hash: string, fuzzy_words: string}|object> $units Rows of the table, or rows about to be written.
	 */
	public static function add( iterable $units ): void {
		global $wpdb;
		$postings = array();
		foreach ( $units as $unit ) {
			$unit = (array) $unit;
			foreach ( array_unique( array_filter( explode( ' ', (string) $unit['fuzzy_words'] ), 'strlen' ) ) as $word ) {
				$postings[ self::word_hash( (string) $unit['target_lang'], $word ) . $unit['pair_hash'] ] = array( self::word_hash( (string) $unit['target_lang'], $word ), (string) $unit['pair_hash'] );
			}
		}
		foreach ( array_chunk( array_values( $postings ), self::CHUNK ) as $chunk ) {
			$args = array( self::name() );
			foreach ( $chunk as $posting ) {
				array_push( $args, ...$posting );
			}
			$values = implode( ',', array_fill( 0, count( $chunk ), '(%s,%s)' ) );
			$wpdb->query(
				$wpdb->prepare(
					// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared, WordPress.WP.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- two placeholders per row, in $values.
					'INSERT IGNORE INTO %i (word_hash, pair_hash) VALUES ' . $values,
					$args
				)
			);
		}
	}

	/**
	 * The pair hashes of the texts into $target_lang whose source holds one of $words: one indexed
	 * read of this table (the memory's rows are then read by their indexed pair hash). Two steps,
	 * not one statement with `pair_hash IN (SELECT …)`: SQLite ran that from the pair's rows, and it
	 * took 50.3 ms p50 against 8.9 ms at 20,000 units (measured once, side by side).
	 *
	 * @param list<string> $words Folded words.
	 * @return list<string>
	 */
	public static function texts_holding_one_of( string $target_lang, array $words ): array {
		global $wpdb;
		if ( ! $words ) {
			return array();
		}
		$hashes = array_map( static fn( string $word ): string => self::word_hash( $target_lang, $word ), $words );
		$in     = implode( ',', array_fill( 0, count( $hashes ), '%s' ) );
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.WP.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare, WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the placeholders are in $in.
		return array_map( 'strval', (array) $wpdb->get_col( $wpdb->prepare( "SELECT DISTINCT pair_hash FROM %i WHERE word_hash IN ({$in})", self::name(), ...$hashes ) ) );
	}

	/**
	 * Removes the words of texts no unit holds any more (after units were removed).
	 *
	 * @param string $units The memory's table (Memory_Table::name(), which reads this class: no circle).
	 */
	public static function prune( string $units ): void {
		global $wpdb;
		$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE pair_hash NOT IN (SELECT pair_hash FROM %i)', self::name(), $units ) );
	}

	/** Empties the index (the memory was cleared). */
	public static function clear(): void {
		global $wpdb;
		$wpdb->query( $wpdb->prepare( 'DELETE FROM %i', self::name() ) );
	}

	/**
	 * Indexes every unit already stored (the upgrade to version 5), 500 units to a read.
	 *
	 * @param string $units The memory's table.
	 */
	public static function fill( string $units ): void {
		global $wpdb;
		$after = 0;
		do {
			$rows = (array) $wpdb->get_results( $wpdb->prepare( 'SELECT id, target_lang, pair_hash, fuzzy_words FROM %i WHERE id > %d ORDER BY id LIMIT 500', $units, $after ) );
			self::add( $rows );
			$after = $rows ? (int) end( $rows )->id : $after;
			$more  = 500 === count( $rows );
		} while ( $more );
	}
}
