<?php
/**
 * Items in groups, in order, each of at most a number of items and a total size (the texts of one
 * batch request, the rows of one INSERT): a group closes before the item that would go over; an
 * item larger than the size on its own makes a group of one.
 *
 * @package Circassian
 */

namespace Circassian\Translation;

defined( 'ABSPATH' ) || exit;

final class Batches {

	/**
	 * @template T
	 * @param list<T>              $items     In order.
	 * @param callable(T): int     $size_of   An item's size.
	 * @return list<list<T>>
	 */
	public static function of( array $items, int $max_items, int $max_size, callable $size_of ): array {
		$batches = array();
		$current = array();
		$size    = 0;
		foreach ( $items as $item ) {
			$item_size = $size_of( $item );
			if ( $current && ( count( $current ) >= $max_items || $size + $item_size > $max_size ) ) {
				$batches[] = $current;
				$current   = array();
				$size      = 0;
			}
			$current[] = $item;
			$size     += $item_size;
		}
		if ( $current ) {
			$batches[] = $current;
		}
		return $batches;
	}
}
