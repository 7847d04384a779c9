<?php
/**
 * GET /circassian/v1/memory/fuzzy: near matches for anyone who writes posts.
 */
use Circassian\Memory;
use PHPUnit\Framework\TestCase;

final class Memory_Controller_Fuzzy_Tests extends TestCase {

	/**
	 * @testdox the route is declared with its schema, answers a Contributor the near matches with their percentage, refuses a Subscriber (403) and a bad argument (400)
	 */
	public function test_the_fuzzy_route_answers_writers_and_refuses_others(): void {
		Memory\Memory_Store::clear();
		Memory\Memory_Store::store(
			array(
				array(
					'source_lang' => 'en',
					'target_lang' => 'kbd',
					'source'      => 'Open the file now',
					'target'      => '<b>Файлыр</b> иджыпсту зэIухэ',
					'origin'      => 'human',
					'creator'     => 'anna',
					'created'     => '2026-01-01 00:00:00',
				),
			)
		);
		$routes = rest_get_server()->get_routes();
		self::assertArrayHasKey( '/circassian/v1/memory/fuzzy', $routes );
		self::assertArrayHasKey( 'min', $routes['/circassian/v1/memory/fuzzy'][0]['args'] );
		$ask    = static fn( array $params ): WP_REST_Response => circassian_test_rest( 'GET', '/circassian/v1/memory/fuzzy', $params );
		wp_set_current_user( circassian_test_user( 'contributor' ) );
		$answer = $ask(
			array(
				'text'        => 'Open the folder now',
				'target_lang' => 'kbd',
			)
		);
		self::assertSame( 200, $answer->get_status() );
		self::assertSame( false, $answer->get_data()['exact'] );
		self::assertSame(
			array(
				'percent'     => 75,
				'source_lang' => 'en',
				'target_lang' => 'kbd',
				'source'      => 'Open the file now',
				'target'      => '<b>Файлыр</b> иджыпсту зэIухэ',
				'origin'      => 'human',
				'suggestion'  => false,
				'by'          => 'anna',
				'date'        => '2026-01-01 00:00:00',
			),
			$answer->get_data()['matches'][0]
		);
		$again = $ask(
			array(
				'text'        => 'open the file now',
				'target_lang' => 'kbd',
				'source_lang' => 'en',
			)
		);
		self::assertSame( 99, $again->get_data()['matches'][0]['percent'], 'case aside: the same words' );
		self::assertSame( 400, $ask( array( 'target_lang' => 'kbd' ) )->get_status(), 'no text' );
		self::assertSame(
			400,
			$ask(
				array(
					'text'        => 'x',
					'target_lang' => 'kbd',
					'min'         => 0,
				)
			)->get_status(),
			'min 0'
		);
		wp_set_current_user( circassian_test_user( 'subscriber' ) );
		self::assertSame(
			403,
			$ask(
				array(
					'text'        => 'Open the folder now',
					'target_lang' => 'kbd',
				)
			)->get_status()
		);
		wp_set_current_user( 0 );
		Memory\Memory_Store::clear();
	}
}
