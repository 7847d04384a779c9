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

circassian_test(
	'the memory table exists on the site with its version, and clearing it empties it',
	static function () {
		global $wpdb;
		assert_same( Memory_Table::VERSION, (int) get_option( Memory_Table::VERSION_OPTION ), 'version' );
		Memory_Store::clear();
		$table = Memory_Table::name();
		assert_same( '0', (string) $wpdb->get_var( "SELECT COUNT(*) FROM {$table}" ), 'empty' ); // phpcs:ignore WordPress.WP.PreparedSQL.NotPrepared -- the plugin's table.
	}
);

circassian_test(
	'a second translation of the same texts makes no request and spends none of the user\'s characters; whitespace around a text is its own',
	static function () {
		wp_set_current_user( 1 );
		Memory_Store::clear();
		$texts = array( 'Good evening, neighbours', 'The well is dry' );
		$calls = circassian_test_batch_calls();
		$first = circassian_test_translate( $texts );
		assert_same( 200, $first->get_status(), 'first' );
		assert_same( 1, circassian_test_batch_calls() - $calls, 'one batch for two new texts' );
		assert_same( 2, $first->get_data()['memory']['stored'], 'both kept' );
		$used   = Daily_Chars::used( 1 );
		$calls  = circassian_test_batch_calls();
		$second = circassian_test_translate( array( "  Good evening, neighbours\n", 'The well is dry' ) );
		assert_same( 200, $second->get_status(), 'second' );
		assert_same( 0, circassian_test_batch_calls() - $calls, 'no request' );
		assert_same( 0, $second->get_data()['requests'] );
		assert_same( 2, $second->get_data()['memory']['hits'] );
		assert_same( $used, Daily_Chars::used( 1 ), 'no characters spent' );
		assert_same( '  ' . $first->get_data()['translations'][0] . "\n", $second->get_data()['translations'][0], 'the query\'s own whitespace' );
		assert_same( 2, Memory_Store::stats()[0]['machine'] );
		assert_true( Memory_Store::stats()[0]['saved_characters'] > 0, 'characters saved counted' );

		// A new text beside known ones: only it is sent.
		$calls = circassian_test_batch_calls();
		$third = circassian_test_translate( array( 'The well is dry', 'A new sentence' ) );
		assert_same( 1, circassian_test_batch_calls() - $calls, 'only the miss' );
		$sent = circassian_test_admin( 'GET', '/admin/calls?operation=batch' )['calls'];
		assert_same( array( 'A new sentence' ), $sent[0]['content']['request']['texts'] ?? null, 'what was sent (the log is newest first)' );
		assert_same( 1, $third->get_data()['memory']['hits'] );

		// Detected source: no memory (as core).
		$calls    = circassian_test_batch_calls();
		$detected = circassian_test_rest(
			'POST',
			'/circassian/v1/translate',
			array(
				'texts'       => $texts,
				'target_lang' => 'kbd',
			)
		);
		assert_same( false, $detected->get_data()['memory']['consulted'] );
		assert_same( 1, circassian_test_batch_calls() - $calls, 'sent when the source is detected' );
	}
);

circassian_test(
	'a human unit is never replaced by a machine one, and answers instead of the service',
	static function () {
		wp_set_current_user( 1 );
		Memory_Store::clear();
		$human = array(
			'source_lang' => 'ru',
			'target_lang' => 'kbd',
			'source'      => 'Доброе утро',
			'target'      => 'Уи пщэддджыжь фӀыуэ',
			'origin'      => 'human',
		);
		assert_same( 1, Memory_Store::store( array( $human ) )['stored'] );
		$result = Memory_Store::store( array(
			array(
				'origin' => 'machine',
				'target' => 'машина',
			) + $human,
		) );
		assert_same( 1, $result['kept_human'] );
		$calls = circassian_test_batch_calls();
		$reply = circassian_test_translate( array( 'Доброе утро' ), 'ru' );
		assert_same( 0, circassian_test_batch_calls() - $calls, 'no request' );
		assert_same( array( 'Уи пщэддджыжь фӀыуэ' ), $reply->get_data()['translations'] );
		// A look-alike palochka typed in the query matches (the service would see the same text).
		assert_same( array( 'Уи пщэддджыжь фӀыуэ' ), array_values( Memory_Store::lookup( 'ru', 'kbd', array( 'Доброе утро' ) ) ) );
	}
);

circassian_test(
	'the editor\'s texts of blocks: one text per block, inline elements as numbered markers, depth first',
	static function () {
		$blocks = Block_Texts::of( "<!-- wp:paragraph -->\n<p>Hello <strong>bold</strong> and <em>x <a href=\"/\">link</a></em>.<br>Line</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:list -->\n<ul class=\"wp-block-list\"><!-- wp:list-item -->\n<li>One &amp; a &lt;tag&gt;</li>\n<!-- /wp:list-item --></ul>\n<!-- /wp:list -->" );
		assert_same( array( 'core/paragraph', 'core/list', 'core/list-item' ), array_column( $blocks, 'name' ) );
		assert_same( 'Hello <x1>bold</x1> and <x2>x <x3>link</x3></x2>.<x4/>Line', $blocks[0]['text'] );
		assert_same( 'strong,em,a,', $blocks[0]['shape'] );
		assert_same( null, $blocks[1]['text'] );
		assert_same( 'One & a ‹tag>', $blocks[2]['text'] );
		assert_same( null, Block_Texts::of( "<!-- wp:paragraph -->\n<p>[gallery] see https://example.org</p>\n<!-- /wp:paragraph -->" )[0]['text'], 'tokens: unread' );
	}
);

