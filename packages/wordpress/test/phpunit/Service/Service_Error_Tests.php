<?php
/**
 * Service_Error: an error's type as the interface names it, and messages without the key.
 */
use Circassian\Service;
use PHPUnit\Framework\TestCase;

final class Service_Error_Tests extends TestCase {

	/**
	 * @testdox an error made from the service's answer keeps its type, status and Retry-After; an error of WordPress's own has none
	 */
	public function test_an_error_keeps_its_type_status_and_retry_after(): void {
		$error = Service\Service_Error::make( 'rate_limited', 'Slow down.', 429, 30 );
		self::assertSame( 'rate_limited', Service\Service_Error::type_of( $error ) );
		self::assertSame( 429, $error->get_error_data()['status'] );
		self::assertSame( 30, $error->get_error_data()['retry_after'] ?? null, wp_json_encode( $error->get_error_data() ) );
		self::assertSame( '', Service\Service_Error::type_of( new WP_Error( 'http_request_failed', 'cURL error' ) ) );
	}
}
