<?php
/**
 * The glossary's REST routes: who may edit (the memory's teaching right), who may read and check,
 * a bad entry or file answered 400 with why and nothing changed, the CSV export as the contract.
 */
use Circassian\Glossary;
use PHPUnit\Framework\TestCase;

final class Glossary_Controller_Tests extends TestCase {

	protected function setUp(): void {
		circassian_test_glossary_clear();
	}

	/**
	 * @testdox an Author may read the glossary and check a text but not add a term (403); an Editor, who has the teaching right, adds one (201); a role denied the right is refused
	 */
	public function test_editing_the_glossary_takes_the_teaching_right(): void {
		$term = array(
			'source_lang' => 'ru',
			'target_lang' => 'kbd',
			'type'        => 'keep',
			'source'      => 'Коков',
		);
		wp_set_current_user( circassian_test_user( 'author' ) );
		self::assertSame( 403, circassian_test_rest( 'POST', '/circassian/v1/glossary', $term )->get_status() );
		self::assertSame( 200, circassian_test_rest( 'GET', '/circassian/v1/glossary' )->get_status() );
		wp_set_current_user( circassian_test_user( 'editor' ) );
		$added = circassian_test_rest( 'POST', '/circassian/v1/glossary', $term );
		self::assertSame( 201, $added->get_status(), wp_json_encode( $added->get_data() ) );
		self::assertSame( 'Коков', $added->get_data()['entry']['target'] );
		$deny = static fn() => false;
		add_filter( 'circassian_may_teach_memory', $deny );
		try {
			wp_set_current_user( circassian_test_user( 'editor' ) );
			self::assertSame( 403, circassian_test_rest( 'DELETE', '/circassian/v1/glossary/' . $added->get_data()['entry']['id'] )->get_status() );
		} finally {
			remove_filter( 'circassian_may_teach_memory', $deny );
		}
		self::assertCount( 1, Glossary\Glossary_Store::all() );
	}

	/**
	 * @testdox a term without its translation and a CSV with a bad row are answered 400 with why, and change nothing; a good CSV imports and exports as the contract's bytes
	 */
	public function test_bad_input_is_refused_with_why_and_a_csv_round_trips(): void {
		wp_set_current_user( 1 );
		$bad = circassian_test_rest(
			'POST',
			'/circassian/v1/glossary',
			array(
				'source_lang' => 'ru',
				'target_lang' => 'kbd',
				'type'        => 'translate',
				'source'      => 'сайт',
				'target'      => '',
			)
		);
		self::assertSame( 400, $bad->get_status() );
		self::assertStringContainsString( 'has no target term', $bad->get_data()['message'] );
		$csv     = "ru,kbd,type,note\r\nНальчик,Нальчик,keep,город\r\nобновление,зэхъуэкӀыныгъэ,translate,\r\n,апдейт,forbidden,калька\r\n";
		$request = new WP_REST_Request( 'POST', '/circassian/v1/glossary/import' );
		$request->set_header( 'Content-Type', 'text/csv' );
		$request->set_body( str_replace( 'translate', 'synonym', $csv ) );
		$refused = rest_do_request( $request );
		self::assertSame( 400, $refused->get_status() );
		self::assertStringContainsString( 'line 3', $refused->get_data()['message'] );
		self::assertSame( array(), Glossary\Glossary_Store::all() );
		$request->set_body( $csv );
		$imported = rest_do_request( $request );
		self::assertSame( 200, $imported->get_status(), wp_json_encode( $imported->get_data() ) );
		self::assertSame( 3, $imported->get_data()['added'] );
		self::assertSame( $csv, Glossary\Glossary_Transfer::csv( 'ru', 'kbd' ) );
		$check = circassian_test_rest(
			'POST',
			'/circassian/v1/glossary/check',
			array(
				'source_lang' => 'ru',
				'target_lang' => 'kbd',
				'source'      => 'Вышло обновление в Нальчике.',
				'target'      => 'Апдейт къыдэкӀащ Налшыкым.',
			)
		);
		self::assertSame( array( array( 'missing', 'обновление' ), array( 'forbidden', 'апдейт' ) ), array_map( static fn( array $p ) => array( $p['kind'], 'forbidden' === $p['kind'] ? mb_strtolower( $p['found'] ) : $p['term'] ), $check->get_data()['problems'] ) );
	}

	/**
	 * @testdox a linked translation as edited is checked against its original: the kept name missing and a forbidden word listed in plain words; a post that is no translation is not checked
	 */
	public function test_a_linked_translation_is_checked_against_its_original(): void {
		wp_set_current_user( 1 );
		Glossary\Glossary_Transfer::import( "ru,kbd,type,note\r\nКоков,,keep,фамилия\r\n,апдейт,forbidden,калька\r\n" );
		$original    = wp_insert_post(
			array(
				'post_title'   => 'Коков',
				'post_content' => '<!-- wp:paragraph --><p>Вышло обновление.</p><!-- /wp:paragraph -->',
				'post_status'  => 'publish',
			)
		);
		$translation = wp_insert_post(
			array(
				'post_title'   => 'Коков',
				'post_content' => '<!-- wp:paragraph --><p>ЗэхъуэкӀыныгъэ къыдэкӀащ.</p><!-- /wp:paragraph -->',
				'meta_input'   => array(
					Circassian\Translation\Linked_Translations::META_ORIGINAL => $original,
					Circassian\Translation\Linked_Translations::META_LANGUAGE => 'kbd',
					Circassian\Memory\Memory_Learning::META_SOURCE => 'ru',
				),
			)
		);
		$clean       = circassian_test_rest( 'POST', "/circassian/v1/glossary/post-check/$translation" );
		self::assertSame( array( true, array() ), array( $clean->get_data()['checked'], $clean->get_data()['problems'] ) );
		$edited = circassian_test_rest(
			'POST',
			"/circassian/v1/glossary/post-check/$translation",
			array(
				'title'   => 'Къуэкъуэ',
				'content' => '<!-- wp:paragraph --><p>Апдейт къыдэкӀащ.</p><!-- /wp:paragraph -->',
			)
		);
		self::assertSame(
			array(
				'"Коков" is in the source but not in the translation: the glossary keeps it as it is. (Note: фамилия)',
				'The translation uses "Апдейт", a word the glossary rejects. (Note: калька)',
			),
			array_column( $edited->get_data()['problems'], 'message' )
		);
		self::assertFalse( circassian_test_rest( 'POST', "/circassian/v1/glossary/post-check/$original" )->get_data()['checked'] );
		circassian_test_glossary_clear();
	}
}
