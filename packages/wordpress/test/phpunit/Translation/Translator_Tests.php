<?php
/**
 * Translator: texts packed into batches within the interface's limits.
 */
use Circassian\Memory;
use Circassian\Spending;
use Circassian\Translation;
use PHPUnit\Framework\TestCase;

final class Translator_Tests extends TestCase {

	/**
	 * @testdox batches hold at most 50 texts and 20000 characters, as few as that allows and as even as core's planner makes them
	 */
	public function test_batches_hold_at_most_50_texts_and_20000_characters(): void {
		$counts = array_map( 'count', Translation\Translator::pack( array_map( 'strval', range( 1, 120 ) ) ) );
		self::assertSame( array( 40, 40, 40 ), $counts );
		$counts = array_map( 'count', Translation\Translator::pack( array( str_repeat( 'а', 9000 ), str_repeat( 'б', 9000 ), str_repeat( 'в', 9000 ) ) ) );
		self::assertSame( array( 2, 1 ), $counts );
	}

	/**
	 * @testdox a second translation of the same texts makes no request and spends none of the user's characters; whitespace around a text is its own
	 */
	public function test_a_second_translation_of_the_same_texts_makes_no_request_and_spends(): void {
		wp_set_current_user( 1 );
		Memory\Memory_Store::clear();
		$texts = array( 'Good evening, neighbours', 'The well is dry' );
		$calls = circassian_test_batch_calls();
		$first = circassian_test_translate( $texts );
		self::assertSame( 200, $first->get_status(), 'first' );
		self::assertSame( 1, circassian_test_batch_calls() - $calls, 'one batch for two new texts' );
		self::assertSame( 2, $first->get_data()['memory']['stored'], 'both kept' );
		$used   = Spending\Daily_Chars::used( 1 );
		$calls  = circassian_test_batch_calls();
		$second = circassian_test_translate( array( "  Good evening, neighbours\n", 'The well is dry' ) );
		self::assertSame( 200, $second->get_status(), 'second' );
		self::assertSame( 0, circassian_test_batch_calls() - $calls, 'no request' );
		self::assertSame( 0, $second->get_data()['requests'] );
		self::assertSame( 2, $second->get_data()['memory']['hits'] );
		self::assertSame( $used, Spending\Daily_Chars::used( 1 ), 'no characters spent' );
		self::assertSame( '  ' . $first->get_data()['translations'][0] . "\n", $second->get_data()['translations'][0], 'the query\'s own whitespace' );
		self::assertSame( 2, Memory\Memory_Store::stats()[0]['machine'] );
		self::assertTrue( Memory\Memory_Store::stats()[0]['saved_characters'] > 0, 'characters saved counted' );

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
}
