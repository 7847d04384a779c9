<?php
/**
 * Who may point the key where, who may spend it, and what the service's answers may store.
 */
use Circassian\Access;
use Circassian\Daily_Chars;
use Circassian\Service_Address;
use Circassian\Service_Client;
use Circassian\Service_Error;
use Circassian\Settings;
use PHPUnit\Framework\TestCase;

function circassian_test_user( string $role ): int {
	return (int) wp_insert_user(
		array(
			'user_login' => $role . '-' . wp_rand(),
			'user_pass'  => wp_generate_password(),
			'role'       => $role,
		)
	);
}

/** What an editor's "Translate" sends for a short paragraph: two words into Kabardian. */
function circassian_test_translate_good_morning(): WP_REST_Response {
	return circassian_test_rest(
		'POST',
		'/circassian/v1/translate',
		array(
			'texts'       => array( 'good morning' ),
			'target_lang' => 'kbd',
		)
	);
}

final class Security_Test extends TestCase {

	/**
	 * @testdox the service address must be https, or http on loopback, without query, fragment or credentials
	 */
	public function test_the_service_address_must_be_https_or_http_on_loopback_without_query(): void {
		self::assertSame( 'https://api.example.org/base', Service_Address::check( 'https://api.example.org/base/' ) );
		self::assertSame( 'http://127.0.0.1:8787', Service_Address::check( 'http://127.0.0.1:8787' ) );
		self::assertSame( 'http://localhost:8787', Service_Address::check( 'http://localhost:8787/' ) );
		foreach ( array( 'http://api.example.org', 'http://10.0.0.5:8787', 'https://api.example.org/?x=', 'https://api.example.org/#x', 'https://u:p@api.example.org', 'ftp://127.0.0.1', 'api.example.org', '' ) as $bad ) {
			self::assertTrue( is_wp_error( Service_Address::check( $bad ) ), "{$bad} was accepted" );
		}
	}

	/**
	 * @testdox the settings route refuses an address with a query (it would swallow the paths) or plain http to another host
	 */
	public function test_the_settings_route_refuses_an_address_with_a_query_it_would_swallow(): void {
		wp_set_current_user( 1 );
		$before = get_option( Settings::BASE_URL_OPTION );
		foreach ( array( 'http://127.0.0.1:9/?x=', 'http://internal.example/', 'https://api.example.org/#frag' ) as $bad ) {
			$response = circassian_test_rest( 'POST', '/circassian/v1/settings', array( 'base_url' => $bad ) );
			self::assertSame( 400, $response->get_status(), $bad );
		}
		self::assertSame( $before, get_option( Settings::BASE_URL_OPTION ), 'stored address' );
	}

	/**
	 * @testdox with the key in the environment, the address can only come from there too: the route refuses it and a stored one is ignored
	 */
	public function test_with_the_key_in_the_environment_the_address_can_only_come_from_there(): void {
		wp_set_current_user( 1 );
		$stored = get_option( Settings::BASE_URL_OPTION );
		putenv( 'CIRCASSIAN_API_KEY=ck_env.environmentsecret' );
		try {
			self::assertTrue( Settings::base_url_locked(), 'not locked' );
			self::assertSame( 'none', Settings::base_url()['source'], 'the database address is still used' );
			$response = circassian_test_rest( 'POST', '/circassian/v1/settings', array( 'base_url' => 'https://attacker.example' ) );
			self::assertSame( 403, $response->get_status() );
			self::assertSame( 'circassian_base_url_locked', $response->get_data()['code'] );
			self::assertSame( $stored, get_option( Settings::BASE_URL_OPTION ), 'stored address' );
			$test = circassian_test_rest( 'POST', '/circassian/v1/settings/test', array( 'base_url' => 'https://attacker.example' ) );
			self::assertTrue( 200 !== $test->get_status(), 'the test went to the typed address' );
			self::assertTrue( ! str_contains( wp_json_encode( $test->get_data() ), 'environmentsecret' ), 'the secret is in the answer' );
			self::assertTrue( true === circassian_test_rest( 'GET', '/circassian/v1/settings' )->get_data()['base_url_locked'], 'describe' );
		} finally {
			putenv( 'CIRCASSIAN_API_KEY=' );
		}
		self::assertSame( 'database', Settings::base_url()['source'] );
	}

