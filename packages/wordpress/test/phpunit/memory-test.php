<?php
/**
 * The translation memory inside WordPress: its table, the translate route consulting it against
 * the real local service (call log), learning from a linked translation's corrections, TMX.
 */
use Circassian\Daily_Chars;
use Circassian\Linked_Translations;
use Circassian\Memory\Block_Texts;
use Circassian\Memory\Memory_Store;
use Circassian\Memory\Memory_Table;
use Circassian\Memory\Memory_Transfer;
use Circassian\Memory\Tmx_Writer;
use PHPUnit\Framework\TestCase;

function circassian_test_batch_calls(): int {
	return count( circassian_test_admin( 'GET', '/admin/calls?operation=batch' )['calls'] ?? array() ) + count( circassian_test_admin( 'GET', '/admin/calls?operation=translate' )['calls'] ?? array() );
}

function circassian_test_translate( array $texts, string $source = 'en', string $target = 'kbd' ): WP_REST_Response {
	return circassian_test_rest(
		'POST',
		'/circassian/v1/translate',
		array(
			'texts'       => $texts,
			'source_lang' => $source,
			'target_lang' => $target,
		)
	);
}

final class Memory_Test extends TestCase {

	/**
	 * @testdox the memory table exists on the site with its version, and clearing it empties it
	 */
	public function test_the_memory_table_exists_on_the_site_with_its_version_and_clearing_it(): void {
		global $wpdb;
		self::assertSame( Memory_Table::VERSION, (int) get_option( Memory_Table::VERSION_OPTION ), 'version' );
		Memory_Store::clear();
		$table = Memory_Table::name();
		self::assertSame( '0', (string) $wpdb->get_var( "SELECT COUNT(*) FROM {$table}" ), 'empty' ); // phpcs:ignore WordPress.WP.PreparedSQL.NotPrepared -- the plugin's table.
	}

	/**
	 * @testdox a second translation of the same texts makes no request and spends none of the user's characters; whitespace around a text is its own
	 */
	public function test_a_second_translation_of_the_same_texts_makes_no_request_and_spends(): void {
		wp_set_current_user( 1 );
		Memory_Store::clear();
		$texts = array( 'Good evening, neighbours', 'The well is dry' );
		$calls = circassian_test_batch_calls();
		$first = circassian_test_translate( $texts );
		self::assertSame( 200, $first->get_status(), 'first' );
		self::assertSame( 1, circassian_test_batch_calls() - $calls, 'one batch for two new texts' );
		self::assertSame( 2, $first->get_data()['memory']['stored'], 'both kept' );
		$used   = Daily_Chars::used( 1 );
		$calls  = circassian_test_batch_calls();
		$second = circassian_test_translate( array( "  Good evening, neighbours\n", 'The well is dry' ) );
		self::assertSame( 200, $second->get_status(), 'second' );
		self::assertSame( 0, circassian_test_batch_calls() - $calls, 'no request' );
		self::assertSame( 0, $second->get_data()['requests'] );
		self::assertSame( 2, $second->get_data()['memory']['hits'] );
		self::assertSame( $used, Daily_Chars::used( 1 ), 'no characters spent' );
		self::assertSame( '  ' . $first->get_data()['translations'][0] . "\n", $second->get_data()['translations'][0], 'the query\'s own whitespace' );
		self::assertSame( 2, Memory_Store::stats()[0]['machine'] );
		self::assertTrue( Memory_Store::stats()[0]['saved_characters'] > 0, 'characters saved counted' );

		// A new text beside known ones: only it is sent.
		$calls = circassian_test_batch_calls();
		$third = circassian_test_translate( array( 'The well is dry', 'A new sentence' ) );
		self::assertSame( 1, circassian_test_batch_calls() - $calls, 'only the miss' );
		$sent = circassian_test_admin( 'GET', '/admin/calls?operation=batch' )['calls'];
		self::assertSame( array( 'A new sentence' ), $sent[0]['content']['request']['texts'] ?? null, 'what was sent (the log is newest first)' );
		self::assertSame( 1, $third->get_data()['memory']['hits'] );

		// "Detect the language" with no post: the service names the language once, then the memory answers.
		$calls    = circassian_test_batch_calls();
		$detects  = count( circassian_test_admin( 'GET', '/admin/calls?operation=detect&limit=10000' )['calls'] ?? array() );
		$detected = circassian_test_rest(
			'POST',
			'/circassian/v1/translate',
			array(
				'texts'       => $texts,
				'target_lang' => 'kbd',
			)
		);
		self::assertSame( true, $detected->get_data()['memory']['consulted'] );
		self::assertSame( 'en', $detected->get_data()['source_lang'] );
		self::assertSame( 1, count( circassian_test_admin( 'GET', '/admin/calls?operation=detect&limit=10000' )['calls'] ?? array() ) - $detects, 'one detection' );
		self::assertSame( 0, circassian_test_batch_calls() - $calls, 'nothing sent: both known in en -> kbd' );
	}

