<?php
/**
 * Teaching the memory is a right, not a side effect of publishing: the capability
 * `circassian_teach_memory`, by default every user who may edit others' posts (Editors and
 * above), as Weblate and WPML keep review to reviewers. A role that names the capability itself
 * (granted or denied, with a role editor) decides for its users; the filter
 * `circassian_may_teach_memory` (bool, WP_User) has the last word. A correction by someone without
 * it is kept as their suggestion (Memory_Store): it answers their own translations, and nobody
 * else's until someone with the right accepts it (Memory_Review).
 *
 * @package Circassian
 */

namespace Circassian\Memory;

defined( 'ABSPATH' ) || exit;

final class Teaching_Right {

	public const CAPABILITY = 'circassian_teach_memory';
	/** Who has it when the user's roles do not name it. */
	private const DEFAULT_FROM = 'edit_others_posts';

	public static function hook(): void {
		add_filter( 'user_has_cap', array( self::class, 'grant' ), 10, 4 );
	}

	/**
	 * @param array<string, bool> $allcaps The user's capabilities.
	 * @param list<string>        $caps    The primitive capabilities asked for.
	 * @param array<int, mixed>   $args    The capability asked for, the user's id, and more.
	 * @param \WP_User            $user    The user.
	 * @return array<string, bool>
	 */
	public static function grant( array $allcaps, array $caps, array $args, \WP_User $user ): array {
		if ( ! in_array( self::CAPABILITY, $caps, true ) ) {
			return $allcaps;
		}
		$granted                     = array_key_exists( self::CAPABILITY, $allcaps ) ? (bool) $allcaps[ self::CAPABILITY ] : ! empty( $allcaps[ self::DEFAULT_FROM ] );
		$allcaps[ self::CAPABILITY ] = (bool) apply_filters( 'circassian_may_teach_memory', $granted, $user );
		return $allcaps;
	}

	public static function may_teach( int $user_id ): bool {
		return $user_id > 0 && user_can( $user_id, self::CAPABILITY );
	}
}
