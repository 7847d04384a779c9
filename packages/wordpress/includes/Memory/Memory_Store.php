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

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.WP.PreparedSQL.NotPrepared -- the plugin's own table, by its fixed name (Memory_Table::name()); every value is prepared.

final class Memory_Store {

	public const ORIGINS = array( 'machine', 'human' );
	/** Keys asked for in one query. */
	private const LOOKUP_CHUNK = 200;

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
	 * Puts units in.
	 *
	 * @param list<array{source_lang: string, target_lang: string, source: string, target: string, origin: string, created?: string, changed?: string, creator?: string, usage_count?: int}> $units Dates as MySQL DATETIME (UTC).
	 * @return array{stored: int, kept_human: int}
	 */
	public static function store( array $units ): array {
		global $wpdb;
		$table      = Memory_Table::name();
		$now        = gmdate( 'Y-m-d H:i:s' );
		$stored     = 0;
		$kept_human = 0;
		foreach ( $units as $unit ) {
			$source = Memory_Key::nfc( Memory_Key::split( $unit['source'] )['core'] );
			$text   = Memory_Key::split( $unit['target'] )['core'];
			$key    = Memory_Key::key( $source );
			if ( '' === $key || '' === $text || ! in_array( $unit['origin'], self::ORIGINS, true ) ) {
				continue;
			}
			$hash     = Memory_Key::hash( $key );
			$existing = $wpdb->get_row( $wpdb->prepare( "SELECT id, target, origin, usage_count FROM {$table} WHERE source_lang = %s AND target_lang = %s AND key_hash = %s", $unit['source_lang'], $unit['target_lang'], $hash ) );
			if ( $existing && 'human' === $existing->origin && 'machine' === $unit['origin'] ) {
				++$kept_human;
				continue;
			}
			if ( $existing && $existing->target === $text && $existing->origin === $unit['origin'] ) {
				continue;
			}
			$characters = mb_strlen( $source ) + mb_strlen( $text );
			if ( $existing ) {
				$wpdb->update(
					$table,
					array(
						'match_key'   => $key,
						'source'      => $source,
						'target'      => $text,
						'origin'      => $unit['origin'],
						'characters'  => $characters,
						'changed'     => $unit['changed'] ?? $unit['created'] ?? $now,
						'creator'     => (string) ( $unit['creator'] ?? '' ),
						'usage_count' => (int) $existing->usage_count + (int) ( $unit['usage_count'] ?? 0 ),
					),
					array( 'id' => (int) $existing->id )
				);
			} else {
				$wpdb->insert(
					$table,
					array(
						'source_lang' => $unit['source_lang'],
						'target_lang' => $unit['target_lang'],
						'key_hash'    => $hash,
						'match_key'   => $key,
						'source'      => $source,
						'target'      => $text,
						'origin'      => $unit['origin'],
						'characters'  => $characters,
						'usage_count' => (int) ( $unit['usage_count'] ?? 0 ),
						'created'     => $unit['created'] ?? $now,
						'changed'     => $unit['changed'] ?? null,
						'creator'     => (string) ( $unit['creator'] ?? '' ),
					)
				);
			}
			++$stored;
		}
		return array(
			'stored'     => $stored,
			'kept_human' => $kept_human,
		);
	}

	/**
	 * One use more for each text's unit: the characters saved in the statistics.
	 *
	 * @param list<string> $texts Source texts the memory answered.
	 */
	public static function record_use( string $source, string $target, array $texts ): void {
		global $wpdb;
		$table = Memory_Table::name();
		foreach ( array_unique( array_map( array( Memory_Key::class, 'key' ), $texts ) ) as $key ) {
			$wpdb->query( $wpdb->prepare( "UPDATE {$table} SET usage_count = usage_count + 1 WHERE source_lang = %s AND target_lang = %s AND key_hash = %s", $source, $target, Memory_Key::hash( $key ) ) );
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
