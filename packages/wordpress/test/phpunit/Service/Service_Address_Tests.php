<?php
/**
 * Service_Address: the addresses the key may go to, and loopback let through for the configured one
 * only.
 */
use Circassian\Service;
use PHPUnit\Framework\TestCase;

final class Service_Address_Tests extends TestCase {

	/**
	 * @testdox the service address must be https, or http on loopback, without query, fragment or credentials
	 */
	public function test_the_service_address_must_be_https_or_http_on_loopback_without_query(): void {
		self::assertSame( 'https://api.example.org/base', Service\Service_Address::check( 'https://api.example.org/base/' ) );
		self::assertSame( 'http://127.0.0.1:8787', Service\Service_Address::check( 'http://127.0.0.1:8787' ) );
		self::assertSame( 'http://localhost:8787', Service\Service_Address::check( 'http://localhost:8787/' ) );
		foreach ( array( 'http://api.example.org', 'http://10.0.0.5:8787', 'https://api.example.org/?x=', 'https://api.example.org/#x', 'https://u:p@api.example.org', 'ftp://127.0.0.1', 'api.example.org', '' ) as $bad ) {
			self::assertTrue( is_wp_error( Service\Service_Address::check( $bad ) ), "{$bad} was accepted" );
		}
	}

	/**
	 * @testdox requests are safe requests: loopback is let through only for the configured host and port
	 */
	public function test_requests_are_safe_requests_loopback_is_let_through_only_for_the(): void {
		$service = json_decode( (string) getenv( 'CIRCASSIAN_TEST_SERVICE' ), true );
		$url     = $service['url'] . '/v1/me';
		self::assertSame( false, wp_http_validate_url( $url ), 'loopback allowed outside the client' );
		self::assertSame( $url, Service\Service_Address::with_access( $service['url'], static fn() => wp_http_validate_url( $url ) ) );
		self::assertSame( false, Service\Service_Address::with_access( $service['url'], static fn() => wp_http_validate_url( 'http://127.0.0.1:1/v1/me' ) ), 'another port' );
		self::assertSame( false, Service\Service_Address::with_access( $service['url'], static fn() => wp_http_validate_url( 'http://10.1.2.3:8787/' ) ), 'a private host' );
		self::assertSame( false, wp_http_validate_url( $url ), 'the filters stayed' );
		$error = ( new Service\Service_Client( 'http://192.168.0.1:8787', $service['key'] ) )->json( 'GET', '/v1/me' );
		self::assertSame( 'connection_error', Service\Service_Error::type_of( $error ) );
		self::assertTrue( str_contains( $error->get_error_message(), 'valid URL' ), 'not refused by the safe request: ' . $error->get_error_message() );
	}
}
