<?php
/**
 * The settings route and page's newer parts: one schema for the key and address on both routes,
 * the service's terms and privacy addresses (validated, stored, in the privacy policy guide), and
 * today's usage from /v1/me.
 */
use Circassian\Connection;
use Circassian\Service_Policies;
use PHPUnit\Framework\TestCase;

final class Settings_Test extends TestCase {

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

	/**
	 * @testdox the terms and privacy addresses are stored from the route, cleared with an empty value, and a non-address is refused with nothing stored
	 */
	public function test_the_terms_and_privacy_addresses_are_stored_from_the_route_cleared_with(): void {
		wp_set_current_user( 1 );
		$saved = circassian_test_rest(
			'POST',
			'/circassian/v1/settings',
			array(
				'terms_url'   => 'https://service.example/terms',
				'privacy_url' => 'https://service.example/privacy',
			)
		);
		self::assertSame( 200, $saved->get_status(), 'save' );
		self::assertSame( 'https://service.example/terms', $saved->get_data()['terms_url'] );
		self::assertSame( 'https://service.example/privacy', circassian_test_rest( 'GET', '/circassian/v1/settings' )->get_data()['privacy_url'] );
		foreach ( array( 'javascript:alert(1)', 'not an address', 'ftp://service.example/terms' ) as $bad ) {
			$refused = circassian_test_rest(
				'POST',
				'/circassian/v1/settings',
				array(
					'terms_url' => $bad,
					'speed'     => 1.5,
				)
			);
			self::assertSame( 400, $refused->get_status(), $bad );
		}
		self::assertSame( 'https://service.example/terms', Service_Policies::settings()['terms_url'], 'kept after refusals' );
		// Through the form's path too (Connection::save), where no schema runs first.
		self::assertTrue( is_wp_error( Connection::save( array( 'privacy_url' => 'javascript:alert(1)' ) ) ), 'form path accepted a script address' );
		self::assertSame( 'https://service.example/privacy', Service_Policies::settings()['privacy_url'] );
		circassian_test_rest( 'POST', '/circassian/v1/settings', array( 'terms_url' => '' ) );
		self::assertSame( '', Service_Policies::settings()['terms_url'], 'cleared' );
		self::assertSame( 'https://service.example/privacy', Service_Policies::settings()['privacy_url'], 'the other stays' );
	}

	/**
	 * @testdox the privacy policy guide gets the plugin's text with the addresses filled in, or asks the owner to fill them in
	 */
	public function test_the_privacy_policy_guide_gets_the_plugin_s_text_with_the_addresses(): void {
		require_once ABSPATH . 'wp-admin/includes/admin.php';
		Service_Policies::save(
			array(
				'terms_url'   => '',
				'privacy_url' => '',
			)
		);
		self::assertTrue( str_contains( Service_Policies::policy_text(), 'Settings > Circassian' ), 'no request to fill them in' );
		Service_Policies::save(
			array(
				'terms_url'   => 'https://service.example/terms',
				'privacy_url' => 'https://service.example/privacy',
			)
		);
		$text = Service_Policies::policy_text();
		self::assertTrue( str_contains( $text, 'href="https://service.example/terms"' ), 'terms link' );
		self::assertTrue( str_contains( $text, 'href="https://service.example/privacy"' ), 'privacy link' );
		self::assertTrue( ! str_contains( $text, 'Settings > Circassian' ), 'still asks for the addresses' );
		self::assertTrue( str_contains( $text, 'published or updated' ), 'post audio on publish is not disclosed' );
		// As in the admin: the guide takes contributions on admin_init only.
		set_current_screen( 'options-privacy' );
		do_action( 'admin_init' );
		$found = array_filter( WP_Privacy_Policy_Content::get_suggested_policy_text(), static fn( $item ) => 'Circassian' === $item['plugin_name'] );
		self::assertSame( 1, count( $found ), 'suggested policy entries' );
		self::assertTrue( str_contains( (string) array_values( $found )[0]['policy_text'], 'https://service.example/privacy' ), 'the guide lacks the address' );
	}

	/**
	 * @testdox "Test connection" reports today's usage when the service sends it, and says it against the daily limits
	 */
	public function test_test_connection_reports_today_s_usage_when_the_service_sends_it_and(): void {
		$service = json_decode( (string) getenv( 'CIRCASSIAN_TEST_SERVICE' ), true );
		$result  = Connection::test(
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
		$message = Connection::usage_message( $result );
		$used    = (int) $result['usage']['requests'];
		self::assertTrue( str_contains( $message, sprintf( 'requests: %s of %s', number_format_i18n( $used ), number_format_i18n( $result['limits']['requests_per_day'] ) ) ), $message );
		self::assertTrue( str_contains( $message, 'translation characters: ' ), $message );
		self::assertTrue( str_contains( $message, 'seconds of speech: ' ), $message );
		// A service that reports no usage: no sentence, nothing invented.
		self::assertSame(
			'',
			Connection::usage_message(
				array(
					'limits' => $result['limits'],
					'usage'  => array(),
				)
			)
		);
	}
}
