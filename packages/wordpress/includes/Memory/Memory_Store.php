<?php
/**
 * The site's translation memory, in its table (Memory_Table): exact matches on (source language,
 * target language, Memory_Key), the rule core's stores follow. Texts are kept without their
 * surrounding whitespace (each answer goes back between the query's own), the source in NFC; a
 * `human` unit is never replaced by a `machine` one; a replaced unit keeps its creation date and
 * uses and records the change.
 *
 * @package Circassian
 */

namespace Circassian\Memory;

use Circassian\Translation;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.WP.PreparedSQL.NotPrepared -- the plugin's own table, by its fixed name (Memory_Table::name()); every value is prepared.

final class Memory_Store {

	public const ORIGINS = array( 'machine', 'human' );
	/** Keys asked for, or rows written, in one query. */
	private const LOOKUP_CHUNK = 200;
	/** Bytes of text (key, source, target) written in one query. */
	private const WRITE_CHUNK_BYTES = 1000000;

	/**
	 * The memory's answers for the texts it knows, each between the query's own whitespace.
	 *
	 * @param list<string> $texts Source texts.
	 * @return array<string, string> Answer by source text, for those found.
	 */
	public static function lookup( string $source, string $target, array $texts ): array {
		return self::recall( $source, $target, $texts )['answers'];
	}

	/**
	 * The answers, and the ids of the units that gave them (for record_use), read by the indexed
	 * hash of pair and key (by_pair_hash).
	 *
	 * @param list<string> $texts Source texts.
	 * @return array{answers: array<string, string>, ids: list<int>}
	 */
	public static function recall( string $source, string $target, array $texts ): array {
		$by_hash = array();
		foreach ( $texts as $text ) {
			$key = Memory_Key::key( $text );
			if ( '' !== $key ) {
				$by_hash[ Memory_Key::pair_hash( $source, $target, $key ) ][ $text ] = $key;
			}
		}
		$found = array();
		$ids   = array();
		foreach ( self::by_pair_hash( 'id, pair_hash, match_key, target', array_keys( $by_hash ) ) as $row ) {
			foreach ( $by_hash[ (string) $row->pair_hash ] ?? array() as $text => $key ) {
				$text = (string) $text;
				// A hash is not the key: the key itself decides.
				if ( $key === (string) $row->match_key ) {
					$found[ $text ] = Memory_Key::restore( $text, (string) $row->target );
					$ids[]          = (int) $row->id;
				}
			}
		}
		return array(
			'answers' => $found,
			'ids'     => array_values( array_unique( $ids ) ),
		);
	}

	/**
	 * Puts units in: per chunk, one read of the units already there and one write of the new and
	 * changed ones (INSERT … ON DUPLICATE KEY UPDATE, which the SQLite integration turns into
	 * SQLite's ON CONFLICT … DO UPDATE). The human-over-machine rule is checked on what the read
	 * found, and between units of the same call (a later unit of a key replaces an earlier one
	 * unless that one is `human` and it is `machine`).
	 *
	 * @param list<array{source_lang: string, target_lang: string, source: string, target: string, origin: string, created?: string, changed?: string, creator?: string, usage_count?: int}> $units Dates as MySQL DATETIME (UTC).
	 * @return array{stored: int, kept_human: int}
	 */
	public static function store( array $units ): array {
		$now        = gmdate( 'Y-m-d H:i:s' );
		$kept_human = 0;
		$by_key     = array();
		foreach ( $units as $unit ) {
			$source = Memory_Key::nfc( Memory_Key::split( $unit['source'] )['core'] );
			$text   = Memory_Key::split( $unit['target'] )['core'];
			$key    = Memory_Key::key( $source );
			if ( '' === $key || '' === $text || ! in_array( $unit['origin'], self::ORIGINS, true ) ) {
				continue;
			}
			$hash  = Memory_Key::hash( $key );
			$id    = $unit['source_lang'] . "\0" . $unit['target_lang'] . "\0" . $hash;
			$known = $by_key[ $id ] ?? null;
			if ( null !== $known && 'human' === $known['origin'] && 'machine' === $unit['origin'] ) {
				++$kept_human;
				continue;
			}
			$by_key[ $id ] = array(
				'source_lang' => $unit['source_lang'],
				'target_lang' => $unit['target_lang'],
				'key_hash'    => $hash,
				'pair_hash'   => Memory_Key::pair_hash( $unit['source_lang'], $unit['target_lang'], $key ),
				'match_key'   => $key,
				'source'      => $source,
				'target'      => $text,
				'origin'      => $unit['origin'],
				'characters'  => mb_strlen( $source ) + mb_strlen( $text ),
				'usage_count' => (int) ( $unit['usage_count'] ?? 0 ),
				'created'     => $unit['created'] ?? $now,
				'changed'     => $unit['changed'] ?? null,
				'replaces_on' => $unit['changed'] ?? $unit['created'] ?? $now,
				'creator'     => (string) ( $unit['creator'] ?? '' ),
			);
		}
		$stored = 0;
		// Each statement well inside MySQL's max_allowed_packet (4 MB on old servers).
		$chunks = Translation\Batch_Plan::groups( array_values( $by_key ), self::LOOKUP_CHUNK, self::WRITE_CHUNK_BYTES, static fn( array $row ): int => strlen( $row['match_key'] . $row['source'] . $row['target'] ) );
		foreach ( $chunks as $chunk ) {
			$existing = self::existing( $chunk );
			$rows     = array();
			foreach ( $chunk as $row ) {
				$there = $existing[ $row['source_lang'] . "\0" . $row['target_lang'] . "\0" . $row['key_hash'] ] ?? null;
				if ( null !== $there && 'human' === $there->origin && 'machine' === $row['origin'] ) {
					++$kept_human;
					continue;
				}
				if ( null !== $there && $there->target === $row['target'] && $there->origin === $row['origin'] ) {
					continue;
				}
				// A replaced unit records when it changed; a new one has not changed yet.
				$row['changed'] = null === $there ? $row['changed'] : $row['replaces_on'];
				unset( $row['replaces_on'] );
				$rows[] = $row;
			}
			self::write( $rows );
			$stored += count( $rows );
		}
		return array(
			'stored'     => $stored,
			'kept_human' => $kept_human,
		);
	}

