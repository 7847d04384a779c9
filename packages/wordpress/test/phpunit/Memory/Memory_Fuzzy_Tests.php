<?php
/**
 * Memory_Fuzzy: near matches from the site's table, as a person translating sees them.
 */
use Circassian\Memory;
use PHPUnit\Framework\TestCase;

final class Memory_Fuzzy_Tests extends TestCase {

	/** A unit of English into Kabardian. */
	private static function unit( string $source, string $target, string $origin = 'machine', array $more = array() ): array {
		return $more + array(
			'source_lang' => 'en',
			'target_lang' => 'kbd',
			'source'      => $source,
			'target'      => $target,
			'origin'      => $origin,
			'created'     => '2026-01-01 00:00:00',
		);
	}

	/** @return list<string> The matches' sources and percentages, best first. */
	private static function found( string $text, ?WP_User $asker = null, string $context = '', int $min = 75, int $limit = 3, string $source = 'en' ): array {
		return array_map(
			static fn( object $row ): string => $row->percent . ' ' . $row->source . ' = ' . $row->target,
			Memory\Memory_Fuzzy::matches( $source, 'kbd', $text, $asker ?? get_userdata( 1 ), $context, $min, $limit )
		);
	}

	/**
	 * @testdox near matches reach the minimum of 75 %, the best 3 first, palochka look-alikes and case aside, the exact one at 100
	 */
	public function test_near_matches_reach_the_minimum_best_three_first(): void {
		Memory\Memory_Store::clear();
		Memory\Memory_Store::store(
			array(
				self::unit( 'Save the file before closing the window', 'A' ),
				self::unit( 'Save the file before closing this window', 'B' ),
				self::unit( 'Save the file before closing this window now', 'C' ),
				self::unit( 'save the file before closing the window!', 'D' ),
				self::unit( 'Open the file', 'E' ),
				self::unit( 'Save the file', 'F' ),
			)
		);
		self::assertSame(
			array(
				'100 Save the file before closing the window = A',
				'99 save the file before closing the window! = D',
				'85 Save the file before closing this window = B',
			),
			self::found( '  Save the file before closing the window ' )
		);
		self::assertSame( array( '99 save the file before closing the window! = D', '85 Save the file before closing this window = B', '75 Save the file before closing this window now = C' ), array_slice( self::found( 'Save the file before closing the window', null, '', 75, 4 ), 1 ), 'a fourth when asked: 6 of 8 words is 75' );
		self::assertSame( array(), self::found( 'Close the door' ), 'nothing alike' );
		self::assertSame( array(), self::found( 'Save the file before closing the window', null, '', 75, 3, 'ru' ), 'another source language' );
		Memory\Memory_Store::store( array( self::unit( 'Уи пщэддджыжь фӀыуэ къыздэфлъагъу', 'K' ) ) );
		self::assertSame( array( '99 Уи пщэддджыжь фӀыуэ къыздэфлъагъу = K' ), self::found( 'уи пщэддджыжь фIыуэ къыздэфлъагъу!' ), 'a Latin I for the palochka, another case' );
		Memory\Memory_Store::clear();
	}

	/**
	 * @testdox of two matches of the same percentage the stronger unit comes first (reviewed, human, machine), then the newer
	 */
	public function test_the_stronger_unit_wins_ties(): void {
		Memory\Memory_Store::clear();
		Memory\Memory_Store::store(
			array(
				self::unit( 'Open the red file now', 'machine new', 'machine', array( 'created' => '2026-03-01 00:00:00' ) ),
				self::unit( 'Open the blue file now', 'human old', 'human', array( 'created' => '2026-01-01 00:00:00' ) ),
				self::unit( 'Open the green file now', 'reviewed', 'reviewed', array( 'created' => '2025-01-01 00:00:00' ) ),
				self::unit( 'Open the white file now', 'human new', 'human', array( 'created' => '2026-02-01 00:00:00' ) ),
			)
		);
		self::assertSame(
			array( '80 Open the green file now = reviewed', '80 Open the white file now = human new', '80 Open the blue file now = human old' ),
			self::found( 'Open the black file now' )
		);
		Memory\Memory_Store::clear();
	}

	/**
	 * @testdox a suggestion is a near match only for the person who made it, and stands before the unit of its text for them; units of another context never match
	 */
	public function test_suggestions_answer_their_author_only_and_contexts_are_kept_apart(): void {
		Memory\Memory_Store::clear();
		$author = get_userdata( circassian_test_user( 'author' ) );
		$other  = get_userdata( circassian_test_user( 'author' ) );
		Memory\Memory_Store::store(
			array(
				self::unit( 'Delete this message', 'everyone' ),
				self::unit(
					'Delete this message',
					'mine',
					'human',
					array(
						'suggestion' => true,
						'creator'    => $author->user_login,
						'creator_id' => $author->ID,
					)
				),
				self::unit( 'Delete this message', 'as a verb', 'human', array( 'context' => 'menu' ) ),
			)
		);
		self::assertSame( array( '75 Delete this message = mine' ), self::found( 'Delete this message permanently', $author ) );
		self::assertSame( array( '75 Delete this message = everyone' ), self::found( 'Delete this message permanently', $other ) );
		self::assertSame( array( '75 Delete this message = as a verb' ), self::found( 'Delete this message permanently', $other, 'menu' ) );
		Memory\Memory_Store::clear();
	}

	/**
	 * @testdox the table's prefilter leaves out no unit the formula keeps: 300 random texts against every unit scored one by one
	 */
	public function test_the_prefilter_leaves_out_no_match(): void {
		Memory\Memory_Store::clear();
		$vocabulary = array( 'open', 'the', 'file', 'save', 'window', 'кӀуэ', 'уи', 'фӀыуэ', 'now', 'red', 'a' );
		$sentence   = static function () use ( $vocabulary ): string {
			$words = array();
			for ( $i = wp_rand( 1, 7 ); $i > 0; $i-- ) {
				$words[] = $vocabulary[ wp_rand( 0, count( $vocabulary ) - 1 ) ];
			}
			return implode( ' ', $words );
		};
		$units      = array();
		for ( $i = 0; $i < 300; $i++ ) {
			$units[] = self::unit( $sentence(), "t{$i}" );
		}
		Memory\Memory_Store::store( $units );
		$sources = array_values( array_unique( array_map( static fn( object $row ): string => (string) $row->source, iterator_to_array( Memory\Memory_Store::units(), false ) ) ) );
		for ( $i = 0; $i < 40; $i++ ) {
			$text     = $sentence();
			$expected = array();
			foreach ( $sources as $source ) {
				if ( Memory\Fuzzy_Similarity::similarity( $text, $source ) >= 60 ) {
					$expected[] = $source;
				}
			}
			$got = array_map( static fn( object $row ): string => (string) $row->source, Memory\Memory_Fuzzy::matches( 'en', 'kbd', $text, get_userdata( 1 ), '', 60, 1000 ) );
			sort( $expected );
			sort( $got );
			self::assertSame( $expected, $got, $text );
		}
		Memory\Memory_Store::clear();
	}
}
