<?php
/**
 * Concordance: the units whose source or translation holds a word or phrase, compared as memory
 * keys are (NFC, palochka look-alikes as the palochka) and case-folded, so "кIуэ" typed with a
 * Latin I finds "КӀуэ". The table keeps each unit's folded texts (`folded`, Search_Columns): a
 * search is one LIKE on that column and a page of rows, never the whole memory in PHP. Strongest first (reviewed, human, machine), then newer.
 *
 * @package Circassian
 */

namespace Circassian\Memory;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- the memory's own table (Memory_Table): no WordPress API reads it.

final class Memory_Search {

	/** Strongest origin first, then the newer, then the later stored. */
	private const ORDER = "CASE origin WHEN 'reviewed' THEN 2 WHEN 'human' THEN 1 ELSE 0 END DESC, COALESCE(changed, created) DESC, id DESC";

	/**
	 * A page of the units holding $phrase (every unit when it is '') that $asker may see
	 * (Unit_Visibility: a reviewer every unit, suggestions included), with which side holds it.
	 *
	 * @return array{total: int, units: list<object>} Each unit a row of the table plus `found_in`: source, target or both.
	 */
	public static function find( string $phrase, \WP_User $asker, int $page = 1, int $per_page = 20 ): array {
		global $wpdb;
		$table  = Memory_Table::name();
		$wanted = Search_Columns::fold( $phrase );
		$where  = '' === $wanted ? '1 = 1' : 'folded LIKE %s';
		$args   = '' === $wanted ? array( $table ) : array( $table, '%' . $wpdb->esc_like( $wanted ) . '%' );
		$offset = max( 0, $page - 1 ) * $per_page;
		// phpcs:disable WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.WP.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare, WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the condition and order are this class's own; the values are placeholders.
		if ( Unit_Visibility::sees_everything( $asker ) ) {
			$total = (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM %i WHERE {$where}", $args ) );
			$rows  = (array) $wpdb->get_results( $wpdb->prepare( "SELECT * FROM %i WHERE {$where} ORDER BY " . self::ORDER . ' LIMIT %d OFFSET %d', array_merge( $args, array( $per_page, $offset ) ) ) );
		} else {
			// Whose source may be read is WordPress's answer per post, not a column: every hit is
			// read and the page cut from those kept (no suggestion: they are their makers' and the reviewers').
			$seen  = Unit_Visibility::filter( $asker, (array) $wpdb->get_results( $wpdb->prepare( "SELECT * FROM %i WHERE {$where} AND suggested_by = '' ORDER BY " . self::ORDER, $args ) ) );
			$total = count( $seen );
			$rows  = array_slice( $seen, $offset, $per_page );
		}
		// phpcs:enable WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.WP.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare, WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber
		$units = array();
		foreach ( $rows as $row ) {
			$in_source = '' === $wanted || str_contains( Search_Columns::fold( (string) $row->source ), $wanted );
			$in_target = '' !== $wanted && str_contains( Search_Columns::fold( (string) $row->target ), $wanted );
			// A database whose LIKE is looser than the fold (a MySQL collation that ignores accents) may add a row holding neither.
			if ( $in_source || $in_target ) {
				$row->found_in = $in_source && $in_target ? 'both' : ( $in_source ? 'source' : 'target' );
				$units[]       = $row;
			}
		}
		return array(
			'total' => $total,
			'units' => $units,
		);
	}
}
