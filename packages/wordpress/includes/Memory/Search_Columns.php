<?php
/**
 * What each row of the memory's table keeps for searching (Memory_Table version 4), written with
 * every unit stored (Memory_Store) and for the units stored before (Memory_Table): its source's
 * word count and words, case-folded (near matches, Memory_Fuzzy), and both texts as concordance
 * compares them (Memory_Search).
 *
 * @package Circassian
 */

namespace Circassian\Memory;

defined( 'ABSPATH' ) || exit;

final class Search_Columns {

	/** A text as concordance compares it: its memory key, case-folded. */
	public static function fold( string $text ): string {
		return mb_strtolower( Memory_Key::key( $text ), 'UTF-8' );
	}

	/**
	 * The columns of a unit of $source and $target.
	 *
	 * @return array{word_count: int, fuzzy_words: string, folded: string} Words each between spaces, so a LIKE finds a whole word.
	 */
	public static function of( string $source, string $target ): array {
		$words = Fuzzy_Similarity::words( $source );
		return array(
			'word_count'  => min( 65535, count( $words ) ),
			'fuzzy_words' => ' ' . implode( ' ', $words ) . ' ',
			'folded'      => self::fold( $source ) . "\n" . self::fold( $target ),
		);
	}
}
