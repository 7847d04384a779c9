<?php
/**
 * What a reviewer sees of the memory and does with it: the units people wrote (corrections and
 * suggestions), newest first, with who, when and where; the people who wrote them; accepting a
 * suggestion (it becomes the unit everyone gets back, changed by the reviewer); and removing
 * everything one person taught. Who may: Teaching_Right.
 *
 * @package Circassian
 */

namespace Circassian\Memory;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- the memory's own table (Memory_Table): no WordPress API reads or writes it.

final class Memory_Review {

	/** Units people wrote: corrections everyone gets back, and suggestions. */
	private const BY_PEOPLE = "( origin IN ('human', 'reviewed') OR suggested_by <> '' )";
	/** Who wrote a unit's translation as it is: its changer, else its creator (a suggestion's is its creator). */
	private const AUTHOR = "( CASE WHEN changer <> '' THEN changer ELSE creator END )";

	/**
	 * The newest units people wrote, of one person or everyone's.
	 *
	 * @return list<object{id: string, source_lang: string, target_lang: string, source: string, target: string, origin: string, created: string, changed: ?string, creator: string, changer: string, where_made: string, suggested_by: string}>
	 */
	public static function recent( string $person = '', int $limit = 100 ): array {
		global $wpdb;
		$columns = 'id, source_lang, target_lang, source, target, origin, created, changed, creator, changer, where_made, suggested_by';
		// phpcs:disable WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.WP.PreparedSQL.NotPrepared -- the columns and conditions are this class's own constants.
		$rows = '' === $person
			? $wpdb->get_results( $wpdb->prepare( "SELECT {$columns} FROM %i WHERE " . self::BY_PEOPLE . ' ORDER BY COALESCE(changed, created) DESC, id DESC LIMIT %d', Memory_Table::name(), $limit ) )
			: $wpdb->get_results( $wpdb->prepare( "SELECT {$columns} FROM %i WHERE " . self::BY_PEOPLE . ' AND ' . self::AUTHOR . ' = %s ORDER BY COALESCE(changed, created) DESC, id DESC LIMIT %d', Memory_Table::name(), $person, $limit ) );
		// phpcs:enable WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.WP.PreparedSQL.NotPrepared
		return array_values( (array) $rows );
	}

	/**
	 * Everyone who wrote a unit people wrote, by name, with how many.
	 *
	 * @return array<string, int>
	 */
	public static function people(): array {
		global $wpdb;
		// phpcs:disable WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQL.NotPrepared, WordPress.WP.PreparedSQL.NotPrepared -- the columns and conditions are this class's own constants.
		$rows = (array) $wpdb->get_results( $wpdb->prepare( 'SELECT ' . self::AUTHOR . ' AS person, COUNT(*) AS units FROM %i WHERE ' . self::BY_PEOPLE . ' GROUP BY ' . self::AUTHOR . ' ORDER BY person', Memory_Table::name() ) );
		// phpcs:enable WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQL.NotPrepared, WordPress.WP.PreparedSQL.NotPrepared
		$people = array();
		foreach ( $rows as $row ) {
			if ( '' !== (string) $row->person ) {
				$people[ (string) $row->person ] = (int) $row->units;
			}
		}
		return $people;
	}

	/**
	 * Accepts a suggestion: it becomes the unit everyone gets back (human, or reviewed where a
	 * reviewed unit stands, which only a reviewed one replaces), changed now by the reviewer, and
	 * the suggestion goes.
	 *
	 * @return true|\WP_Error Why not: no such suggestion, or a newer unit is kept.
	 */
	public static function accept( int $id, \WP_User $reviewer ): true | \WP_Error {
		global $wpdb;
		$table      = Memory_Table::name();
		$suggestion = $wpdb->get_row( $wpdb->prepare( "SELECT * FROM %i WHERE id = %d AND suggested_by <> ''", $table, $id ) );
		if ( ! is_object( $suggestion ) ) {
			return new \WP_Error( 'circassian_no_suggestion', __( 'That suggestion is not in the memory any more (accepted or removed meanwhile).', 'circassian' ), array( 'status' => 404 ) );
		}
		$standing = $wpdb->get_var( $wpdb->prepare( "SELECT origin FROM %i WHERE source_lang = %s AND target_lang = %s AND key_hash = %s AND context_hash = %s AND suggested_by = ''", $table, $suggestion->source_lang, $suggestion->target_lang, $suggestion->key_hash, $suggestion->context_hash ) );
		$result   = Memory_Store::store(
			array(
				array(
					'source_lang' => (string) $suggestion->source_lang,
					'target_lang' => (string) $suggestion->target_lang,
					'source'      => (string) $suggestion->source,
					'target'      => (string) $suggestion->target,
					'origin'      => 'reviewed' === $standing ? 'reviewed' : 'human',
					'created'     => (string) $suggestion->created,
					'changed'     => gmdate( 'Y-m-d H:i:s' ),
					'creator'     => (string) $suggestion->creator,
					'creator_id'  => (int) $suggestion->creator_id,
					'changer'     => (string) $reviewer->user_login,
					'where'       => (string) $suggestion->where_made,
					'context'     => (string) $suggestion->context,
				),
			)
		);
		if ( $result['kept_newer'] > 0 ) {
			return new \WP_Error( 'circassian_kept_newer', __( 'A newer translation of that text is in the memory: the suggestion was kept as it is.', 'circassian' ), array( 'status' => 409 ) );
		}
		$wpdb->delete( $table, array( 'id' => $id ), array( '%d' ) );
		return true;
	}

	/** Removes everything one person wrote: their corrections (human or reviewed) and suggestions; returns how many. */
	public static function remove_by( string $person ): int {
		if ( '' === $person ) {
			return 0;
		}
		return Memory_Store::remove(
			array(
				'by'     => $person,
				'origin' => 'human',
			)
		) + Memory_Store::remove(
			array(
				'by'     => $person,
				'origin' => 'reviewed',
			)
		) + Memory_Store::remove(
			array(
				'by'         => $person,
				'suggestion' => true,
			)
		);
	}
}
