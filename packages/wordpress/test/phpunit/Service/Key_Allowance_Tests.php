<?php
/**
 * Service\Key_Allowance: GET /v1/me asked once for the admin pages' polls, again once the site sent anything.
 */
use Circassian\Service;
use PHPUnit\Framework\TestCase;

final class Key_Allowance_Tests extends TestCase {

	private function tear_down_kept(): void {
		delete_transient( Service\Key_Allowance::KEPT_TRANSIENT );
	}

	/**
	 * @testdox an answer is reused while the site sends nothing else; a call of its own, or a fresh read, asks again
	 */
	public function test_an_answer_is_reused_while_the_site_sends_nothing_else(): void {
		circassian_test_admin( 'DELETE', '/admin/faults' );
		$this->tear_down_kept();
		$before = circassian_test_me_calls();
		$first  = Service\Key_Allowance::fetch();
		self::assertIsArray( $first );
		self::assertSame( $first, Service\Key_Allowance::fetch(), 'the second read answers as the first' );
		Service\Key_Allowance::fetch();
		self::assertSame( 1, circassian_test_me_calls() - $before, 'three reads in a row' );

		Service\Service_Client::from_settings()->json( 'POST', '/v1/detect', array( 'text' => 'Сэлам' ) );
		Service\Key_Allowance::fetch();
		self::assertSame( 2, circassian_test_me_calls() - $before, 'a read after the site sent a call' );
		Service\Key_Allowance::fetch( true );
		self::assertSame( 3, circassian_test_me_calls() - $before, 'a fresh read' );
		$this->tear_down_kept();
	}

	/**
	 * @testdox a kept answer is never read for another key, and an error is not kept
	 */
	public function test_a_kept_answer_is_never_read_for_another_key_and_an_error_is_not_kept(): void {
		circassian_test_admin( 'DELETE', '/admin/faults' );
		$this->tear_down_kept();
		Service\Key_Allowance::fetch();
		$key = get_option( Service\Settings::KEY_OPTION );
		update_option( Service\Settings::KEY_OPTION, 'ck_sandbox_not_a_key', false );
		try {
			self::assertInstanceOf( WP_Error::class, Service\Key_Allowance::fetch(), 'the other key read the kept answer' );
		} finally {
			update_option( Service\Settings::KEY_OPTION, $key, false );
		}
		$this->tear_down_kept();
		circassian_test_fault( 'me', 'unauthorized', 1 );
		self::assertInstanceOf( WP_Error::class, Service\Key_Allowance::fetch() );
		self::assertIsArray( Service\Key_Allowance::fetch(), 'the error was kept' );
		$this->tear_down_kept();
	}
}
