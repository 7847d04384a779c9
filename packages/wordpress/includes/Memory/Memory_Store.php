<?php
/**
 * The site's translation memory, in its table (Memory_Table): exact matches on (source language,
 * target language, Memory_Key, context), the rule core's stores follow. Texts are kept without
 * their surrounding whitespace (each answer goes back between the query's own), the source in NFC.
 * What a unit replaces follows Memory_Rules (reviewed > human > machine, the newer within one
 * origin); a replaced unit keeps its creation (date and creator) and uses, and records its change
 * (date and changer). A suggestion (a correction by someone without the right to teach) is kept
 * beside the unit everyone gets back and answers only the person who made it.
 *
 * @package Circassian
 */

namespace Circassian\Memory;

use Circassian\Translation;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- the memory's own table (Memory_Table): no WordPress API reads or writes it, and a read must see what another worker wrote.

final class Memory_Store {

	public const ORIGINS = Memory_Rules::ORIGINS;
	/** Keys asked for, or rows written, in one query. */
	private const LOOKUP_CHUNK = 200;
	/** Bytes of text (key, source, target) written in one query. */
	private const WRITE_CHUNK_BYTES = 1000000;
	/** What a replacement writes over the unit there (store() computes each: the unit's creation stays, its change is recorded); its uses add up. */
	private const REPLACED_COLUMNS = array( 'match_key', 'source', 'target', 'origin', 'characters', 'created', 'changed', 'creator', 'creator_id', 'changer', 'where_made', 'folded' );

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
	 * hash of pair and key (by_pair_hash): the unit everyone gets back, or the asker's own
	 * suggestion before it (the current user's, unless another user is given), of the texts'
	 * context ('' for none: what every translation of this site asks; an imported unit of another
	 * context never answers it).
	 *
	 * @param list<string> $texts Source texts.
	 * @return array{answers: array<string, string>, ids: list<int>, units: array<string, array{id: int, origin: string}>} units: which unit answered each text, and its origin.
	 */
	public static function recall( string $source, string $target, array $texts, ?\WP_User $asker = null, string $context = '' ): array {
		$asker ??= wp_get_current_user();
		$by_hash = array();
		foreach ( $texts as $text ) {
			$key = Memory_Key::key( $text );
			if ( '' !== $key ) {
				$by_hash[ Memory_Key::pair_hash( $source, $target, $key ) ][ $text ] = $key;
			}
		}
		$found = array();
		foreach ( self::by_pair_hash( 'id, pair_hash, match_key, target, origin, suggested_by', array_keys( $by_hash ), $asker, $context ) as $row ) {
			foreach ( $by_hash[ (string) $row->pair_hash ] ?? array() as $text => $key ) {
				// A hash is not the key: the key itself decides; the asker's suggestion before the unit.
				if ( $key === (string) $row->match_key && ( ! isset( $found[ $text ] ) || '' !== (string) $row->suggested_by ) ) {
					$found[ $text ] = $row;
				}
			}
		}
		$answers = array();
		$ids     = array();
		$units   = array();
		foreach ( $found as $text => $row ) {
			$answers[ (string) $text ] = Memory_Key::restore( (string) $text, (string) $row->target );
			$ids[]                     = (int) $row->id;
			$units[ (string) $text ]   = array(
				'id'     => (int) $row->id,
				'origin' => (string) $row->origin,
			);
		}
		return array(
			'answers' => $answers,
			'ids'     => array_values( array_unique( $ids ) ),
			'units'   => $units,
		);
	}

	/**
	 * Puts units in: per chunk, one read of the units already there and one write of the new and
	 * changed ones (INSERT … ON DUPLICATE KEY UPDATE, which the SQLite integration turns into
	 * SQLite's ON CONFLICT … DO UPDATE). Memory_Rules decides, on what the read found and between
	 * units of the same call.
	 *
	 * @param list<array{source_lang: string, target_lang: string, source: string, target: string, origin: string, created?: string, changed?: string, creator?: string, creator_id?: int, changer?: string, where?: string, context?: string, suggestion?: bool, usage_count?: int}> $units Dates as MySQL DATETIME (UTC); a suggestion needs its creator.
	 * @return array{stored: int, kept_human: int, kept_reviewed: int, kept_newer: int, replaced_reviewed: int, refused: int} refused: 1 when a suggestion named nobody (nothing is stored then).
	 */
	public static function store( array $units ): array {
		$now    = gmdate( 'Y-m-d H:i:s' );
		$counts = array(
			'stored'            => 0,
			'kept_human'        => 0,
			'kept_reviewed'     => 0,
			'kept_newer'        => 0,
			'replaced_reviewed' => 0,
			'refused'           => 0,
		);
		$by_id  = array();
		foreach ( $units as $unit ) {
			// A suggestion is someone's: a call with one that names nobody is refused whole.
			if ( ! empty( $unit['suggestion'] ) && '' === (string) ( $unit['creator'] ?? '' ) ) {
				return array( 'refused' => 1 ) + array_map( static fn(): int => 0, $counts );
			}
			$row = self::row( $unit, $now );
			if ( null === $row ) {
				continue;
			}
			$decision = Memory_Rules::decide( $by_id[ $row['id'] ] ?? null, $row );
			if ( isset( $counts[ $decision ] ) ) {
				++$counts[ $decision ];
			} elseif ( Memory_Rules::STORE === $decision ) {
				$by_id[ $row['id'] ] = $row;
			}
		}
		// Each statement well inside MySQL's max_allowed_packet (4 MB on old servers).
		$chunks = Translation\Batch_Plan::groups( array_values( $by_id ), self::LOOKUP_CHUNK, self::WRITE_CHUNK_BYTES, static fn( array $row ): int => strlen( $row['match_key'] . $row['source'] . $row['target'] . $row['context'] ) );
		foreach ( $chunks as $chunk ) {
			$existing = self::existing( $chunk );
			$rows     = array();
			$taken    = array();
			foreach ( $chunk as $row ) {
				$there = $existing[ $row['id'] ] ?? null;
				// A suggestion saying what everyone gets back already leaves nothing to review.
				if ( '' !== $row['suggested_by'] && ( $existing[ $row['unit_id'] ]['target'] ?? null ) === $row['target'] ) {
					continue;
				}
				$decision = Memory_Rules::decide( $there, $row );
				if ( isset( $counts[ $decision ] ) ) {
					++$counts[ $decision ];
				}
				if ( Memory_Rules::STORE !== $decision ) {
					continue;
				}
				if ( null !== $there ) {
					// A replacement is a change of the unit there: its creation (date, creator) and uses stay, its own date and author are the change.
					$counts['replaced_reviewed'] += 'reviewed' === $there['origin'] && 'reviewed' === $row['origin'] ? 1 : 0;
					$row['created']               = $there['created'];
					$row['creator']               = '' !== $there['creator'] ? $there['creator'] : $row['creator'];
					$row['creator_id']            = '' !== $there['creator'] ? $there['creator_id'] : $row['creator_id'];
					$row['changed']               = $row['replaces_on'];
					$row['changer']               = $row['author'] === $row['creator'] ? '' : $row['author'];
					$row['where_made']            = '' !== $row['where_made'] ? $row['where_made'] : $there['where_made'];
				}
				// The author's own suggestion there gives way to what they now teach everyone.
				if ( '' === $row['suggested_by'] && '' !== $row['author'] && isset( $existing[ $row['unit_id'] . $row['author'] ] ) ) {
					$taken[] = $existing[ $row['unit_id'] . $row['author'] ]['id'];
				}
				unset( $row['id'], $row['unit_id'], $row['replaces_on'], $row['author'] );
				$rows[] = $row;
			}
			if ( self::write( $rows ) ) {
				self::delete_ids( $taken );
				$counts['stored'] += count( $rows );
			}
		}
		return $counts;
	}

	/**
	 * A unit as the table holds it, with what store() decides by (its identity, the date and
	 * author a replacement records); null for one the memory cannot keep.
	 *
	 * @param array<string, mixed> $unit As store() takes it.
	 * @return array<string, string|int|null>|null
	 */
	private static function row( array $unit, string $now ): ?array {
		$source  = Memory_Key::nfc( Memory_Key::split( (string) $unit['source'] )['core'] );
		$text    = Memory_Key::split( (string) $unit['target'] )['core'];
		$key     = Memory_Key::key( $source );
		$creator = (string) ( $unit['creator'] ?? '' );
		$context = (string) ( $unit['context'] ?? '' );
		$suggest = ! empty( $unit['suggestion'] );
		if ( '' === $key || '' === $text || ! in_array( $unit['origin'], self::ORIGINS, true ) || ( $suggest && '' === $creator ) ) {
			return null;
		}
		$hash         = Memory_Key::hash( $key );
		$context_hash = '' === $context ? '' : sha1( $context );
		$suggested_by = $suggest ? $creator : '';
		$created      = (string) ( $unit['created'] ?? $now );
		$changed      = isset( $unit['changed'] ) && '' !== $unit['changed'] ? (string) $unit['changed'] : null;
		return array(
			'id'           => self::identity( (string) $unit['source_lang'], (string) $unit['target_lang'], $hash, $context_hash ) . $suggested_by,
			'unit_id'      => self::identity( (string) $unit['source_lang'], (string) $unit['target_lang'], $hash, $context_hash ),
			'source_lang'  => (string) $unit['source_lang'],
			'target_lang'  => (string) $unit['target_lang'],
			'key_hash'     => $hash,
			'pair_hash'    => Memory_Key::pair_hash( (string) $unit['source_lang'], (string) $unit['target_lang'], $key ),
			'match_key'    => $key,
			'source'       => $source,
			'target'       => $text,
			'origin'       => (string) $unit['origin'],
			'characters'   => mb_strlen( $source ) + mb_strlen( $text ),
			'usage_count'  => (int) ( $unit['usage_count'] ?? 0 ),
			'created'      => $created,
			'changed'      => $changed,
			'creator'      => $creator,
			'creator_id'   => (int) ( $unit['creator_id'] ?? 0 ),
			'changer'      => (string) ( $unit['changer'] ?? '' ),
			'where_made'   => (string) ( $unit['where'] ?? '' ),
			'context'      => $context,
			'context_hash' => $context_hash,
			'suggested_by' => $suggested_by,
		) + Search_Columns::of( $source, $text ) + array(
			'replaces_on' => $changed ?? ( isset( $unit['created'] ) ? $created : $now ),
			'author'      => '' !== (string) ( $unit['changer'] ?? '' ) ? (string) $unit['changer'] : $creator,
		);
	}

	/**
	 * The units of the chunk's identities already in the table: one query, by the indexed hash of pair and key.
	 *
	 * @param list<array<string, string|int|null>> $chunk Rows to store.
	 * @return array<string, array{id: int, target: string, origin: string, created: string, changed: ?string, creator: string, creator_id: int, where_made: string}> By identity and whose suggestion.
	 */
	private static function existing( array $chunk ): array {
		$found = array();
		foreach ( self::by_pair_hash( 'id, source_lang, target_lang, key_hash, context_hash, suggested_by, target, origin, created, changed, creator, creator_id, where_made', array_values( array_unique( array_column( $chunk, 'pair_hash' ) ) ), null ) as $row ) {
			$found[ self::identity( (string) $row->source_lang, (string) $row->target_lang, (string) $row->key_hash, (string) $row->context_hash ) . $row->suggested_by ] = array(
				'id'         => (int) $row->id,
				'target'     => (string) $row->target,
				'origin'     => (string) $row->origin,
				'created'    => (string) $row->created,
				'changed'    => null === $row->changed ? null : (string) $row->changed,
				'creator'    => (string) $row->creator,
				'creator_id' => (int) $row->creator_id,
				'where_made' => (string) $row->where_made,
			);
		}
		return $found;
	}

	/** A unit's identity (its suggestion's adds whose): pair, key and context. */
	private static function identity( string $source_lang, string $target_lang, string $key_hash, string $context_hash ): string {
		return implode( "\0", array( $source_lang, $target_lang, $key_hash, $context_hash ) ) . "\0";
	}

	/**
	 * Removes units by id.
	 *
	 * @param list<int> $ids Units' ids.
	 */
	private static function delete_ids( array $ids ): void {
		global $wpdb;
		if ( $ids ) {
			$in = implode( ',', array_map( 'intval', $ids ) );
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.WP.PreparedSQL.NotPrepared -- integers only.
			$wpdb->query( $wpdb->prepare( "DELETE FROM %i WHERE id IN ({$in})", Memory_Table::name() ) );
		}
	}

	/**
	 * The units whose pair hash is one of $hashes: one SELECT … IN per LOOKUP_CHUNK hashes. For
	 * an asker: only units of the context asked, and of suggestions only the asker's own (a
	 * suggestion another tool attributed to the same name is no user's of this site); without
	 * one, every unit (store() compares them all).
	 *
	 * @param string       $columns The columns to read.
	 * @param list<string> $hashes  Pair hashes.
	 * @return list<object>
	 */
	private static function by_pair_hash( string $columns, array $hashes, ?\WP_User $asker, string $context = '' ): array {
		global $wpdb;
		if ( ! $hashes ) {
			return array();
		}
		$rows = array();
		foreach ( array_chunk( $hashes, self::LOOKUP_CHUNK ) as $chunk ) {
			$in    = implode( ',', array_fill( 0, count( $chunk ), '%s' ) );
			$whose = null === $asker ? array( '', array() ) : self::answering( $asker, $context );
			$args  = array_merge( $chunk, $whose[1] );
			$whose = $whose[0];
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.WP.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare, WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- $columns are this class's own names; the placeholders are in $in and $whose.
			$found = $wpdb->get_results( $wpdb->prepare( "SELECT {$columns} FROM %i WHERE pair_hash IN ({$in}){$whose}", Memory_Table::name(), ...$args ) );
			array_push( $rows, ... (array) $found );
		}
		return $rows;
	}

	/**
	 * The condition (` AND …`, with its values) that keeps the units that may answer $asker: those
	 * of the context asked ('' for none), and of suggestions only the asker's own (a suggestion
	 * another tool attributed to the same name is no user's of this site).
	 *
	 * @return array{0: string, 1: list<string|int>}
	 */
	public static function answering( \WP_User $asker, string $context = '' ): array {
		return array(
			" AND context_hash = %s AND ( suggested_by = '' OR ( suggested_by = %s AND creator_id = %d AND creator_id > 0 ) )",
			array( '' === $context ? '' : sha1( $context ), (string) $asker->user_login, (int) $asker->ID ),
		);
	}

	/**
	 * One INSERT of the rows; a row whose identity is there replaces that unit's text, origin,
	 * characters, change date and changer (and place, when it names one), adds its uses, and keeps
	 * its creation.
	 *
	 * @param list<array<string, string|int|null>> $rows Column => value, every row the same columns.
	 * @return bool Whether they are in (a failed statement stores none of them).
	 */
	private static function write( array $rows ): bool {
		global $wpdb;
		if ( ! $rows ) {
			return true;
		}
		$columns = array_keys( $rows[0] );
		$values  = array();
		$args    = array( Memory_Table::name() );
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
		foreach ( self::REPLACED_COLUMNS as $column ) {
			$replaced[] = "{$column} = VALUES({$column})";
		}
		$replaced[] = 'usage_count = usage_count + VALUES(usage_count)';
		$written    = false !== $wpdb->query(
			$wpdb->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared, WordPress.WP.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- the column names are this class's own; the placeholders are in $values, one per value.
				'INSERT INTO %i (' . implode( ',', $columns ) . ') VALUES ' . implode( ',', $values ) . ' ON DUPLICATE KEY UPDATE ' . implode( ', ', $replaced ),
				$args
			)
		);
		if ( $written ) {
			Word_Index::add( $rows );
		}
		return $written;
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
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.WP.PreparedSQL.NotPrepared -- integers only, from intval() above.
			$wpdb->query( $wpdb->prepare( 'UPDATE %i SET usage_count = usage_count + 1 WHERE ' . implode( ' OR ', $chunk ), Memory_Table::name() ) );
		}
	}

	/**
	 * Removes the units a filter takes (every field given must match; none given takes every unit):
	 * a pair, who wrote the translation as it is (its changer, else its creator; a suggestion's
	 * creator), an origin, suggestions or not, a context ('' for none), source texts (by their
	 * memory key). Returns how many.
	 *
	 * @param array{source_lang?: string, target_lang?: string, by?: string, origin?: string, suggestion?: bool, context?: string, sources?: list<string>} $filter
	 */
	public static function remove( array $filter ): int {
		global $wpdb;
		$where = array( '1 = 1' );
		$args  = array( Memory_Table::name() );
		foreach ( array( 'source_lang', 'target_lang', 'origin' ) as $column ) {
			if ( isset( $filter[ $column ] ) ) {
				$where[] = "{$column} = %s";
				$args[]  = $filter[ $column ];
			}
		}
		if ( isset( $filter['by'] ) ) {
			$where[] = "( CASE WHEN changer <> '' THEN changer ELSE creator END ) = %s";
			$args[]  = $filter['by'];
		}
		if ( isset( $filter['suggestion'] ) ) {
			$where[] = $filter['suggestion'] ? "suggested_by <> ''" : "suggested_by = ''";
		}
		if ( isset( $filter['context'] ) ) {
			$where[] = 'context_hash = %s';
			$args[]  = '' === $filter['context'] ? '' : sha1( $filter['context'] );
		}
		if ( isset( $filter['sources'] ) ) {
			$hashes = array_values( array_unique( array_map( static fn( string $text ): string => Memory_Key::hash( Memory_Key::key( $text ) ), $filter['sources'] ) ) );
			if ( ! $hashes ) {
				return 0;
			}
			$where[] = 'key_hash IN (' . implode( ',', array_fill( 0, count( $hashes ), '%s' ) ) . ')';
			array_push( $args, ...$hashes );
		}
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.WP.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- the conditions are this method's own; the values are placeholders.
		$removed = (int) $wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE ' . implode( ' AND ', $where ), $args ) );
		if ( $removed > 0 ) {
			Word_Index::prune( Memory_Table::name() );
		}
		return $removed;
	}

	/** Removes a pair's units, or every unit (suggestions included); returns how many. */
	public static function clear( ?string $source = null, ?string $target = null ): int {
		global $wpdb;
		if ( null === $source || null === $target ) {
			Word_Index::clear();
			return (int) $wpdb->query( $wpdb->prepare( 'DELETE FROM %i', Memory_Table::name() ) );
		}
		$removed = (int) $wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE source_lang = %s AND target_lang = %s', Memory_Table::name(), $source, $target ) );
		Word_Index::prune( Memory_Table::name() );
		return $removed;
	}

	/**
	 * Units per language pair: those everyone gets back by origin, the suggestions waiting for a
	 * reviewer, and the characters they saved (uses times source plus translation characters, as
	 * the service charges input plus output).
	 *
	 * @return list<array{source: string, target: string, units: int, machine: int, human: int, reviewed: int, suggestions: int, saved_characters: int}>
	 */
	public static function stats(): array {
		global $wpdb;
		$rows  = (array) $wpdb->get_results( $wpdb->prepare( "SELECT source_lang, target_lang, origin, suggested_by <> '' AS suggestion, COUNT(*) AS units, SUM(usage_count * characters) AS saved FROM %i GROUP BY source_lang, target_lang, origin, suggested_by <> '' ORDER BY source_lang, target_lang", Memory_Table::name() ) );
		$pairs = array();
		foreach ( $rows as $row ) {
			$id                                = $row->source_lang . ':' . $row->target_lang;
			$pairs[ $id ]                    ??= array(
				'source'           => (string) $row->source_lang,
				'target'           => (string) $row->target_lang,
				'units'            => 0,
				'machine'          => 0,
				'human'            => 0,
				'reviewed'         => 0,
				'suggestions'      => 0,
				'saved_characters' => 0,
			);
			$kind                              = (int) $row->suggestion ? 'suggestions' : ( in_array( $row->origin, self::ORIGINS, true ) ? (string) $row->origin : 'machine' );
			$pairs[ $id ][ $kind ]            += (int) $row->units;
			$pairs[ $id ]['units']            += (int) $row->units;
			$pairs[ $id ]['saved_characters'] += (int) $row->saved;
		}
		return array_values( $pairs );
	}

	/**
	 * Every unit (of an origin, or all; suggestions too), in first-stored order, read a page at a
	 * time so a large memory never sits in PHP's memory whole.
	 *
	 * @return \Generator<int, object{source_lang: string, target_lang: string, source: string, target: string, origin: string, created: string, changed: ?string, creator: string, changer: string, where_made: string, context: string, suggested_by: string, usage_count: string}>
	 */
	public static function units( ?string $origin = null, int $page = 500 ): \Generator {
		global $wpdb;
		$table = Memory_Table::name();
		$after = 0;
		do {
			$rows = null === $origin
				? $wpdb->get_results( $wpdb->prepare( 'SELECT * FROM %i WHERE id > %d ORDER BY id LIMIT %d', $table, $after, $page ) )
				: $wpdb->get_results( $wpdb->prepare( 'SELECT * FROM %i WHERE id > %d AND origin = %s ORDER BY id LIMIT %d', $table, $after, $origin, $page ) );
			foreach ( (array) $rows as $row ) {
				$after = (int) $row->id;
				yield $row;
			}
			$more = count( (array) $rows ) === $page;
		} while ( $more );
	}
}
