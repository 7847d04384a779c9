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

circassian_test(
	'the service address must be https, or http on loopback, without query, fragment or credentials',
	static function () {
		assert_same( 'https://api.example.org/base', Service_Address::check( 'https://api.example.org/base/' ) );
		assert_same( 'http://127.0.0.1:8787', Service_Address::check( 'http://127.0.0.1:8787' ) );
		assert_same( 'http://localhost:8787', Service_Address::check( 'http://localhost:8787/' ) );
		foreach ( array( 'http://api.example.org', 'http://10.0.0.5:8787', 'https://api.example.org/?x=', 'https://api.example.org/#x', 'https://u:p@api.example.org', 'ftp://127.0.0.1', 'api.example.org', '' ) as $bad ) {
			assert_true( is_wp_error( Service_Address::check( $bad ) ), "{$bad} was accepted" );
		}
	}
);

circassian_test(
	'the settings route refuses an address with a query (it would swallow the paths) or plain http to another host',
	static function () {
		wp_set_current_user( 1 );
		$before = get_option( Settings::BASE_URL_OPTION );
		foreach ( array( 'http://127.0.0.1:9/?x=', 'http://internal.example/', 'https://api.example.org/#frag' ) as $bad ) {
			$response = circassian_test_rest( 'POST', '/circassian/v1/settings', array( 'base_url' => $bad ) );
			assert_same( 400, $response->get_status(), $bad );
		}
		assert_same( $before, get_option( Settings::BASE_URL_OPTION ), 'stored address' );
	}
);

circassian_test(
	'with the key in the environment, the address can only come from there too: the route refuses it and a stored one is ignored',
	static function () {
		wp_set_current_user( 1 );
		$stored = get_option( Settings::BASE_URL_OPTION );
		putenv( 'CIRCASSIAN_API_KEY=ck_env.environmentsecret' );
		try {
			assert_true( Settings::base_url_locked(), 'not locked' );
			assert_same( 'none', Settings::base_url()['source'], 'the database address is still used' );
			$response = circassian_test_rest( 'POST', '/circassian/v1/settings', array( 'base_url' => 'https://attacker.example' ) );
			assert_same( 403, $response->get_status() );
			assert_same( 'circassian_base_url_locked', $response->get_data()['code'] );
			assert_same( $stored, get_option( Settings::BASE_URL_OPTION ), 'stored address' );
			$test = circassian_test_rest( 'POST', '/circassian/v1/settings/test', array( 'base_url' => 'https://attacker.example' ) );
			assert_true( 200 !== $test->get_status(), 'the test went to the typed address' );
			assert_true( ! str_contains( wp_json_encode( $test->get_data() ), 'environmentsecret' ), 'the secret is in the answer' );
			assert_true( true === circassian_test_rest( 'GET', '/circassian/v1/settings' )->get_data()['base_url_locked'], 'describe' );
		} finally {
			putenv( 'CIRCASSIAN_API_KEY=' );
		}
		assert_same( 'database', Settings::base_url()['source'] );
	}
);

circassian_test(
	'requests are safe requests: loopback is let through only for the configured host and port',
	static function () {
		$service = json_decode( (string) getenv( 'CIRCASSIAN_TEST_SERVICE' ), true );
		$url     = $service['url'] . '/v1/me';
		assert_same( false, wp_http_validate_url( $url ), 'loopback allowed outside the client' );
		assert_same( $url, Service_Address::with_access( $service['url'], static fn() => wp_http_validate_url( $url ) ) );
		assert_same( false, Service_Address::with_access( $service['url'], static fn() => wp_http_validate_url( 'http://127.0.0.1:1/v1/me' ) ), 'another port' );
		assert_same( false, Service_Address::with_access( $service['url'], static fn() => wp_http_validate_url( 'http://10.1.2.3:8787/' ) ), 'a private host' );
		assert_same( false, wp_http_validate_url( $url ), 'the filters stayed' );
		$error = ( new Service_Client( 'http://192.168.0.1:8787', $service['key'] ) )->json( 'GET', '/v1/me' );
		assert_same( 'connection_error', Service_Error::type_of( $error ) );
		assert_true( str_contains( $error->get_error_message(), 'valid URL' ), 'not refused by the safe request: ' . $error->get_error_message() );
	}
);

circassian_test(
	'settings need manage_options on a single site (manage_network_options on multisite)',
	static function () {
		assert_same( is_multisite() ? 'manage_network_options' : 'manage_options', Settings::manage_capability() );
		wp_set_current_user( circassian_test_user( 'editor' ) );
		assert_same( 403, circassian_test_rest( 'POST', '/circassian/v1/settings', array( 'capability' => 'edit_posts' ) )->get_status() );
	}
);

