<?php
/**
 * Service_Client against the real local service: the interface's retries, and errors as the editor
 * gets them.
 */
use Circassian\Service;
use PHPUnit\Framework\TestCase;

final class Service_Client_Tests extends TestCase {

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
		self::assertSame( 'quota_exceeded', Service\Service_Error::type_of( $error ) );
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
		self::assertSame( 'rate_limited', Service\Service_Error::type_of( $error ) );
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
		$error   = ( new Service\Service_Client( $service['url'], 'ck_wrong.key' ) )->json( 'GET', '/v1/me' );
		self::assertSame( 'unauthorized', Service\Service_Error::type_of( $error ) );
		self::assertSame( 424, $error->get_error_data()['status'] );
		self::assertSame( 'circassian_unauthorized', $error->get_error_code() );
	}
}
