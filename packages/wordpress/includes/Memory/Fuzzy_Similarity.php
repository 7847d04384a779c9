<?php
/**
 * How alike two source texts are, as a near match's percentage: core's fuzzy-similarity.ts in PHP
 * (packages/core/src/memory/fuzzy-similarity.ts has the formula and why). Both texts are read as
 * memory keys (Memory_Key: NFC, palochka look-alikes replaced, surrounding whitespace removed),
 * case-folded, and cut into words (runs of letters, combining marks and digits). With d the
 * word-level edit distance and m, n the word counts:
 *
 *     percent = 100 when the memory keys are equal;
 *             = min(99, floor(100 * (1 - d / max(m, n)))) otherwise (0 when neither has a word).
 *
 * shared/vectors/fuzzy.json holds this class and core to the same cases
 * (test/phpunit/Memory/Fuzzy_Similarity_Tests.php).
 *
 * @package Circassian
 */

namespace Circassian\Memory;

defined( 'ABSPATH' ) || exit;

final class Fuzzy_Similarity {

	/** A word: a run of letters, combining marks and digits. */
	private const WORD = '/[\p{L}\p{M}\p{N}]+/u';

	/**
	 * The words a text is compared by.
	 *
	 * @return list<string>
	 */
	public static function words( string $text ): array {
		return self::key_words( Memory_Key::key( $text ) );
	}

	/**
	 * The words of a text already in its memory-key form.
	 *
	 * @return list<string>
	 */
	public static function key_words( string $key ): array {
		return preg_match_all( self::WORD, mb_strtolower( $key, 'UTF-8' ), $found ) ? $found[0] : array();
	}

	/**
	 * The word-level edit distance (insert, delete or replace one word: 1), or PHP_INT_MAX as soon
	 * as it must exceed $limit (a hopeless candidate costs a row or two).
	 *
	 * @param list<string> $a Words.
	 * @param list<string> $b Words.
	 */
	public static function distance( array $a, array $b, int $limit = PHP_INT_MAX ): int {
		$m = count( $a );
		$n = count( $b );
		if ( abs( $m - $n ) > $limit ) {
			return PHP_INT_MAX;
		}
		if ( 0 === $m || 0 === $n ) {
			return max( $m, $n );
		}
		$previous = range( 0, $n );
		for ( $i = 1; $i <= $m; $i++ ) {
			$current = array( $i );
			$row_min = $i;
			$word    = $a[ $i - 1 ];
			for ( $j = 1; $j <= $n; $j++ ) {
				$value         = min( $previous[ $j - 1 ] + ( $word === $b[ $j - 1 ] ? 0 : 1 ), $previous[ $j ] + 1, $current[ $j - 1 ] + 1 );
				$current[ $j ] = $value;
				$row_min       = min( $row_min, $value );
			}
			if ( $row_min > $limit ) {
				return PHP_INT_MAX;
			}
			$previous = $current;
		}
		return $previous[ $n ];
	}

	/** The percentage of the formula above, for words already cut and the keys' equality known. */
	public static function percent_from_distance( int $distance, int $m, int $n, bool $same_key ): int {
		if ( $same_key ) {
			return 100;
		}
		$longest = max( $m, $n );
		if ( 0 === $longest || PHP_INT_MAX === $distance ) {
			return 0;
		}
		return min( 99, intdiv( 100 * ( $longest - $distance ), $longest ) );
	}

	/** How alike two source texts are, 0 to 100. */
	public static function similarity( string $a, string $b ): int {
		$words_a = self::words( $a );
		$words_b = self::words( $b );
		return self::percent_from_distance( self::distance( $words_a, $words_b ), count( $words_a ), count( $words_b ), Memory_Key::key( $a ) === Memory_Key::key( $b ) );
	}

	/** The largest word distance a match of $min percent allows between texts of $m and $n words. */
	public static function distance_allowed( int $min, int $m, int $n ): int {
		return intdiv( max( $m, $n ) * ( 100 - $min ), 100 );
	}

	/**
	 * The word counts a match of $min percent can have against a text of $m words (|m - n| is at
	 * least the distance): from m - floor(m * (100 - min) / 100) to floor(m * 100 / min).
	 *
	 * @return array{0: int, 1: int}
	 */
	public static function word_count_range( int $min, int $m ): array {
		return array( $m - self::distance_allowed( $min, $m, $m ), intdiv( $m * 100, max( 1, $min ) ) );
	}
}