	/**
	 * The units of the chunk's keys already in the table: one query, by the indexed hash of pair and key.
	 *
	 * @param list<array{source_lang: string, target_lang: string, key_hash: string, pair_hash: string}> $chunk Rows to store.
	 * @return array<string, object{source_lang: string, target_lang: string, key_hash: string, target: string, origin: string}> By pair and hash.
	 */
	private static function existing( array $chunk ): array {
		$found = array();
		foreach ( self::by_pair_hash( 'source_lang, target_lang, key_hash, target, origin', array_values( array_unique( array_column( $chunk, 'pair_hash' ) ) ) ) as $row ) {
			$found[ $row->source_lang . "\0" . $row->target_lang . "\0" . $row->key_hash ] = $row;
		}
		return $found;
	}

	/**
	 * The units whose pair hash is one of $hashes: one SELECT … IN per LOOKUP_CHUNK hashes.
	 *
	 * @param string       $columns The columns to read.
	 * @param list<string> $hashes  Pair hashes.
	 * @return list<object>
	 */
	private static function by_pair_hash( string $columns, array $hashes ): array {
		global $wpdb;
		if ( ! $hashes ) {
			return array();
		}
		$rows = array();
		foreach ( array_chunk( $hashes, self::LOOKUP_CHUNK ) as $chunk ) {
			$found = $wpdb->get_results(
				$wpdb->prepare(
					"SELECT {$columns} FROM " . Memory_Table::name() . ' WHERE pair_hash IN (' . implode( ',', array_fill( 0, count( $chunk ), '%s' ) ) . ')',
					$chunk
				)
			);
			array_push( $rows, ... (array) $found );
		}
		return $rows;
	}

