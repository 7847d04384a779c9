<?php
/**
 * POST /circassian/v1/memory/import: what an OmegaT project's memory brings, and what it leaves out, with why.
 */
use Circassian\Memory;
use PHPUnit\Framework\TestCase;

final class Memory_Controller_Import_Tests extends TestCase {

	/**
	 * @testdox an OmegaT project_save.tmx posted to the import route: 4 units read and stored with their codes as markers and placeholders as typed, the 1 left out named in the answer with its <tu>, reason and detail (before: 1 read, 3 "inline-code", no list)
	 */
	public function test_an_omegat_memory_imports_whole_and_names_what_it_left_out(): void {
		Memory\Memory_Store::clear();
		wp_set_current_user( 1 );
		$request = new WP_REST_Request( 'POST', '/circassian/v1/memory/import' );
		$request->set_header( 'Content-Type', 'application/x-tmx+xml' );
		$request->set_body( (string) file_get_contents( circassian_test_tmx_fixture( 'omegat-project_save.tmx' ) ) );
		$answer = rest_do_request( $request );
		self::assertSame( 200, $answer->get_status(), wp_json_encode( $answer->get_data() ) );
		$data = $answer->get_data();
		self::assertSame( array( 4, 4 ), array( $data['units'], $data['stored'] ) );
		self::assertSame(
			array(
				array(
					'tu'     => 4,
					'reason' => 'empty',
					'detail' => 'empty kbd-RU segment',
				),
			),
			$data['left_out']
		);
		$found = Memory\Memory_Store::lookup( 'ru', 'kbd', array( 'Привет, {name}! У вас %d новых сообщений.', 'Нажмите <x1>Сохранить</x1>, чтобы продолжить.' ) );
		ksort( $found );
		self::assertSame(
			array(
				'Нажмите <x1>Сохранить</x1>, чтобы продолжить.' => 'Пызыхьэн папщӀэ <x1>Хъумэн</x1> теӀэ.',
				'Привет, {name}! У вас %d новых сообщений.'      => 'Сэлам, {name}! Къэбар щӀэуэ %d уиӀэщ.',
			),
			$found
		);
		Memory\Memory_Store::clear();
	}
}
