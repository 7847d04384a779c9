<?php
/**
 * Fuzzy_Similarity against shared/vectors/fuzzy.json, the cases core's fuzzy-similarity.ts is held
 * to: a near match has the same percentage in WordPress as in the CLI, VS Code and Strapi.
 */
use Circassian\Memory\Fuzzy_Similarity;
use PHPUnit\Framework\TestCase;

final class Fuzzy_Similarity_Tests extends TestCase {

	/**
	 * @testdox every pair of shared/vectors/fuzzy.json has its percentage, both ways round, as core gives it
	 */
	public function test_every_pair_of_the_shared_vectors_has_its_percentage_both_ways(): void {
		$cases = circassian_test_shared_vectors( 'fuzzy.json' )['cases'];
		self::assertGreaterThanOrEqual( 21, count( $cases ), 'the vectors are there' );
		foreach ( $cases as $case ) {
			self::assertSame( $case['percent'], Fuzzy_Similarity::similarity( $case['a'], $case['b'] ), $case['why'] );
			self::assertSame( $case['percent'], Fuzzy_Similarity::similarity( $case['b'], $case['a'] ), $case['why'] . ' (the other way round)' );
		}
	}

	/**
	 * @testdox the word counts a minimum allows are exactly those whose difference fits the distance it allows, for every minimum and text of up to 60 words
	 */
	public function test_the_word_count_range_is_exactly_the_counts_the_minimum_allows(): void {
		foreach ( array( 1, 50, 74, 75, 76, 90, 99, 100 ) as $min ) {
			for ( $m = 1; $m <= 60; $m++ ) {
				$allowed = array_values( array_filter( range( 1, 7000 ), static fn( int $n ): bool => abs( $m - $n ) <= Fuzzy_Similarity::distance_allowed( $min, $m, $n ) ) );
				self::assertSame( array( $allowed[0], end( $allowed ) ), Fuzzy_Similarity::word_count_range( $min, $m ), "min {$min}, {$m} words" );
				self::assertCount( end( $allowed ) - $allowed[0] + 1, $allowed, 'one run of counts' );
			}
		}
	}

	/**
	 * @testdox a distance that must pass its limit stops early and says so
	 */
	public function test_a_distance_past_its_limit_stops(): void {
		self::assertSame( 2, Fuzzy_Similarity::distance( array( 'a', 'b' ), array( 'b', 'a' ) ) );
		self::assertSame( PHP_INT_MAX, Fuzzy_Similarity::distance( array( 'a', 'b', 'c', 'd' ), array( 'w', 'x', 'y', 'z' ), 1 ) );
		self::assertSame( 0, Fuzzy_Similarity::percent_from_distance( PHP_INT_MAX, 4, 4, false ) );
	}
}
