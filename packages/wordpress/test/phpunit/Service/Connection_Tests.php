<?php
/**
 * Connection: "Test connection" and the usage it reports.
 */
use Circassian\Service;
use PHPUnit\Framework\TestCase;

final class Connection_Tests extends TestCase {

	/**
	 * @testdox "Test connection" reports today's usage when the service sends it, and says it against the daily limits
	 */
	public function test_test_connection_reports_today_s_usage_when_the_service_sends_it_and(): void {
		$service = json_decode( (string) getenv( 'CIRCASSIAN_TEST_SERVICE' ), true );
		$result  = Service\Connection::test(
			array(
				'api_key'  => $service['key'],
				'base_url' => $service['url'],
			)
		);
		self::assertTrue( is_array( $result ), 'the test failed' );
		// The same counts the service keeps for the key (GET /v1/me counts itself: done before the list).
		$keys  = circassian_test_admin( 'GET', '/admin/keys' )['keys'];
		$today = array_values( array_filter( $keys, static fn( $key ) => $key['prefix'] === $result['prefix'] ) )[0]['usage'];
		self::assertSame( (float) $today['requests'], $result['usage']['requests'], 'requests today' );
		self::assertSame( (float) $today['translate_chars'], $result['usage']['translate_chars'], 'translation characters today' );
		self::assertSame( (float) $today['speech_seconds'], $result['usage']['speech_seconds'], 'speech seconds today' );
		$message = Service\Connection::usage_message( $result );
		$used    = (int) $result['usage']['requests'];
		self::assertTrue( str_contains( $message, sprintf( 'requests per day: %s of %s', number_format_i18n( $used ), number_format_i18n( $result['limits']['requests_per_day'] ) ) ), $message );
		self::assertTrue( str_contains( $message, 'translation characters per day: ' ), $message );
		self::assertTrue( str_contains( $message, 'seconds of audio per day: ' ), $message );
		// A service that reports no usage: no sentence, nothing invented.
		self::assertSame(
			'',
			Service\Connection::usage_message(
				array(
					'limits' => $result['limits'],
					'usage'  => array(),
				)
			)
		);
	}
}
