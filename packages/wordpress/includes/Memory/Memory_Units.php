<?php
/**
 * One unit at a time, for someone with the right to teach the memory (Teaching_Right: the callers
 * check it): change a unit's translation, or remove one unit. A changed translation is a person's
 * correction, so it is a human unit (a reviewed one stays reviewed: only a reviewed unit replaces
 * it) changed now by the editor; its creation (who, when) and where it was made stay
 * (Memory_Store's rule for a replacement).
 *
 * @package Circassian
 */

namespace Circassian\Memory;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- the memory's own table (Memory_Table): no WordPress API reads or writes it.

final class Memory_Units {

	/** A unit by its id, or null. */
	public static function get( int $id ): ?object {
		global $wpdb;
		$row = $wpdb->get_row( $wpdb->prepare( 'SELECT * FROM %i WHERE id = %d', Memory_Table::name(), $id ) );
		return is_object( $row ) ? $row : null;
	}

	/**
	 * Gives a unit everyone gets back a new translation, as $editor's correction.
	 *
	 * @return true|\WP_Error Why not: no such unit, a suggestion (accepted from the review, not edited), an empty translation.
	 */
	public static function edit( int $id, string $target, \WP_User $editor ): true | \WP_Error {
		$unit = self::get( $id );
		if ( null === $unit ) {
			return self::gone();
		}
		if ( '' !== (string) $unit->suggested_by ) {
			return new \WP_Error( 'circassian_edit_suggestion', __( 'That is a suggestion: accept it in “Corrections and suggestions” first, then change it here.', 'circassian' ), array( 'status' => 409 ) );
		}
		if ( '' === Memory_Key::split( $target )['core'] ) {
			return new \WP_Error( 'circassian_empty_translation', __( 'The translation is empty: type one, or remove the unit instead.', 'circassian' ), array( 'status' => 400 ) );
		}
		Memory_Store::store(
			array(
				array(
					'source_lang' => (string) $unit->source_lang,
					'target_lang' => (string) $unit->target_lang,
					'source'      => (string) $unit->source,
					'target'      => $target,
					'origin'      => 'reviewed' === $unit->origin ? 'reviewed' : 'human',
					// A change later than the unit's own date, even when that date is ahead of this clock (an import's).
					'changed'     => max( gmdate( 'Y-m-d H:i:s' ), Memory_Rules::date_of( (array) $unit ) ),
					'created'     => (string) $unit->created,
					'creator'     => '' !== (string) $unit->creator ? (string) $unit->creator : (string) $editor->user_login,
					'creator_id'  => (int) $unit->creator_id,
					'changer'     => (string) $editor->user_login,
					'where'       => (string) $unit->where_made,
					'context'     => (string) $unit->context,
				),
			)
		);
		return true;
	}

	/**
	 * Removes one unit (a suggestion too).
	 *
	 * @return true|\WP_Error Why not: no such unit.
	 */
	public static function delete( int $id ): true | \WP_Error {
		global $wpdb;
		$removed = $wpdb->delete( Memory_Table::name(), array( 'id' => $id ), array( '%d' ) );
		if ( $removed ) {
			Word_Index::prune( Memory_Table::name() );
		}
		return $removed ? true : self::gone();
	}

	private static function gone(): \WP_Error {
		return new \WP_Error( 'circassian_no_unit', __( 'That unit is not in the memory any more (changed or removed meanwhile).', 'circassian' ), array( 'status' => 404 ) );
	}
}
