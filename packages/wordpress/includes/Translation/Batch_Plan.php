<?php
/**
 * Items in the fewest groups, each of at most a number of items and a total size: the texts of
 * one batch translation request, the rows of one INSERT. The rule is core's planner's
 * (packages/core/src/batch-plan.ts), held to the same vectors (shared/vectors/batch-plan.json):
 * largest first, each into the emptiest group that still has room (by count and by size), starting
 * from the lower bound max(ceil(items / max items), ceil(size / max size)) and opening one group
 * more only when that fails. Within a group, items keep their input order. An item larger than a
 * group on its own is a group of its own (core splits such a text at sentence ends; the routes here
 * never take one).
 *
 * @package Circassian
 */

namespace Circassian\Translation;

defined( 'ABSPATH' ) || exit;

final class Batch_Plan {

	/**
	 * The texts of batch requests: each distinct non-empty text once, in the fewest requests.
	 *
	 * @param list<string> $texts In order; repeats and empty texts are sent once and never.
	 * @return list<list<string>> Each request's texts, in the order they first appear.
	 */
	public static function requests( array $texts, int $max_texts, int $max_chars ): array {
		$distinct = array_values( array_filter( array_unique( $texts ), static fn( string $text ): bool => '' !== $text ) );
		return self::groups( $distinct, $max_texts, $max_chars, 'mb_strlen' );
	}

	/**
	 * @template T
	 * @param list<T>          $items     In order.
	 * @param callable(T): int $size_of   An item's size (a text's characters as the service counts them: code points).
	 * @return list<list<T>>
	 */
	public static function groups( array $items, int $max_items, int $max_size, callable $size_of ): array {
		$sizes = array_map( static fn( $item ): int => (int) $size_of( $item ), $items );
		$fit   = array();
		$alone = array();
		foreach ( $sizes as $index => $size ) {
			if ( $size > $max_size ) {
				$alone[] = $index;
			} else {
				$fit[] = $index;
			}
		}
		$bins = array();
		if ( $fit ) {
			// Largest first; equal sizes in input order.
			usort( $fit, static fn( int $a, int $b ): int => $sizes[ $b ] <=> $sizes[ $a ] ?: $a <=> $b );
			$total = array_sum( array_map( static fn( int $index ): int => $sizes[ $index ], $fit ) );
			$count = max( (int) ceil( count( $fit ) / $max_items ), (int) ceil( $total / $max_size ) );
			do {
				$bins = self::pack( $fit, $sizes, $count, $max_items, $max_size );
				++$count;
			} while ( null === $bins );
		}
		$groups = array();
		foreach ( $bins as $members ) {
			if ( $members ) {
				sort( $members );
				$groups[] = array_map( static fn( int $index ) => $items[ $index ], $members );
			}
		}
		foreach ( $alone as $index ) {
			$groups[] = array( $items[ $index ] );
		}
		return $groups;
	}

	/**
	 * One try at $count groups: each item, in $order, into the emptiest group with room.
	 *
	 * @param list<int> $order Indexes, largest first.
	 * @param list<int> $sizes By index.
	 * @return list<list<int>>|null The groups' indexes, or null when an item found no room.
	 */
	private static function pack( array $order, array $sizes, int $count, int $max_items, int $max_size ): ?array {
		$members = array_fill( 0, $count, array() );
		$filled  = array_fill( 0, $count, 0 );
		foreach ( $order as $index ) {
			$target = null;
			for ( $bin = 0; $bin < $count; $bin++ ) {
				if ( count( $members[ $bin ] ) >= $max_items || $filled[ $bin ] + $sizes[ $index ] > $max_size ) {
					continue;
				}
				if ( null === $target || $filled[ $bin ] < $filled[ $target ] ) {
					$target = $bin;
				}
			}
			if ( null === $target ) {
				return null;
			}
			$members[ $target ][] = $index;
			$filled[ $target ]   += $sizes[ $index ];
		}
		return $members;
	}
}
