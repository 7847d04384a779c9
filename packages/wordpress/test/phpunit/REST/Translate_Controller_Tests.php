<?php
/**
 * POST /circassian/v1/translate: who may call it, what it refuses, what it gives back and the
 * characters it counts.
 */
use Circassian\Memory;
use Circassian\REST;
use Circassian\Spending;
use PHPUnit\Framework\TestCase;

final class Translate_Controller_Tests extends TestCase {

	/**
	 * @testdox a subscriber gets 403, an editor gets through, a bad argument gets 400
	 */
	public function test_a_subscriber_gets_403_an_editor_gets_through_a_bad_argument_gets_400(): void {
		// Texts are sent (and counted), not answered by the memory from an earlier test.
		Memory\Memory_Store::clear();
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
	 * @testdox a translation the service fails gives its characters back to the day
	 */
	public function test_a_translation_the_service_fails_gives_its_characters_back_to_the_day(): void {
		update_option( Spending\Access::OPTION, array( 'daily_chars' => 30 ) );
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
		delete_option( Spending\Access::OPTION );
		self::assertSame( 422, $refused );
		self::assertSame( 0, Spending\Daily_Chars::used( get_current_user_id() ) );
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

	/**
	 * @testdox a translation keeps its inline markers while the text between them is filtered as post content
	 */
	public function test_a_translation_keeps_its_inline_markers_while_the_text_between_them_is(): void {
		self::assertSame(
			'Сэ <x1>адыгэбзэ</x1> alert(1)<x2/> <x3>фӀыуэ</x3>',
			REST\Translate_Controller::filter_marked( 'Сэ <x1>адыгэбзэ</x1> <script>alert(1)</script><x2/> <x3>фӀыуэ</x3>' )
		);
	}
}