	/**
	 * @testdox a human unit is never replaced by a machine one, and answers instead of the service
	 */
	public function test_a_human_unit_is_never_replaced_by_a_machine_one_and_answers_instead_of(): void {
		wp_set_current_user( 1 );
		Memory_Store::clear();
		$human = array(
			'source_lang' => 'ru',
			'target_lang' => 'kbd',
			'source'      => 'Доброе утро',
			'target'      => 'Уи пщэддджыжь фӀыуэ',
			'origin'      => 'human',
		);
		self::assertSame( 1, Memory_Store::store( array( $human ) )['stored'] );
		$result = Memory_Store::store( array(
			array(
				'origin' => 'machine',
				'target' => 'машина',
			) + $human,
		) );
		self::assertSame( 1, $result['kept_human'] );
		$calls = circassian_test_batch_calls();
		$reply = circassian_test_translate( array( 'Доброе утро' ), 'ru' );
		self::assertSame( 0, circassian_test_batch_calls() - $calls, 'no request' );
		self::assertSame( array( 'Уи пщэддджыжь фӀыуэ' ), $reply->get_data()['translations'] );
		// A look-alike palochka typed in the query matches (the service would see the same text).
		self::assertSame( array( 'Уи пщэддджыжь фӀыуэ' ), array_values( Memory_Store::lookup( 'ru', 'kbd', array( 'Доброе утро' ) ) ) );
	}

	/**
	 * @testdox the editor's texts of blocks: one text per block, inline elements as numbered markers, depth first
	 */
	public function test_the_editor_s_texts_of_blocks_one_text_per_block_inline_elements_as(): void {
		$blocks = Block_Texts::of( "<!-- wp:paragraph -->\n<p>Hello <strong>bold</strong> and <em>x <a href=\"/\">link</a></em>.<br>Line</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:list -->\n<ul class=\"wp-block-list\"><!-- wp:list-item -->\n<li>One &amp; a &lt;tag&gt;</li>\n<!-- /wp:list-item --></ul>\n<!-- /wp:list -->" );
		self::assertSame( array( 'core/paragraph', 'core/list', 'core/list-item' ), array_column( $blocks, 'name' ) );
		self::assertSame( 'Hello <x1>bold</x1> and <x2>x <x3>link</x3></x2>.<x4/>Line', $blocks[0]['text'] );
		self::assertSame( 'strong,em,a,', $blocks[0]['shape'] );
		self::assertSame( null, $blocks[1]['text'] );
		self::assertSame( 'One & a ‹tag>', $blocks[2]['text'] );
		self::assertSame( null, Block_Texts::of( "<!-- wp:paragraph -->\n<p>[gallery] see https://example.org</p>\n<!-- /wp:paragraph -->" )[0]['text'], 'tokens: unread' );
	}

