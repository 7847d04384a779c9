<?php
/**
 * What the memory keeps when a unit comes where one is already kept, the rules core's stores
 * follow (packages/core/src/memory/memory-rules.ts): strength reviewed > human > machine, a
 * weaker unit never replacing a stronger one; within one origin the newer (changed, else created)
 * wins, so an import of an older unit never replaces a newer one, and a reviewed unit is replaced
 * only by a newer reviewed one; the same translation of the same origin changes nothing. A
 * suggestion is compared only with the same person's suggestion, by the same rules.
 *
 * @package Circassian
 */

namespace Circassian\Memory;

defined( 'ABSPATH' ) || exit;

final class Memory_Rules {

	/** Every origin, weakest first. */
	public const ORIGINS = array( 'machine', 'human', 'reviewed' );
	/** What store() does with a unit: store it, or keep what is there, and why. */
	public const STORE         = 'store';
	public const SAME          = 'same';
	public const KEPT_HUMAN    = 'kept_human';
	public const KEPT_REVIEWED = 'kept_reviewed';
	public const KEPT_NEWER    = 'kept_newer';

	public static function strength( string $origin ): int {
		return (int) array_search( $origin, self::ORIGINS, true );
	}

	/**
	 * @param array{target: string, origin: string, created: string, changed?: ?string}|null $existing The unit kept there, if any.
	 * @param array{target: string, origin: string, created: string, changed?: ?string}      $incoming Dates as MySQL DATETIME (UTC).
	 */
	public static function decide( ?array $existing, array $incoming ): string {
		if ( null === $existing ) {
			return self::STORE;
		}
		if ( $existing['target'] === $incoming['target'] && $existing['origin'] === $incoming['origin'] ) {
			return self::SAME;
		}
		$stronger = self::strength( $incoming['origin'] ) <=> self::strength( $existing['origin'] );
		if ( 0 !== $stronger ) {
			return $stronger > 0 ? self::STORE : ( 'machine' === $incoming['origin'] ? self::KEPT_HUMAN : self::KEPT_REVIEWED );
		}
		return self::date_of( $incoming ) < self::date_of( $existing ) ? self::KEPT_NEWER : self::STORE;
	}

	/**
	 * When a unit's translation was last written.
	 *
	 * @param array{created: string, changed?: ?string} $unit
	 */
	public static function date_of( array $unit ): string {
		return (string) ( $unit['changed'] ?? '' ) !== '' ? (string) $unit['changed'] : $unit['created'];
	}
}
