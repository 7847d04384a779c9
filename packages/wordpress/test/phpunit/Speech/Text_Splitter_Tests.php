<?php
/**
 * Text_Splitter: long text cut into parts the service takes, at sentence ends, losing nothing.
 */
use Circassian\Speech;
use PHPUnit\Framework\TestCase;

final class Text_Splitter_Tests extends TestCase {

	/**
	 * @testdox text up to the limit stays one part
	 */
	public function test_text_up_to_the_limit_stays_one_part(): void {
		self::assertSame( array( 'Сэ кӀуэ.' ), Speech\Text_Splitter::split( '  Сэ кӀуэ.  ', 20000 ) );
	}

	/**
	 * @testdox text over the limit is split at sentence ends into parts within the limit, losing nothing
	 */
	public function test_text_over_the_limit_is_split_at_sentence_ends_into_parts_within_the(): void {
		$sentence = 'Адыгэбзэр бзэ дахэщ, абы и псалъэхэр макъамэ хуэдэщ. ';
		$text     = trim( str_repeat( $sentence, 420 ) );
		$parts    = Speech\Text_Splitter::split( $text, 20000 );
		self::assertSame( 2, count( $parts ), 'parts' );
		foreach ( $parts as $part ) {
			self::assertTrue( mb_strlen( $part ) <= 20000, 'a part is over 20000 characters' );
			self::assertTrue( str_ends_with( $part, '.' ), 'a part does not end at a sentence end' );
		}
		self::assertSame( $text, implode( ' ', $parts ), 'joined parts' );
	}

	/**
	 * @testdox a sentence longer than the limit is cut at a space
	 */
	public function test_a_sentence_longer_than_the_limit_is_cut_at_a_space(): void {
		$parts = Speech\Text_Splitter::split( str_repeat( 'слово ', 10 ), 20 );
		foreach ( $parts as $part ) {
			self::assertTrue( mb_strlen( $part ) <= 20, 'part over limit: ' . $part );
		}
		self::assertSame( str_repeat( 'слово ', 9 ) . 'слово', implode( ' ', $parts ) );
	}
}