	/**
	 * @testdox updating a published linked translation teaches the memory each block an editor changed, as human, aligned with the original
	 */
	public function test_updating_a_published_linked_translation_teaches_the_memory_each_block(): void {
		wp_set_current_user( 1 );
		Memory_Store::clear();
		$original = wp_insert_post(
			array(
				'post_status'  => 'publish',
				'post_title'   => 'Village news',
				'post_content' => "<!-- wp:paragraph -->\n<p>The bridge is open.</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:paragraph -->\n<p>The market is <strong>closed</strong>.</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:paragraph -->\n<p>Rain tomorrow.</p>\n<!-- /wp:paragraph -->",
			)
		);
		$made     = "<!-- wp:paragraph -->\n<p>Мост открыт.</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:paragraph -->\n<p>Рынок <strong>закрыт</strong>.</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:paragraph -->\n<p>Дождь завтра.</p>\n<!-- /wp:paragraph -->";
		$response = circassian_test_rest(
			'POST',
			'/circassian/v1/translations',
			array(
				'original' => $original,
				'language' => 'ru',
				'source'   => 'en',
				'title'    => 'Новости села',
				'content'  => $made,
			)
		);
		self::assertSame( 201, $response->get_status() );
		$draft = (int) $response->get_data()['id'];
		// Published as made: nothing an editor changed, nothing taught.
		wp_update_post(
			array(
				'ID'          => $draft,
				'post_status' => 'publish',
			)
		);
		self::assertSame( array(), Memory_Store::stats(), 'nothing taught' );
		// The editor corrects the first and second blocks (inline element kept) and the title.
		wp_update_post(
			array(
				'ID'           => $draft,
				'post_title'   => 'Новости деревни',
				'post_content' => str_replace( array( 'Мост открыт.', 'Рынок <strong>закрыт</strong>.' ), array( 'Мост снова открыт.', 'Базар <strong>закрыт</strong>.' ), $made ),
			)
		);
		$known = Memory_Store::lookup( 'en', 'ru', array( 'The bridge is open.', 'The market is <x1>closed</x1>.', 'Rain tomorrow.', 'Village news' ) );
		ksort( $known );
		self::assertSame(
			array(
				'The bridge is open.'            => 'Мост снова открыт.',
				'The market is <x1>closed</x1>.' => 'Базар <x1>закрыт</x1>.',
				'Village news'                   => 'Новости деревни',
			),
			$known
		);
		self::assertSame( 3, Memory_Store::stats()[0]['human'] );

		// A block added, and one turned into a heading: the blocks before and after still line up, the changed one teaches nothing.
		Memory_Store::clear();
		wp_update_post(
			array(
				'ID'           => $draft,
				'post_content' => str_replace(
					array( "Мост открыт.</p>\n<!-- /wp:paragraph -->", "<!-- wp:paragraph -->\n<p>Рынок <strong>закрыт</strong>.</p>\n<!-- /wp:paragraph -->", 'Дождь завтра.' ),
					array( "Мост открыт!</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:paragraph -->\n<p>Новый абзац.</p>\n<!-- /wp:paragraph -->", "<!-- wp:heading -->\n<h2>Рынок закрыт!</h2>\n<!-- /wp:heading -->", 'Завтра дождь.' ),
					$made
				),
			)
		);
		$known = Memory_Store::lookup( 'en', 'ru', array( 'The bridge is open.', 'The market is <x1>closed</x1>.', 'Rain tomorrow.' ) );
		ksort( $known );
		self::assertSame(
			array(
				'Rain tomorrow.'      => 'Завтра дождь.',
				'The bridge is open.' => 'Мост открыт!',
			),
			$known,
			'the aligned start and end only'
		);
		self::assertSame( '', (string) get_post_meta( $original, Linked_Translations::META_LANGUAGE, true ), 'the original is no translation' );
	}

