<?php
/**
 * Daily_Chars: each user's characters of the day, reserved by one conditional update.
 */
use Circassian\Spending;
use PHPUnit\Framework\TestCase;

final class Daily_Chars_Tests extends TestCase {

	/**
	 * @testdox the daily count is reserved by one conditional UPDATE: it stops at the cap, counts as numbers (900 + 100 fits 1,000), and a refund gives back
	 */
	public function test_the_daily_count_is_reserved_by_one_conditional_update_it_stops_at_the(): void {
		$user = circassian_test_user( 'author' );
		self::assertTrue( Spending\Daily_Chars::reserve( $user, 900, 1000 ), 'within the cap' );
		self::assertSame( 900, Spending\Daily_Chars::used( $user ) );
		self::assertTrue( ! Spending\Daily_Chars::reserve( $user, 101, 1000 ), 'over the cap' );
		self::assertTrue( Spending\Daily_Chars::reserve( $user, 100, 1000 ), 'up to the cap' );
		self::assertTrue( ! Spending\Daily_Chars::reserve( $user, 1, 1000 ), 'at the cap' );
		Spending\Daily_Chars::refund( $user, Spending\Daily_Chars::today(), 950 );
		self::assertSame( 50, Spending\Daily_Chars::used( $user ) );
		Spending\Daily_Chars::refund( $user, Spending\Daily_Chars::today(), 60 );
		self::assertSame( 50, Spending\Daily_Chars::used( $user ), 'never below nothing' );
		self::assertTrue( Spending\Daily_Chars::reserve( $user, 0, 1 ), 'nothing to count' );
		// An earlier day's row goes when today's is made.
		add_option( Spending\Daily_Chars::PREFIX . $user . '_2000-01-01', '7', '', false );
		$other = circassian_test_user( 'author' );
		add_option( Spending\Daily_Chars::PREFIX . $other . '_2000-01-01', '7', '', false );
		delete_option( Spending\Daily_Chars::PREFIX . $user . '_' . Spending\Daily_Chars::today() );
		self::assertTrue( Spending\Daily_Chars::reserve( $user, 5, 1000 ), 'a new day' );
		wp_cache_flush();
		self::assertSame( false, get_option( Spending\Daily_Chars::PREFIX . $user . '_2000-01-01' ) );
		self::assertSame( '7', get_option( Spending\Daily_Chars::PREFIX . $other . '_2000-01-01' ), "another user's day is theirs" );
	}
}