	/**
	 * One INSERT of the rows; a row whose pair and key are there replaces that unit's text, origin,
	 * characters, change date and creator, adds its uses, and keeps its creation date.
	 *
	 * @param list<array<string, string|int|null>> $rows Column => value, every row the same columns.
	 */
	private static function write( array $rows ): void {
		global $wpdb;
		if ( ! $rows ) {
			return;
		}
		$columns = array_keys( $rows[0] );
		$values  = array();
		$args    = array();
		foreach ( $rows as $row ) {
			$cells = array();
			foreach ( $columns as $column ) {
				if ( null === $row[ $column ] ) {
					$cells[] = 'NULL';
					continue;
				}
				$cells[] = is_int( $row[ $column ] ) ? '%d' : '%s';
				$args[]  = $row[ $column ];
			}
			$values[] = '(' . implode( ',', $cells ) . ')';
		}
		$replaced = array();
		foreach ( array( 'match_key', 'source', 'target', 'origin', 'characters', 'changed', 'creator' ) as $column ) {
			$replaced[] = "{$column} = VALUES({$column})";
		}
		$replaced[] = 'usage_count = usage_count + VALUES(usage_count)';
		$wpdb->query(
			$wpdb->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- the placeholders are in $values, one per value.
				'INSERT INTO ' . Memory_Table::name() . ' (' . implode( ',', $columns ) . ') VALUES ' . implode( ',', $values ) . ' ON DUPLICATE KEY UPDATE ' . implode( ', ', $replaced ),
				$args
			)
		);
	}

	/**
	 * One use more for each unit (its id, from recall()): the characters saved in the statistics.
	 * The ids go as ranges (the units a post's translation stored lie together), at most
	 * LOOKUP_CHUNK ranges or ids to a statement: the SQLite integration parses each item of a
	 * statement in PHP, so 200 ids in a row cost one range, not 200 items.
	 *
	 * @param list<int> $ids Units the memory answered with.
	 */
	public static function record_use( array $ids ): void {
		global $wpdb;
		$ids = array_values( array_unique( array_map( 'intval', $ids ) ) );
		sort( $ids );
		$terms = array();
		$start = null;
		foreach ( $ids as $index => $id ) {
			$start ??= $id;
			if ( ( $ids[ $index + 1 ] ?? null ) !== $id + 1 ) {
				$terms[] = $start === $id ? "id = {$id}" : "id BETWEEN {$start} AND {$id}";
				$start   = null;
			}
		}
		foreach ( array_chunk( $terms, self::LOOKUP_CHUNK ) as $chunk ) {
			// Integers only, from intval() above.
			$wpdb->query( 'UPDATE ' . Memory_Table::name() . ' SET usage_count = usage_count + 1 WHERE ' . implode( ' OR ', $chunk ) );
		}
	}

	/** Removes a pair's units, or every unit; returns how many. */
	public static function clear( ?string $source = null, ?string $target = null ): int {
		global $wpdb;
		$table = Memory_Table::name();
		if ( null === $source || null === $target ) {
			return (int) $wpdb->query( "DELETE FROM {$table}" );
		}
		return (int) $wpdb->query( $wpdb->prepare( "DELETE FROM {$table} WHERE source_lang = %s AND target_lang = %s", $source, $target ) );
	}

	/**
	 * Units per language pair, by origin, and the characters they saved (uses times source plus
	 * translation characters, as the service charges input plus output).
	 *
	 * @return list<array{source: string, target: string, units: int, machine: int, human: int, saved_characters: int}>
	 */
	public static function stats(): array {
		global $wpdb;
		$rows  = (array) $wpdb->get_results( 'SELECT source_lang, target_lang, origin, COUNT(*) AS units, SUM(usage_count * characters) AS saved FROM ' . Memory_Table::name() . ' GROUP BY source_lang, target_lang, origin ORDER BY source_lang, target_lang' );
		$pairs = array();
		foreach ( $rows as $row ) {
			$id                                = $row->source_lang . ':' . $row->target_lang;
			$pairs[ $id ]                    ??= array(
				'source'           => (string) $row->source_lang,
				'target'           => (string) $row->target_lang,
				'units'            => 0,
				'machine'          => 0,
				'human'            => 0,
				'saved_characters' => 0,
			);
			$origin                            = 'human' === $row->origin ? 'human' : 'machine';
			$pairs[ $id ][ $origin ]          += (int) $row->units;
			$pairs[ $id ]['units']            += (int) $row->units;
			$pairs[ $id ]['saved_characters'] += (int) $row->saved;
		}
		return array_values( $pairs );
	}

	/**
	 * Every unit (of an origin, or all), in first-stored order, read a page at a time so a large
	 * memory never sits in PHP's memory whole.
	 *
	 * @return \Generator<int, object{source_lang: string, target_lang: string, source: string, target: string, origin: string, created: string, changed: ?string, creator: string, usage_count: string}>
	 */
	public static function units( ?string $origin = null, int $page = 500 ): \Generator {
		global $wpdb;
		$table = Memory_Table::name();
		$after = 0;
		do {
			$rows = null === $origin
				? $wpdb->get_results( $wpdb->prepare( "SELECT * FROM {$table} WHERE id > %d ORDER BY id LIMIT %d", $after, $page ) )
				: $wpdb->get_results( $wpdb->prepare( "SELECT * FROM {$table} WHERE id > %d AND origin = %s ORDER BY id LIMIT %d", $after, $origin, $page ) );
			foreach ( (array) $rows as $row ) {
				$after = (int) $row->id;
				yield $row;
			}
			$more = count( (array) $rows ) === $page;
		} while ( $more );
	}
}
