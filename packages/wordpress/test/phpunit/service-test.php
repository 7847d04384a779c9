<?php
/**
 * The service client and the REST routes against the real local service.
 */
use Circassian\Service_Client;
use Circassian\Service_Error;
use Circassian\Settings;
use PHPUnit\Framework\TestCase;

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

function circassian_test_rest( string $method, string $route, array $params = array() ): WP_REST_Response {
	$request = new WP_REST_Request( $method, $route );
	foreach ( $params as $name => $value ) {
		$request->set_param( $name, $value );
	}
	return rest_do_request( $request );
}

final class Service_Test extends TestCase {

	/**
	 * @testdox GET /v1/me answers the key details
	 */
	public function test_get_v1_me_answers_the_key_details(): void {
		$me = circassian_test_client()->json( 'GET', '/v1/me' );
		self::assertTrue( is_array( $me ), 'me failed' );
		self::assertSame( 'sandbox', $me['name'] );
	}

	/**
	 * @testdox upstream_error is retried once, then succeeds
	 */
	public function test_upstream_error_is_retried_once_then_succeeds(): void {
		$before = circassian_test_me_calls();
		circassian_test_fault( 'me', 'upstream_error', 1 );
		$me = circassian_test_client()->json( 'GET', '/v1/me' );
		self::assertTrue( is_array( $me ), 'the retry did not succeed' );
		self::assertSame( 2, circassian_test_me_calls() - $before, 'calls' );
	}

	/**
	 * @testdox quota_exceeded is never retried and keeps its type
	 */
	public function test_quota_exceeded_is_never_retried_and_keeps_its_type(): void {
		$before = circassian_test_me_calls();
		circassian_test_fault( 'me', 'quota_exceeded', 3 );
		$error = circassian_test_client()->json( 'GET', '/v1/me' );
		self::assertTrue( is_wp_error( $error ), 'no error' );
		self::assertSame( 'quota_exceeded', Service_Error::type_of( $error ) );
		self::assertSame( 429, $error->get_error_data()['status'] );
		self::assertSame( 1, circassian_test_me_calls() - $before, 'calls' );
	}

	/**
	 * @testdox rate_limited with Retry-After 60 comes back at once instead of holding the request
	 */
	public function test_rate_limited_with_retry_after_60_comes_back_at_once_instead_of_holding(): void {
		circassian_test_fault( 'me', 'rate_limited', 3 );
		$started = microtime( true );
		$error   = circassian_test_client()->json( 'GET', '/v1/me' );
		self::assertSame( 'rate_limited', Service_Error::type_of( $error ) );
		self::assertSame( 60, $error->get_error_data()['retry_after'] );
		self::assertTrue( microtime( true ) - $started < 5, 'it waited' );
	}

	/**
	 * @testdox queue_timeout is retried with backoff until the service answers
	 */
	public function test_queue_timeout_is_retried_with_backoff_until_the_service_answers(): void {
		circassian_test_fault( 'me', 'queue_timeout', 2 );
		self::assertTrue( is_array( circassian_test_client()->json( 'GET', '/v1/me' ) ), 'no answer after retries' );
	}

	/**
	 * @testdox a refused key reaches the editor as 424 unauthorized, not as a logged-out 401
	 */
	public function test_a_refused_key_reaches_the_editor_as_424_unauthorized_not_as_a_logged(): void {
		circassian_test_admin( 'DELETE', '/admin/faults' );
		$service = json_decode( (string) getenv( 'CIRCASSIAN_TEST_SERVICE' ), true );
		$error   = ( new Service_Client( $service['url'], 'ck_wrong.key' ) )->json( 'GET', '/v1/me' );
		self::assertSame( 'unauthorized', Service_Error::type_of( $error ) );
		self::assertSame( 424, $error->get_error_data()['status'] );
		self::assertSame( 'circassian_unauthorized', $error->get_error_code() );
	}

	/**
	 * @testdox every route declares a permission callback and an args schema
	 */
	public function test_every_route_declares_a_permission_callback_and_an_args_schema(): void {
		$routes = rest_get_server()->get_routes( 'circassian/v1' );
		self::assertSame( 18, count( $routes ), 'routes' );
		foreach ( $routes as $route => $handlers ) {
			if ( '/circassian/v1' === $route ) {
				continue;
			}
			foreach ( $handlers as $handler ) {
				self::assertTrue( is_callable( $handler['permission_callback'] ?? null ), "{$route} has no permission_callback" );
				self::assertTrue( isset( $handler['args'] ) && is_array( $handler['args'] ), "{$route} has no args" );
			}
		}
	}

	/**
	 * @testdox a subscriber gets 403, an editor gets through, a bad argument gets 400
	 */
	public function test_a_subscriber_gets_403_an_editor_gets_through_a_bad_argument_gets_400(): void {
		// Texts are sent (and counted), not answered by the memory from an earlier test.
		\Circassian\Memory\Memory_Store::clear();
		$subscriber = get_user_by( 'login', 'subscriber' );
		wp_set_current_user( $subscriber->ID );
		self::assertSame(
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
		self::assertSame( 200, $ok->get_status() );
		$data = $ok->get_data();
		self::assertSame( 3, count( $data['translations'] ) );
		self::assertSame( '', $data['translations'][1], 'blank segment' );
		self::assertSame( $data['translations'][0], $data['translations'][2], 'duplicates' );
		self::assertSame( 1, $data['requests'] );
		self::assertSame(
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
		self::assertSame(
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
		self::assertSame( 400, circassian_test_rest( 'POST', '/circassian/v1/speech', array( 'text' => '<b></b>' ) )->get_status() );
		self::assertSame( 403, circassian_test_rest( 'GET', '/circassian/v1/settings' )->get_status(), 'editor on settings' );
	}

	/**
	 * @testdox the settings route shows the key prefix and source, never the key
	 */
	public function test_the_settings_route_shows_the_key_prefix_and_source_never_the_key(): void {
		wp_set_current_user( 1 );
		$response = circassian_test_rest( 'GET', '/circassian/v1/settings' );
		self::assertSame( 200, $response->get_status() );
		$body = wp_json_encode( $response->get_data() );
		$key  = Settings::api_key()['value'];
		self::assertTrue( ! str_contains( $body, substr( $key, strpos( $key, '.' ) + 1 ) ), 'the secret is in the response' );
		self::assertSame( 'database', $response->get_data()['key_source'] );
	}

	/**
	 * @testdox a short speech request becomes an attachment with duration and hash
	 */
	public function test_a_short_speech_request_becomes_an_attachment_with_duration_and_hash(): void {
		wp_set_current_user( 1 );
		$response = circassian_test_rest( 'POST', '/circassian/v1/speech', array( 'text' => 'Сэ кӀуэ.' ) );
		self::assertSame( 200, $response->get_status() );
		$data = $response->get_data();
		self::assertSame( 'done', $data['status'] );
		$id = $data['attachment']['id'];
		self::assertSame( 'audio/wav', get_post_mime_type( $id ) );
		self::assertTrue( (float) get_post_meta( $id, '_circassian_duration', true ) > 0, 'no duration' );
		self::assertSame( $data['attachment']['hash'], get_post_meta( $id, '_circassian_source_hash', true ) );
	}
}