	/**
	 * @testdox requests are safe requests: loopback is let through only for the configured host and port
	 */
	public function test_requests_are_safe_requests_loopback_is_let_through_only_for_the(): void {
		$service = json_decode( (string) getenv( 'CIRCASSIAN_TEST_SERVICE' ), true );
		$url     = $service['url'] . '/v1/me';
		self::assertSame( false, wp_http_validate_url( $url ), 'loopback allowed outside the client' );
		self::assertSame( $url, Service_Address::with_access( $service['url'], static fn() => wp_http_validate_url( $url ) ) );
		self::assertSame( false, Service_Address::with_access( $service['url'], static fn() => wp_http_validate_url( 'http://127.0.0.1:1/v1/me' ) ), 'another port' );
		self::assertSame( false, Service_Address::with_access( $service['url'], static fn() => wp_http_validate_url( 'http://10.1.2.3:8787/' ) ), 'a private host' );
		self::assertSame( false, wp_http_validate_url( $url ), 'the filters stayed' );
		$error = ( new Service_Client( 'http://192.168.0.1:8787', $service['key'] ) )->json( 'GET', '/v1/me' );
		self::assertSame( 'connection_error', Service_Error::type_of( $error ) );
		self::assertTrue( str_contains( $error->get_error_message(), 'valid URL' ), 'not refused by the safe request: ' . $error->get_error_message() );
	}

	/**
	 * @testdox settings need manage_options on a single site (manage_network_options on multisite)
	 */
	public function test_settings_need_manage_options_on_a_single_site_manage_network_options(): void {
		self::assertSame( is_multisite() ? 'manage_network_options' : 'manage_options', Settings::manage_capability() );
		wp_set_current_user( circassian_test_user( 'editor' ) );
		self::assertSame( 403, circassian_test_rest( 'POST', '/circassian/v1/settings', array( 'capability' => 'edit_posts' ) )->get_status() );
	}

	/**
	 * @testdox a Contributor may not spend the key by default (a clear refusal); an Author may; the administrator can allow Contributors
	 */
	public function test_a_contributor_may_not_spend_the_key_by_default_a_clear_refusal_an(): void {
		delete_option( Access::OPTION );
		wp_set_current_user( circassian_test_user( 'contributor' ) );
		$refused = circassian_test_translate_good_morning();
		self::assertSame( 403, $refused->get_status() );
		self::assertSame( 'circassian_not_allowed', $refused->get_data()['code'] );
		self::assertTrue( str_contains( $refused->get_data()['message'], 'Authors and up' ), $refused->get_data()['message'] );
		self::assertSame( 200, circassian_test_rest( 'GET', '/circassian/v1/voices' )->get_status(), 'the lists stay readable' );
		$contributor = get_current_user_id();
		wp_set_current_user( circassian_test_user( 'author' ) );
		self::assertSame( 200, circassian_test_translate_good_morning()->get_status() );
		wp_set_current_user( 1 );
		self::assertSame( 200, circassian_test_rest( 'POST', '/circassian/v1/settings', array( 'capability' => 'edit_posts' ) )->get_status() );
		wp_set_current_user( $contributor );
		self::assertSame( 200, circassian_test_translate_good_morning()->get_status() );
		delete_option( Access::OPTION );
	}

	/**
	 * @testdox a request over the per-request cap is refused (413), and a user over the daily cap is refused until tomorrow (429)
	 */
	public function test_a_request_over_the_per_request_cap_is_refused_413_and_a_user_over_the(): void {
		// Texts are sent (and counted), not answered by the memory from an earlier test.
		\Circassian\Memory\Memory_Store::clear();
		update_option(
			Access::OPTION,
			array(
				'request_chars' => 20,
				'daily_chars'   => 30,
			)
		);
		wp_set_current_user( circassian_test_user( 'author' ) );
		$long = circassian_test_rest(
			'POST',
			'/circassian/v1/translate',
			array(
				'texts'       => array( str_repeat( 'a', 21 ) ),
				'target_lang' => 'kbd',
			)
		);
		self::assertSame( 413, $long->get_status() );
		self::assertSame( 'request_too_long', $long->get_data()['data']['type'] );
		self::assertSame( 200, circassian_test_translate_good_morning()->get_status() );
		self::assertSame(
			200,
			circassian_test_rest(
				'POST',
				'/circassian/v1/translate',
				array(
					'texts'       => array( 'good evening' ),
					'target_lang' => 'kbd',
				)
			)->get_status()
		);
		$over = circassian_test_rest( 'POST', '/circassian/v1/speech', array( 'text' => 'Сэ кӀуэ.' ) );
		self::assertSame( 429, $over->get_status() );
		self::assertSame( 'daily_cap', $over->get_data()['data']['type'] );
		delete_option( Access::OPTION );
	}

