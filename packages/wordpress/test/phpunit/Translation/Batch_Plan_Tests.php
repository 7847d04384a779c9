<?php
/**
 * Translation\Batch_Plan: core's planner's rule (packages/core/src/batch-plan.ts): the fewest
 * requests, largest text first into the emptiest request with room, texts in input order within one.
 */
use Circassian\Translation;
use PHPUnit\Framework\TestCase;

final class Batch_Plan_Tests extends TestCase {

	/**
	 * @testdox sixty texts of one length make two requests of thirty, not one of fifty and one of ten
	 */
	public function test_sixty_texts_make_two_even_requests(): void {
		$texts    = array_map( static fn( int $i ): string => sprintf( 'Текст %04d.', $i ), range( 1, 60 ) );
		$requests = Translation\Batch_Plan::requests( $texts, 50, 20000 );
		self::assertSame( array( 30, 30 ), array_map( 'count', $requests ) );
		$sent = array_merge( ...$requests );
		sort( $sent );
		self::assertSame( $texts, $sent, 'every text once' );
		self::assertSame( array_slice( $texts, 0, 1 ), array_slice( $requests[0], 0, 1 ), 'the first text opens the first request' );
	}

	/**
	 * @testdox the largest texts go first, each into the emptiest request with room, and a request keeps its texts in input order
	 */
	public function test_largest_first_into_the_emptiest_request(): void {
		$texts = array( str_repeat( 'a', 60 ), str_repeat( 'b', 50 ), str_repeat( 'c', 40 ), str_repeat( 'd', 30 ), str_repeat( 'e', 20 ) );
		// 200 characters under 100 a request: two at best; 60, 50, 40, 30 fill two to 90 and the 20 fits neither, so three:
		// 60 | 50 + 20 | 40 + 30 (a request after another in the input order of its texts).
		self::assertSame(
			array( array( $texts[0] ), array( $texts[1], $texts[4] ), array( $texts[2], $texts[3] ) ),
			Translation\Batch_Plan::requests( $texts, 50, 100 )
		);
	}

	/**
	 * @testdox a text is sent once however often it comes, an empty one never, and characters are counted as the service counts them (code points)
	 */
	public function test_repeats_and_empty_texts(): void {
		self::assertSame( array( array( 'Сэ', 'КӀуэ' ) ), Translation\Batch_Plan::requests( array( 'Сэ', 'КӀуэ', 'Сэ', '' ), 50, 20000 ) );
		// Two texts of 3 code points (6 bytes each) under a limit of 6: one request.
		self::assertSame( array( array( 'абв', 'где' ) ), Translation\Batch_Plan::requests( array( 'абв', 'где' ), 50, 6 ) );
	}

	/**
	 * @testdox the fewest requests the limits allow: as many as the count or the characters need, whichever is more
	 */
	public function test_the_lower_bound(): void {
		$texts = array_map( static fn( int $i ): string => str_repeat( 'x', 100 + $i ), range( 1, 120 ) );
		self::assertCount( 3, Translation\Batch_Plan::requests( $texts, 50, 20000 ), 'by count: ceil(120 / 50)' );
		self::assertCount( 2, Translation\Batch_Plan::requests( array_slice( $texts, 0, 30 ), 50, 2000 ), 'by characters: ceil(3,465 / 2,000)' );
	}

	/**
	 * @testdox rows of an INSERT are grouped by the same rule; an item larger than a group alone is a group of its own
	 */
	public function test_groups_of_any_items(): void {
		$rows = array(
			array(
				'k' => 'a',
				'n' => 5,
			),
			array(
				'k' => 'b',
				'n' => 12,
			),
			array(
				'k' => 'c',
				'n' => 4,
			),
			array(
				'k' => 'd',
				'n' => 6,
			),
		);
		$size = static fn( array $row ): int => $row['n'];
		// 15 under 10 a group: two groups; 6 opens one, 5 the other, 4 joins the emptier (5); 12 alone.
		self::assertSame( array( array( $rows[3] ), array( $rows[0], $rows[2] ), array( $rows[1] ) ), Translation\Batch_Plan::groups( $rows, 2, 10, $size ) );
	}
}