	/**
	 * @testdox TMX: an export imports into an empty memory with the same units, and exports the same bytes
	 */
	public function test_tmx_an_export_imports_into_an_empty_memory_with_the_same_units_and(): void {
		Memory_Store::clear();
		Memory_Store::store(
			array(
				array(
					'source_lang' => 'ru',
					'target_lang' => 'kbd',
					'source'      => "Строка & <тег>\r\nдва",
					'target'      => 'Сатыр',
					'origin'      => 'human',
					'creator'     => 'ann "a"',
					'created'     => '2026-01-02 03:04:05',
				),
				array(
					'source_lang' => 'en',
					'target_lang' => 'ady',
					'source'      => 'Hello',
					'target'      => 'Сэлам',
					'origin'      => 'machine',
					'created'     => '2026-01-02 03:04:06',
				),
			)
		);
		$export = static function ( ?string $origin = null ): string {
			$out = fopen( 'php://memory', 'w+b' );
			Tmx_Writer::write( $out, Memory_Store::units( $origin ) );
			rewind( $out );
			return (string) stream_get_contents( $out );
		};
		$first  = $export();
		self::assertTrue( str_contains( $first, '<prop type="x-circassian-origin">human</prop>' ), 'origin prop' );
		self::assertTrue( str_contains( $first, 'creationdate="20260102T030405Z"' ), 'date' );
		self::assertTrue( ! str_contains( $export( 'human' ), 'Hello' ), 'origin filter' );
		Memory_Store::clear();
		$imported = Memory_Transfer::import_string( $first );
		self::assertSame( 2, $imported['units'] );
		self::assertSame( $first, $export(), 'export, import, export' );
		self::assertSame( "Строка & <тег>\r\nдва", Memory_Store::units( 'human' )->current()->source, 'CR LF kept' );
		self::assertSame( 'circassian_not_tmx', Memory_Transfer::import_string( '<html><body>no</body></html>' )->get_error_code(), 'not TMX' );
		self::assertSame( 'circassian_not_tmx', Memory_Transfer::import_string( '<tmx><body><tu>' )->get_error_code(), 'broken XML' );
	}

	/**
	 * @testdox TMX from other tools: header source, region subtags, several targets, inline code skipped, no origin means human
	 */
	public function test_tmx_from_other_tools_header_source_region_subtags_several_targets(): void {
		Memory_Store::clear();
		$tmx    = '<?xml version="1.0"?><!DOCTYPE tmx SYSTEM "tmx14.dtd"><tmx version="1.4"><header srclang="ru-RU" segtype="sentence" datatype="plaintext" o-tmf="x" adminlang="en" creationtool="OmegaT" creationtoolversion="6"/><body>'
			. '<tu><tuv xml:lang="ru-RU"><seg>Дом</seg></tuv><tuv xml:lang="kbd-Cyrl"><seg>Унэ</seg></tuv><tuv xml:lang="en-GB"><seg><hi>House</hi></seg></tuv></tu>'
			. '<tu><tuv xml:lang="ru"><seg>Код <ph>{0}</ph></seg></tuv><tuv xml:lang="kbd"><seg>x</seg></tuv></tu>'
			. '<tu><tuv xml:lang="ru"><seg>Привет</seg></tuv><tuv xml:lang="de"><seg>Hallo</seg></tuv></tu>'
			. '<tu><prop type="x-circassian-origin">robot</prop><tuv xml:lang="ru"><seg>Да</seg></tuv><tuv xml:lang="kbd"><seg>НтӀэ</seg></tuv></tu>'
			. '<!-- a comment --><tu><tuv xml:lang="ru"><seg><![CDATA[Вода]]></seg></tuv><tuv xml:lang="kbd"><seg>Псы</seg></tuv></tu>'
			. '</body></tmx>';
		$result = Memory_Transfer::import_string( $tmx );
		self::assertSame( 3, $result['units'], 'ru→kbd and ru→en of one <tu>, and the CDATA one' );
		self::assertSame(
			array(
				'inline-code' => 1,
				'no-target'   => 1,
				'origin'      => 1,
			),
			$result['skipped']
		);
		self::assertSame( array( 'Дом' => 'House' ), Memory_Store::lookup( 'ru', 'en', array( 'Дом' ) ) );
		self::assertSame( array( 'Вода' => 'Псы' ), Memory_Store::lookup( 'ru', 'kbd', array( 'Вода' ) ) );
		self::assertSame( 3, Memory_Store::stats()[0]['human'] + Memory_Store::stats()[1]['human'] );
		Memory_Store::clear();
	}
}
