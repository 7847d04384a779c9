<?php
/**
 * Near matches: the units whose source text is like a text (Fuzzy_Similarity's percentage, the
 * same as core's), best first: percentage, then the stronger unit (reviewed > human > machine),
 * then the newer, then the source in byte order. A near match is a suggestion for a person: no
 * translation ever uses one by itself (only an exact unit answers, Memory_Store::recall).
 *
 * What a lookup reads (the cost on a real site): the table's candidates only, chosen in SQL by two
 * facts a match of `min` percent must have against a text of m words, so nothing the formula would
 * keep is left out:
 * - its word count n is in Fuzzy_Similarity::word_count_range (|m - n| is at least the distance),
 *   read through the index (source_lang, target_lang, word_count);
 * - it shares at least k = ceil(m * min / 100) of the text's words, so it holds one of any
 *   m - k + 1 of them: the longest m - k + 1 (the rarer, as a rule), looked up in the word index
 *   (Word_Index, Memory_Table version 5; a LIKE on `fuzzy_words` over the pair's rows before).
 * Each candidate's distance is then computed in PHP, stopping once it passes what the minimum
 * allows; at most CANDIDATES are read (the newest strongest first).
 *
 * @package Circassian
 */

namespace Circassian\Memory;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- the memory's own table (Memory_Table): no WordPress API reads it.

final class Memory_Fuzzy {

	public const DEFAULT_MIN   = 75;
	public const DEFAULT_LIMIT = 3;
	/** Rows a lookup scores at most after the prefilter. */
	private const CANDIDATES = 2000;
	/** Texts' pair hashes of one read of the memory's rows. */
	private const TEXTS_A_READ = 200;

	/**
	 * The best near matches of $text that may answer $asker (units everyone gets back and the
	 * asker's own suggestions, which stand before the unit of their text, as in recall) of the
	 * text's context, of the units whose source $asker may read (Unit_Visibility: a near match
	 * shows a unit's text). An exact match is among them, at 100.
	 *
	 * @param string $source_lang '' for every source language.
	 * @return list<object> Rows of the table (source_lang, target_lang, source, target, origin, created, changed, creator, changer, where_made, suggested_by…) plus `percent`.
	 */
	public static function matches( string $source_lang, string $target_lang, string $text, \WP_User $asker, string $context = '', int $min = self::DEFAULT_MIN, int $limit = self::DEFAULT_LIMIT ): array {
		global $wpdb;
		$key   = Memory_Key::key( $text );
		$words = Fuzzy_Similarity::key_words( $key );
		$m     = count( $words );
		if ( 0 === $m ) {
			return array();
		}
		[ $low, $high ]         = Fuzzy_Similarity::word_count_range( $min, $m );
		$where                  = 'target_lang = %s AND word_count BETWEEN %d AND %d';
		$args                   = array( $target_lang, $low, $high );
		[ $whose, $whose_args ] = Memory_Store::answering( $asker, $context );
		if ( '' !== $source_lang ) {
			$where .= ' AND source_lang = %s';
			$args[] = $source_lang;
		}
		$rows = array();
		foreach ( array_chunk( Word_Index::texts_holding_one_of( $target_lang, self::probe_words( $words, $min ) ), self::TEXTS_A_READ ) as $texts ) {
			$in = implode( ',', array_fill( 0, count( $texts ), '%s' ) );
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.WP.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare, WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the conditions are this class's own; the values are placeholders.
			array_push( $rows, ... (array) $wpdb->get_results( $wpdb->prepare( "SELECT * FROM %i WHERE pair_hash IN ({$in}) AND {$where}{$whose}", array_merge( array( Memory_Table::name() ), $texts, $args, $whose_args ) ) ) );
		}
		// At most CANDIDATES are scored: the strongest, then the newest.
		usort( $rows, static fn( object $a, object $b ): int => ( Memory_Rules::strength( (string) $b->origin ) <=> Memory_Rules::strength( (string) $a->origin ) ) ?: ( Memory_Rules::date_of( (array) $b ) <=> Memory_Rules::date_of( (array) $a ) ) );
		$rows = array_slice( $rows, 0, self::CANDIDATES );
		$best = array();
		foreach ( Unit_Visibility::filter( $asker, $rows ) as $row ) {
			$other   = Fuzzy_Similarity::key_words( (string) $row->match_key );
			$allowed = Fuzzy_Similarity::distance_allowed( $min, $m, count( $other ) );
			$percent = Fuzzy_Similarity::percent_from_distance( Fuzzy_Similarity::distance( $words, $other, $allowed ), $m, count( $other ), $key === (string) $row->match_key );
			$unit    = $row->source_lang . "\0" . $row->key_hash;
			// The asker's own suggestion stands for its text before the unit everyone gets back.
			if ( $percent >= $min && ( ! isset( $best[ $unit ] ) || '' !== (string) $row->suggested_by ) ) {
				$row->percent  = $percent;
				$best[ $unit ] = $row;
			}
		}
		$found = array_values( $best );
		usort( $found, array( self::class, 'better_first' ) );
		return array_slice( $found, 0, max( 1, $limit ) );
	}

	/**
	 * The words a candidate must hold one of: the longest m - k + 1 of the text's m words, k being
	 * the words a match of $min percent shares at least.
	 *
	 * @param list<string> $words The text's words.
	 * @return list<string>
	 */
	private static function probe_words( array $words, int $min ): array {
		$needed = (int) ceil( count( $words ) * $min / 100 );
		$sorted = $words;
		usort( $sorted, static fn( string $a, string $b ): int => mb_strlen( $b ) <=> mb_strlen( $a ) );
		return array_values( array_unique( array_slice( $sorted, 0, count( $words ) - $needed + 1 ) ) );
	}

	/** Higher percentage, then the stronger unit, then the newer, then the source in byte order. */
	private static function better_first( object $a, object $b ): int {
		return ( $b->percent <=> $a->percent )
			?: ( Memory_Rules::strength( (string) $b->origin ) <=> Memory_Rules::strength( (string) $a->origin ) )
			?: ( Memory_Rules::date_of( (array) $b ) <=> Memory_Rules::date_of( (array) $a ) )
			?: strcmp( (string) $a->source, (string) $b->source );
	}
}
