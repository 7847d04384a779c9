<?php
/**
 * The settings route and page's newer parts: one schema for the key and address on both routes,
 * the service's terms and privacy addresses (validated, stored, in the privacy policy guide), and
 * today's usage from /v1/me.
 */
use Circassian\Connection;
use Circassian\Service_Policies;

circassian_test(
	'the settings route and the test route take the key and address by one schema',
	static function () {
		$routes = rest_get_server()->get_routes( 'circassian/v1' );
		$update = null;
		foreach ( $routes['/circassian/v1/settings'] as $handler ) {
			if ( isset( $handler['methods']['POST'] ) ) {
				$update = $handler['args'];
			}
		}
		$test = $routes['/circassian/v1/settings/test'][0]['args'];
		// confirm_address: the typed address the saved key may go to (the test route's own).
		assert_same( array( 'api_key', 'base_url', 'confirm_address' ), array_keys( $test ), 'test route arguments' );
		assert_true( ! isset( $update['confirm_address'] ), 'the settings route stores no confirmation' );
		assert_same( $test['api_key'], $update['api_key'], 'api_key schema' );
		assert_same( 'string', $update['base_url']['type'], 'base_url type' );
		assert_same( ' http://x ', ' ' . $update['base_url']['sanitize_callback']( '  http://x  ' ) . ' ', 'base_url is trimmed' );
	}
);

circassian_test(
	'the terms and privacy addresses are stored from the route, cleared with an empty value, and a non-address is refused with nothing stored',
	static function () {
		wp_set_current_user( 1 );
		$saved = circassian_test_rest(
			'POST',
			'/circassian/v1/settings',
			array(
				'terms_url'   => 'https://service.example/terms',
				'privacy_url' => 'https://service.example/privacy',
			)
		);
		assert_same( 200, $saved->get_status(), 'save' );
		assert_same( 'https://service.example/terms', $saved->get_data()['terms_url'] );
		assert_same( 'https://service.example/privacy', circassian_test_rest( 'GET', '/circassian/v1/settings' )->get_data()['privacy_url'] );
		foreach ( array( 'javascript:alert(1)', 'not an address', 'ftp://service.example/terms' ) as $bad ) {
			$refused = circassian_test_rest(
				'POST',
				'/circassian/v1/settings',
				array(
					'terms_url' => $bad,
					'speed'     => 1.5,
				)
			);
			assert_same( 400, $refused->get_status(), $bad );
		}
		assert_same( 'https://service.example/terms', Service_Policies::settings()['terms_url'], 'kept after refusals' );
		// Through the form's path too (Connection::save), where no schema runs first.
		assert_true( is_wp_error( Connection::save( array( 'privacy_url' => 'javascript:alert(1)' ) ) ), 'form path accepted a script address' );
		assert_same( 'https://service.example/privacy', Service_Policies::settings()['privacy_url'] );
		circassian_test_rest( 'POST', '/circassian/v1/settings', array( 'terms_url' => '' ) );
		assert_same( '', Service_Policies::settings()['terms_url'], 'cleared' );
		assert_same( 'https://service.example/privacy', Service_Policies::settings()['privacy_url'], 'the other stays' );
	}
);

circassian_test(
	'the privacy policy guide gets the plugin\'s text with the addresses filled in, or asks the owner to fill them in',
	static function () {
		require_once ABSPATH . 'wp-admin/includes/admin.php';
		Service_Policies::save(
			array(
				'terms_url'   => '',
				'privacy_url' => '',
			)
		);
		assert_true( str_contains( Service_Policies::policy_text(), 'Settings > Circassian' ), 'no request to fill them in' );
		Service_Policies::save(
			array(
				'terms_url'   => 'https://service.example/terms',
				'privacy_url' => 'https://service.example/privacy',
			)
		);
		$text = Service_Policies::policy_text();
		assert_true( str_contains( $text, 'href="https://service.example/terms"' ), 'terms link' );
		assert_true( str_contains( $text, 'href="https://service.example/privacy"' ), 'privacy link' );
		assert_true( ! str_contains( $text, 'Settings > Circassian' ), 'still asks for the addresses' );
		assert_true( str_contains( $text, 'published or updated' ), 'post audio on publish is not disclosed' );
		// As in the admin: the guide takes contributions on admin_init only.
		set_current_screen( 'options-privacy' );
		do_action( 'admin_init' );
		$found = array_filter( WP_Privacy_Policy_Content::get_suggested_policy_text(), static fn( $item ) => 'Circassian' === $item['plugin_name'] );
		assert_same( 1, count( $found ), 'suggested policy entries' );
		assert_true( str_contains( (string) array_values( $found )[0]['policy_text'], 'https://service.example/privacy' ), 'the guide lacks the address' );
	}
);

circassian_test(
	'"Test connection" reports today\'s usage when the service sends it, and says it against the daily limits',
	static function () {
		$service = json_decode( (string) getenv( 'CIRCASSIAN_TEST_SERVICE' ), true );
		$result  = Connection::test(
			array(
				'api_key'  => $service['key'],
				'base_url' => $service['url'],
			)
		);
		assert_true( is_array( $result ), 'the test failed' );
		// The same counts the service keeps for the key (GET /v1/me counts itself: done before the list).
		$keys  = circassian_test_admin( 'GET', '/admin/keys' )['keys'];
		$today = array_values( array_filter( $keys, static fn( $key ) => $key['prefix'] === $result['prefix'] ) )[0]['usage'];
		assert_same( (float) $today['requests'], $result['usage']['requests'], 'requests today' );
		assert_same( (float) $today['translate_chars'], $result['usage']['translate_chars'], 'translation characters today' );
		assert_same( (float) $today['speech_seconds'], $result['usage']['speech_seconds'], 'speech seconds today' );
		$message = Connection::usage_message( $result );
		$used    = (int) $result['usage']['requests'];
		assert_true( str_contains( $message, sprintf( 'requests: %s of %s', number_format_i18n( $used ), number_format_i18n( $result['limits']['requests_per_day'] ) ) ), $message );
		assert_true( str_contains( $message, 'translation characters: ' ), $message );
		assert_true( str_contains( $message, 'seconds of speech: ' ), $message );
		// A service that reports no usage: no sentence, nothing invented.
		assert_same(
			'',
			Connection::usage_message(
				array(
					'limits' => $result['limits'],
					'usage'  => array(),
				)
			)
		);
	}
);
