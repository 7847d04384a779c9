<?php
/**
 * The settings routes: the key and address by one schema, the key never shown, bad addresses
 * refused.
 */
use Circassian\Service;
use PHPUnit\Framework\TestCase;

final class Settings_Controller_Tests extends TestCase {

	/**
	 * @testdox the settings route shows the key prefix and source, never the key
	 */
	public function test_the_settings_route_shows_the_key_prefix_and_source_never_the_key(): void {
		wp_set_current_user( 1 );
		$response = circassian_test_rest( 'GET', '/circassian/v1/settings' );
		self::assertSame( 200, $response->get_status() );
		$body = wp_json_encode( $response->get_data() );
		$key  = Service\Settings::api_key()['value'];
		self::assertTrue( ! str_contains( $body, substr( $key, strpos( $key, '.' ) + 1 ) ), 'the secret is in the response' );
		self::assertSame( 'database', $response->get_data()['key_source'] );
	}

	/**
	 * @testdox the settings route refuses an address with a query (it would swallow the paths) or plain http to another host
	 */
	public function test_the_settings_route_refuses_an_address_with_a_query_it_would_swallow(): void {
		wp_set_current_user( 1 );
		$before = get_option( Service\Settings::BASE_URL_OPTION );
		foreach ( array( 'http://127.0.0.1:9/?x=', 'http://internal.example/', 'https://api.example.org/#frag' ) as $bad ) {
			$response = circassian_test_rest( 'POST', '/circassian/v1/settings', array( 'base_url' => $bad ) );
			self::assertSame( 400, $response->get_status(), $bad );
		}
		self::assertSame( $before, get_option( Service\Settings::BASE_URL_OPTION ), 'stored address' );
	}

	/**
	 * @testdox the settings route and the test route take the key and address by one schema
	 */
	public function test_the_settings_route_and_the_test_route_take_the_key_and_address_by_one(): void {
		$routes = rest_get_server()->get_routes( 'circassian/v1' );
		$update = null;
		foreach ( $routes['/circassian/v1/settings'] as $handler ) {
			if ( isset( $handler['methods']['POST'] ) ) {
				$update = $handler['args'];
			}
		}
		$test = $routes['/circassian/v1/settings/test'][0]['args'];
		// confirm_address: the typed address the saved key may go to (the test route's own).
		self::assertSame( array( 'api_key', 'base_url', 'confirm_address' ), array_keys( $test ), 'test route arguments' );
		self::assertTrue( ! isset( $update['confirm_address'] ), 'the settings route stores no confirmation' );
		self::assertSame( $test['api_key'], $update['api_key'], 'api_key schema' );
		self::assertSame( 'string', $update['base_url']['type'], 'base_url type' );
		self::assertSame( ' http://x ', ' ' . $update['base_url']['sanitize_callback']( '  http://x  ' ) . ' ', 'base_url is trimmed' );
	}
}
