<?php
/**
 * Access: who may spend the key, and the per-request and daily character caps.
 */
use Circassian\Memory;
use Circassian\Spending;
use PHPUnit\Framework\TestCase;

final class Access_Tests extends TestCase {

	/**
	 * @testdox a Contributor may not spend the key by default (a clear refusal); an Author may; the administrator can allow Contributors
	 */
	public function test_a_contributor_may_not_spend_the_key_by_default_a_clear_refusal_an(): void {
		delete_option( Spending\Access::OPTION );
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
		delete_option( Spending\Access::OPTION );
	}

	/**
	 * @testdox a request over the per-request cap is refused (413), and a user over the daily cap is refused until tomorrow (429)
	 */
	public function test_a_request_over_the_per_request_cap_is_refused_413_and_a_user_over_the(): void {
		// Texts are sent (and counted), not answered by the memory from an earlier test.
		Memory\Memory_Store::clear();
		update_option(
			Spending\Access::OPTION,
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
		delete_option( Spending\Access::OPTION );
	}
}