	/**
	 * @testdox the daily count is reserved by one conditional UPDATE: it stops at the cap, counts as numbers (900 + 100 fits 1,000), and a refund gives back
	 */
	public function test_the_daily_count_is_reserved_by_one_conditional_update_it_stops_at_the(): void {
		$user = circassian_test_user( 'author' );
		self::assertTrue( Daily_Chars::reserve( $user, 900, 1000 ), 'within the cap' );
		self::assertSame( 900, Daily_Chars::used( $user ) );
		self::assertTrue( ! Daily_Chars::reserve( $user, 101, 1000 ), 'over the cap' );
		self::assertTrue( Daily_Chars::reserve( $user, 100, 1000 ), 'up to the cap' );
		self::assertTrue( ! Daily_Chars::reserve( $user, 1, 1000 ), 'at the cap' );
		Daily_Chars::refund( $user, Daily_Chars::today(), 950 );
		self::assertSame( 50, Daily_Chars::used( $user ) );
		Daily_Chars::refund( $user, Daily_Chars::today(), 60 );
		self::assertSame( 50, Daily_Chars::used( $user ), 'never below nothing' );
		self::assertTrue( Daily_Chars::reserve( $user, 0, 1 ), 'nothing to count' );
		// An earlier day's row goes when today's is made.
		add_option( Daily_Chars::PREFIX . $user . '_2000-01-01', '7', '', false );
		$other = circassian_test_user( 'author' );
		add_option( Daily_Chars::PREFIX . $other . '_2000-01-01', '7', '', false );
		delete_option( Daily_Chars::PREFIX . $user . '_' . Daily_Chars::today() );
		self::assertTrue( Daily_Chars::reserve( $user, 5, 1000 ), 'a new day' );
		wp_cache_flush();
		self::assertSame( false, get_option( Daily_Chars::PREFIX . $user . '_2000-01-01' ) );
		self::assertSame( '7', get_option( Daily_Chars::PREFIX . $other . '_2000-01-01' ), "another user's day is theirs" );
	}

	/**
	 * @testdox a translation the service fails gives its characters back to the day
	 */
	public function test_a_translation_the_service_fails_gives_its_characters_back_to_the_day(): void {
		update_option( Access::OPTION, array( 'daily_chars' => 30 ) );
		wp_set_current_user( circassian_test_user( 'author' ) );
		circassian_test_admin(
			'POST',
			'/admin/faults',
			array(
				'operation'  => '*',
				'error_type' => 'invalid_request',
				'count'      => 5,
			)
		);
		$refused = circassian_test_translate_good_morning()->get_status();
		circassian_test_admin( 'DELETE', '/admin/faults' );
		delete_option( Access::OPTION );
		self::assertSame( 422, $refused );
		self::assertSame( 0, Daily_Chars::used( get_current_user_id() ) );
	}

	/**
	 * @testdox translations come back filtered as post content, the title as plain text
	 */
	public function test_translations_come_back_filtered_as_post_content_the_title_as_plain(): void {
		wp_set_current_user( 1 );
		$response = circassian_test_rest(
			'POST',
			'/circassian/v1/translate',
			array(
				'texts'       => array( 'Hello <script>alert(1)</script><img src=x onerror=alert(2)>' ),
				'title'       => 'Title <img src=x onerror=alert(3)>',
				'target_lang' => 'en',
			)
		);
		self::assertSame( 200, $response->get_status() );
		$data = $response->get_data();
		self::assertSame( 1, count( $data['translations'] ), 'the title is not among the texts' );
		self::assertTrue( ! str_contains( $data['translations'][0], '<script' ) && ! str_contains( $data['translations'][0], 'onerror' ), $data['translations'][0] );
		self::assertTrue( ! str_contains( $data['title'], '<' ), $data['title'] );
		self::assertTrue( str_contains( $data['title'], 'Title' ), $data['title'] );
	}
}
