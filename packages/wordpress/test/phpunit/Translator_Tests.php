<?php
/**
 * Translator: texts packed into batches within the interface's limits.
 */
use Circassian\Translator;
use PHPUnit\Framework\TestCase;

final class Translator_Tests extends TestCase {

	/**
	 * @testdox batches hold at most 50 texts and 20000 characters
	 */
	public function test_batches_hold_at_most_50_texts_and_20000_characters(): void {
		$counts = array_map( 'count', Translator::pack( array_map( 'strval', range( 1, 120 ) ) ) );
		self::assertSame( array( 50, 50, 20 ), $counts );
		$counts = array_map( 'count', Translator::pack( array( str_repeat( 'а', 9000 ), str_repeat( 'б', 9000 ), str_repeat( 'в', 9000 ) ) ) );
		self::assertSame( array( 2, 1 ), $counts );
	}
}
