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

use Circassian\Batches;

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
		global $wpdb;
		$by_hash = array();
		foreach ( $texts as $text ) {
			$key = Memory_Key::key( $text );
			if ( '' !== $key ) {
				$by_hash[ Memory_Key::hash( $key ) ][] = $text;
			}
		}
		$found = array();
		foreach ( array_chunk( array_keys( $by_hash ), self::LOOKUP_CHUNK ) as $hashes ) {
			$rows = $wpdb->get_results(
				$wpdb->prepare(
					'SELECT key_hash, match_key, target FROM ' . Memory_Table::name() . ' WHERE source_lang = %s AND target_lang = %s AND key_hash IN (' . implode( ',', array_fill( 0, count( $hashes ), '%s' ) ) . ')',
					array_merge( array( $source, $target ), $hashes )
				)
			);
			foreach ( (array) $rows as $row ) {
				foreach ( $by_hash[ (string) $row->key_hash ] ?? array() as $text ) {
					// A hash is not the key: the key itself decides.
					if ( Memory_Key::key( $text ) === (string) $row->match_key ) {
						$found[ $text ] = Memory_Key::restore( $text, (string) $row->target );
					}
				}
			}
		}
		return $found;
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
		$chunks = Batches::of( array_values( $by_key ), self::LOOKUP_CHUNK, self::WRITE_CHUNK_BYTES, static fn( array $row ): int => strlen( $row['match_key'] . $row['source'] . $row['target'] ) );
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
	 * The units of the chunk's keys already in the table: one query per language pair (a
	 * translation's chunk has one; an import's may have several), each on the table's pair_key index.
	 *
	 * @param list<array{source_lang: string, target_lang: string, key_hash: string}> $chunk Rows to store.
	 * @return array<string, object{source_lang: string, target_lang: string, key_hash: string, target: string, origin: string}> By pair and hash.
	 */
	private static function existing( array $chunk ): array {
		global $wpdb;
		$pairs = array();
		foreach ( $chunk as $row ) {
			$pairs[ $row['source_lang'] . "\0" . $row['target_lang'] ][ $row['key_hash'] ] = true;
		}
		$found = array();
		foreach ( $pairs as $pair => $hashes ) {
			[ $source, $target ] = explode( "\0", (string) $pair );
			$rows                = $wpdb->get_results(
				$wpdb->prepare(
					'SELECT source_lang, target_lang, key_hash, target, origin FROM ' . Memory_Table::name() . ' WHERE source_lang = %s AND target_lang = %s AND key_hash IN (' . implode( ',', array_fill( 0, count( $hashes ), '%s' ) ) . ')',
					array_merge( array( $source, $target ), array_map( 'strval', array_keys( $hashes ) ) )
				)
			);
			foreach ( (array) $rows as $row ) {
				$found[ $row->source_lang . "\0" . $row->target_lang . "\0" . $row->key_hash ] = $row;
			}
		}
		return $found;
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
	 * One use more for each text's unit: the characters saved in the statistics. One UPDATE per
	 * LOOKUP_CHUNK keys.
	 *
	 * @param list<string> $texts Source texts the memory answered.
	 */
	public static function record_use( string $source, string $target, array $texts ): void {
		global $wpdb;
		$hashes = array_map( array( Memory_Key::class, 'hash' ), array_unique( array_map( array( Memory_Key::class, 'key' ), $texts ) ) );
		foreach ( array_chunk( array_values( $hashes ), self::LOOKUP_CHUNK ) as $chunk ) {
			$wpdb->query(
				$wpdb->prepare(
					'UPDATE ' . Memory_Table::name() . ' SET usage_count = usage_count + 1 WHERE source_lang = %s AND target_lang = %s AND key_hash IN (' . implode( ',', array_fill( 0, count( $chunk ), '%s' ) ) . ')',
					array_merge( array( $source, $target ), $chunk )
				)
			);
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
