<?php
/**
 * The service client and the REST routes against the real local service.
 */
use Circassian\Service_Client;
use Circassian\Service_Error;
use Circassian\Settings;

function circassian_test_client(): Service_Client {
	$service = json_decode( (string) getenv( 'CIRCASSIAN_TEST_SERVICE' ), true );
	return new Service_Client( $service['url'], $service['key'] );
}

function circassian_test_fault( string $operation, string $type, int $count ): void {
	circassian_test_admin( 'DELETE', '/admin/faults' );
	circassian_test_admin(
		'POST',
		'/admin/faults',
		array(
			'operation'  => $operation,
			'error_type' => $type,
			'count'      => $count,
		)
	);
}

function circassian_test_me_calls(): int {
	return count( circassian_test_admin( 'GET', '/admin/calls?operation=me' )['calls'] ?? array() );
}

circassian_test(
	'GET /v1/me answers the key details',
	static function () {
		$me = circassian_test_client()->json( 'GET', '/v1/me' );
		assert_true( is_array( $me ), 'me failed' );
		assert_same( 'sandbox', $me['name'] );
	}
);

circassian_test(
	'upstream_error is retried once, then succeeds',
	static function () {
		$before = circassian_test_me_calls();
		circassian_test_fault( 'me', 'upstream_error', 1 );
		$me = circassian_test_client()->json( 'GET', '/v1/me' );
		assert_true( is_array( $me ), 'the retry did not succeed' );
		assert_same( 2, circassian_test_me_calls() - $before, 'calls' );
	}
);

circassian_test(
	'quota_exceeded is never retried and keeps its type',
	static function () {
		$before = circassian_test_me_calls();
		circassian_test_fault( 'me', 'quota_exceeded', 3 );
		$error = circassian_test_client()->json( 'GET', '/v1/me' );
		assert_true( is_wp_error( $error ), 'no error' );
		assert_same( 'quota_exceeded', Service_Error::type_of( $error ) );
		assert_same( 429, $error->get_error_data()['status'] );
		assert_same( 1, circassian_test_me_calls() - $before, 'calls' );
	}
);

circassian_test(
	'rate_limited with Retry-After 60 comes back at once instead of holding the request',
	static function () {
		circassian_test_fault( 'me', 'rate_limited', 3 );
		$started = microtime( true );
		$error   = circassian_test_client()->json( 'GET', '/v1/me' );
		assert_same( 'rate_limited', Service_Error::type_of( $error ) );
		assert_same( 60, $error->get_error_data()['retry_after'] );
		assert_true( microtime( true ) - $started < 5, 'it waited' );
	}
);

circassian_test(
	'queue_timeout is retried with backoff until the service answers',
	static function () {
		circassian_test_fault( 'me', 'queue_timeout', 2 );
		assert_true( is_array( circassian_test_client()->json( 'GET', '/v1/me' ) ), 'no answer after retries' );
	}
);

circassian_test(
	'a refused key reaches the editor as 424 unauthorized, not as a logged-out 401',
	static function () {
		circassian_test_admin( 'DELETE', '/admin/faults' );
		$service = json_decode( (string) getenv( 'CIRCASSIAN_TEST_SERVICE' ), true );
		$error   = ( new Service_Client( $service['url'], 'ck_wrong.key' ) )->json( 'GET', '/v1/me' );
		assert_same( 'unauthorized', Service_Error::type_of( $error ) );
		assert_same( 424, $error->get_error_data()['status'] );
		assert_same( 'circassian_unauthorized', $error->get_error_code() );
	}
);

function circassian_test_rest( string $method, string $route, array $params = array() ): WP_REST_Response {
	$request = new WP_REST_Request( $method, $route );
	foreach ( $params as $name => $value ) {
		$request->set_param( $name, $value );
	}
	return rest_do_request( $request );
}

circassian_test(
	'every route declares a permission callback and an args schema',
	static function () {
		$routes = rest_get_server()->get_routes( 'circassian/v1' );
		assert_same( 18, count( $routes ), 'routes' );
		foreach ( $routes as $route => $handlers ) {
			if ( '/circassian/v1' === $route ) {
				continue;
			}
			foreach ( $handlers as $handler ) {
				assert_true( is_callable( $handler['permission_callback'] ?? null ), "{$route} has no permission_callback" );
				assert_true( isset( $handler['args'] ) && is_array( $handler['args'] ), "{$route} has no args" );
			}
		}
	}
);

circassian_test(
	'a subscriber gets 403, an editor gets through, a bad argument gets 400',
	static function () {
		$subscriber = get_user_by( 'login', 'subscriber' );
		wp_set_current_user( $subscriber->ID );
		assert_same(
			403,
			circassian_test_rest(
				'POST',
				'/circassian/v1/translate',
				array(
					'texts'       => array( 'hi' ),
					'target_lang' => 'kbd',
				)
			)->get_status()
		);
		$editor = wp_insert_user(
			array(
				'user_login' => 'editor-' . wp_rand(),
				'user_pass'  => wp_generate_password(),
				'role'       => 'editor',
			)
		);
		wp_set_current_user( $editor );
		$ok = circassian_test_rest(
			'POST',
			'/circassian/v1/translate',
			array(
				'texts'       => array( 'good morning', '', 'good morning' ),
				'target_lang' => 'kbd',
			)
		);
		assert_same( 200, $ok->get_status() );
		$data = $ok->get_data();
		assert_same( 3, count( $data['translations'] ) );
		assert_same( '', $data['translations'][1], 'blank segment' );
		assert_same( $data['translations'][0], $data['translations'][2], 'duplicates' );
		assert_same( 1, $data['requests'] );
		assert_same(
			400,
			circassian_test_rest(
				'POST',
				'/circassian/v1/translate',
				array(
					'texts'       => array( 'hi' ),
					'target_lang' => 'klingon',
				)
			)->get_status()
		);
		assert_same(
			400,
			circassian_test_rest(
				'POST',
				'/circassian/v1/speech',
				array(
					'text'  => 'hi',
					'speed' => 5,
				)
			)->get_status()
		);
		assert_same( 400, circassian_test_rest( 'POST', '/circassian/v1/speech', array( 'text' => '<b></b>' ) )->get_status() );
		assert_same( 403, circassian_test_rest( 'GET', '/circassian/v1/settings' )->get_status(), 'editor on settings' );
	}
);

circassian_test(
	'the settings route shows the key prefix and source, never the key',
	static function () {
		wp_set_current_user( 1 );
		$response = circassian_test_rest( 'GET', '/circassian/v1/settings' );
		assert_same( 200, $response->get_status() );
		$body = wp_json_encode( $response->get_data() );
		$key  = Settings::api_key()['value'];
		assert_true( ! str_contains( $body, substr( $key, strpos( $key, '.' ) + 1 ) ), 'the secret is in the response' );
		assert_same( 'database', $response->get_data()['key_source'] );
	}
);

circassian_test(
	'a short speech request becomes an attachment with duration and hash',
	static function () {
		wp_set_current_user( 1 );
		$response = circassian_test_rest( 'POST', '/circassian/v1/speech', array( 'text' => 'Сэ кӀуэ.' ) );
		assert_same( 200, $response->get_status() );
		$data = $response->get_data();
		assert_same( 'done', $data['status'] );
		$id = $data['attachment']['id'];
		assert_same( 'audio/wav', get_post_mime_type( $id ) );
		assert_true( (float) get_post_meta( $id, '_circassian_duration', true ) > 0, 'no duration' );
		assert_same( $data['attachment']['hash'], get_post_meta( $id, '_circassian_source_hash', true ) );
	}
);