circassian_test(
	'updating a published linked translation teaches the memory each block an editor changed, as human, aligned with the original',
	static function () {
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
		assert_same( 201, $response->get_status() );
		$draft = (int) $response->get_data()['id'];
		// Published as made: nothing an editor changed, nothing taught.
		wp_update_post(
			array(
				'ID'          => $draft,
				'post_status' => 'publish',
			)
		);
		assert_same( array(), Memory_Store::stats(), 'nothing taught' );
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
		assert_same(
			array(
				'The bridge is open.'            => 'Мост снова открыт.',
				'The market is <x1>closed</x1>.' => 'Базар <x1>закрыт</x1>.',
				'Village news'                   => 'Новости деревни',
			),
			$known
		);
		assert_same( 3, Memory_Store::stats()[0]['human'] );

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
		assert_same(
			array(
				'Rain tomorrow.'      => 'Завтра дождь.',
				'The bridge is open.' => 'Мост открыт!',
			),
			$known,
			'the aligned start and end only'
		);
		assert_same( '', (string) get_post_meta( $original, Linked_Translations::META_LANGUAGE, true ), 'the original is no translation' );
	}
);

circassian_test(
	'TMX: an export imports into an empty memory with the same units, and exports the same bytes',
	static function () {
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
		assert_true( str_contains( $first, '<prop type="x-circassian-origin">human</prop>' ), 'origin prop' );
		assert_true( str_contains( $first, 'creationdate="20260102T030405Z"' ), 'date' );
		assert_true( ! str_contains( $export( 'human' ), 'Hello' ), 'origin filter' );
		Memory_Store::clear();
		$imported = Memory_Transfer::import_string( $first );
		assert_same( 2, $imported['units'] );
		assert_same( $first, $export(), 'export, import, export' );
		assert_same( "Строка & <тег>\r\nдва", Memory_Store::units( 'human' )->current()->source, 'CR LF kept' );
		assert_same( 'circassian_not_tmx', Memory_Transfer::import_string( '<html><body>no</body></html>' )->get_error_code(), 'not TMX' );
		assert_same( 'circassian_not_tmx', Memory_Transfer::import_string( '<tmx><body><tu>' )->get_error_code(), 'broken XML' );
	}
);

circassian_test(
	'TMX from other tools: header source, region subtags, several targets, inline code skipped, no origin means human',
	static function () {
		Memory_Store::clear();
		$tmx    = '<?xml version="1.0"?><!DOCTYPE tmx SYSTEM "tmx14.dtd"><tmx version="1.4"><header srclang="ru-RU" segtype="sentence" datatype="plaintext" o-tmf="x" adminlang="en" creationtool="OmegaT" creationtoolversion="6"/><body>'
			. '<tu><tuv xml:lang="ru-RU"><seg>Дом</seg></tuv><tuv xml:lang="kbd-Cyrl"><seg>Унэ</seg></tuv><tuv xml:lang="en-GB"><seg><hi>House</hi></seg></tuv></tu>'
			. '<tu><tuv xml:lang="ru"><seg>Код <ph>{0}</ph></seg></tuv><tuv xml:lang="kbd"><seg>x</seg></tuv></tu>'
			. '<tu><tuv xml:lang="ru"><seg>Привет</seg></tuv><tuv xml:lang="de"><seg>Hallo</seg></tuv></tu>'
			. '<tu><prop type="x-circassian-origin">robot</prop><tuv xml:lang="ru"><seg>Да</seg></tuv><tuv xml:lang="kbd"><seg>НтӀэ</seg></tuv></tu>'
			. '<!-- a comment --><tu><tuv xml:lang="ru"><seg><![CDATA[Вода]]></seg></tuv><tuv xml:lang="kbd"><seg>Псы</seg></tuv></tu>'
			. '</body></tmx>';
		$result = Memory_Transfer::import_string( $tmx );
		assert_same( 3, $result['units'], 'ru→kbd and ru→en of one <tu>, and the CDATA one' );
		assert_same(
			array(
				'inline-code' => 1,
				'no-target'   => 1,
				'origin'      => 1,
			),
			$result['skipped']
		);
		assert_same( array( 'Дом' => 'House' ), Memory_Store::lookup( 'ru', 'en', array( 'Дом' ) ) );
		assert_same( array( 'Вода' => 'Псы' ), Memory_Store::lookup( 'ru', 'kbd', array( 'Вода' ) ) );
		assert_same( 3, Memory_Store::stats()[0]['human'] + Memory_Store::stats()[1]['human'] );
		Memory_Store::clear();
	}
);
