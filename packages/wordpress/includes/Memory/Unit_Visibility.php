<?php
/**
 * Which units of the memory a person may see (issue 32's trust pass): near matches and concordance
 * show a unit's text, so they show a person only units whose source that person could read. A
 * unit made in a post (`where_made` `post:ID`, Memory_Learning; machine units from the translate
 * route since this rule) is seen by who may edit that post, or read it when it is neither
 * password-protected nor unpublished; for a linked translation the original it was translated from
 * must pass too (its text is the unit's source). A unit of no post (an import, a machine unit of
 * no known post) is everyone's. A unit whose post is gone is seen by nobody but a reviewer: where
 * its text came from can no longer be asked. A reviewer (Teaching_Right) sees every unit.
 *
 * Provenance (who made a unit, in which post) goes with the unit: whoever may see it may see that.
 *
 * @package Circassian
 */

namespace Circassian\Memory;

use Circassian\Translation;

defined( 'ABSPATH' ) || exit;

final class Unit_Visibility {

	/** Whether $user sees every unit: the memory's reviewers. */
	public static function sees_everything( \WP_User $user ): bool {
		return Teaching_Right::may_teach( $user->ID );
	}

	/**
	 * The rows $user may see, in their order.
	 *
	 * @param list<object> $rows Rows of the memory's table (`where_made` read).
	 * @return list<object>
	 */
	public static function filter( \WP_User $user, array $rows ): array {
		if ( self::sees_everything( $user ) ) {
			return $rows;
		}
		$readable = array();
		$kept     = array();
		foreach ( $rows as $row ) {
			$where = (string) $row->where_made;
			if ( ! isset( $readable[ $where ] ) ) {
				$readable[ $where ] = self::may_read_where( $user, $where );
			}
			if ( $readable[ $where ] ) {
				$kept[] = $row;
			}
		}
		return $kept;
	}

	/** Whether $user may read the source of a unit made where $where says ('' for no post). */
	private static function may_read_where( \WP_User $user, string $where ): bool {
		if ( '' === $where ) {
			return true;
		}
		if ( 1 !== preg_match( '/^post:(\d+)$/', $where, $match ) ) {
			// Another tool's place (a file, an entry): no post of this site holds it.
			return true;
		}
		$post = get_post( (int) $match[1] );
		if ( ! $post instanceof \WP_Post || ! self::may_read_post( $user, $post ) ) {
			return false;
		}
		$original = (int) get_post_meta( $post->ID, Translation\Linked_Translations::META_ORIGINAL, true );
		if ( $original <= 0 ) {
			return true;
		}
		$from = get_post( $original );
		return $from instanceof \WP_Post && self::may_read_post( $user, $from );
	}

	/**
	 * Whether $user may read $post's text: may edit it, or it is published and not behind a
	 * password (WordPress's read_post lets anyone "read" a protected post, not its text).
	 */
	private static function may_read_post( \WP_User $user, \WP_Post $post ): bool {
		if ( user_can( $user, 'edit_post', $post->ID ) ) {
			return true;
		}
		return '' === $post->post_password && in_array( get_post_status( $post ), array( 'publish', 'private' ), true ) && user_can( $user, 'read_post', $post->ID );
	}
}
