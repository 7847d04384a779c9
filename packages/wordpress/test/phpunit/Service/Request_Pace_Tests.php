<?php
/**
 * Request_Pace: background work waits for room under the key's requests per minute.
 */
use Circassian\Service;
use PHPUnit\Framework\TestCase;

final class Request_Pace_Tests extends TestCase {

	/**
	 * @testdox background work waits for room under the key’s requests per minute
	 */
	public function test_background_work_waits_for_room_under_the_keys_requests_per_minute(): void {
		set_transient( Service\Request_Pace::LIMITS_TRANSIENT, array( 'requests_per_minute' => 3 ), HOUR_IN_SECONDS );
		update_option( Service\Request_Pace::OPTION, array( microtime( true ) - 70, microtime( true ) - 30, microtime( true ) - 20 ), false );
		self::assertSame( 0.0, Service\Request_Pace::wait_seconds(), 'the call older than the window still counts' );
		Service\Request_Pace::record();
		$wait = Service\Request_Pace::wait_seconds();
		self::assertTrue( $wait > 29 && $wait <= 31, "waits {$wait} s, not until the oldest call leaves the window" );
		delete_option( Service\Request_Pace::OPTION );
		delete_transient( Service\Request_Pace::LIMITS_TRANSIENT );
	}
}