circassian_test(
	'a Contributor may not spend the key by default (a clear refusal); an Author may; the administrator can allow Contributors',
	static function () {
		delete_option( Access::OPTION );
		wp_set_current_user( circassian_test_user( 'contributor' ) );
		$refused = circassian_test_translate_good_morning();
		assert_same( 403, $refused->get_status() );
		assert_same( 'circassian_not_allowed', $refused->get_data()['code'] );
		assert_true( str_contains( $refused->get_data()['message'], 'Authors and up' ), $refused->get_data()['message'] );
		assert_same( 200, circassian_test_rest( 'GET', '/circassian/v1/voices' )->get_status(), 'the lists stay readable' );
		$contributor = get_current_user_id();
		wp_set_current_user( circassian_test_user( 'author' ) );
		assert_same( 200, circassian_test_translate_good_morning()->get_status() );
		wp_set_current_user( 1 );
		assert_same( 200, circassian_test_rest( 'POST', '/circassian/v1/settings', array( 'capability' => 'edit_posts' ) )->get_status() );
		wp_set_current_user( $contributor );
		assert_same( 200, circassian_test_translate_good_morning()->get_status() );
		delete_option( Access::OPTION );
	}
);

circassian_test(
	'a request over the per-request cap is refused (413), and a user over the daily cap is refused until tomorrow (429)',
	static function () {
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
		assert_same( 413, $long->get_status() );
		assert_same( 'request_too_long', $long->get_data()['data']['type'] );
		assert_same( 200, circassian_test_translate_good_morning()->get_status() );
		assert_same(
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
		assert_same( 429, $over->get_status() );
		assert_same( 'daily_cap', $over->get_data()['data']['type'] );
		delete_option( Access::OPTION );
	}
);

circassian_test(
	'the daily count is reserved by one conditional UPDATE: it stops at the cap, counts as numbers (900 + 100 fits 1,000), and a refund gives back',
	static function () {
		$user = circassian_test_user( 'author' );
		assert_true( Daily_Chars::reserve( $user, 900, 1000 ), 'within the cap' );
		assert_same( 900, Daily_Chars::used( $user ) );
		assert_true( ! Daily_Chars::reserve( $user, 101, 1000 ), 'over the cap' );
		assert_true( Daily_Chars::reserve( $user, 100, 1000 ), 'up to the cap' );
		assert_true( ! Daily_Chars::reserve( $user, 1, 1000 ), 'at the cap' );
		Daily_Chars::refund( $user, Daily_Chars::today(), 950 );
		assert_same( 50, Daily_Chars::used( $user ) );
		Daily_Chars::refund( $user, Daily_Chars::today(), 60 );
		assert_same( 50, Daily_Chars::used( $user ), 'never below nothing' );
		assert_true( Daily_Chars::reserve( $user, 0, 1 ), 'nothing to count' );
		// An earlier day's row goes when today's is made.
		add_option( Daily_Chars::PREFIX . $user . '_2000-01-01', '7', '', false );
		$other = circassian_test_user( 'author' );
		add_option( Daily_Chars::PREFIX . $other . '_2000-01-01', '7', '', false );
		delete_option( Daily_Chars::PREFIX . $user . '_' . Daily_Chars::today() );
		assert_true( Daily_Chars::reserve( $user, 5, 1000 ), 'a new day' );
		wp_cache_flush();
		assert_same( false, get_option( Daily_Chars::PREFIX . $user . '_2000-01-01' ) );
		assert_same( '7', get_option( Daily_Chars::PREFIX . $other . '_2000-01-01' ), "another user's day is theirs" );
	}
);

circassian_test(
	'a translation the service fails gives its characters back to the day',
	static function () {
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
		assert_same( 422, $refused );
		assert_same( 0, Daily_Chars::used( get_current_user_id() ) );
	}
);

circassian_test(
	'translations come back filtered as post content, the title as plain text',
	static function () {
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
		assert_same( 200, $response->get_status() );
		$data = $response->get_data();
		assert_same( 1, count( $data['translations'] ), 'the title is not among the texts' );
		assert_true( ! str_contains( $data['translations'][0], '<script' ) && ! str_contains( $data['translations'][0], 'onerror' ), $data['translations'][0] );
		assert_true( ! str_contains( $data['title'], '<' ), $data['title'] );
		assert_true( str_contains( $data['title'], 'Title' ), $data['title'] );
	}
);
