<?php
/**
 * Content_Tokens: what of a post's markup may be read aloud.
 */
use Circassian\Content;
use PHPUnit\Framework\TestCase;

final class Content_Tokens_Tests extends TestCase {

	/**
	 * @testdox an enclosing shortcode's words are kept, a self-closing one, an unregistered one's tags and every URL are not
	 */
	public function test_shortcodes_give_their_words_and_urls_are_left_out(): void {
		$text = Content\Content_Tokens::speakable( '[caption id="1" align="alignleft"]Псыхъуэ.[/caption] [gallery ids="1,2"] Еплъ https://example.org/a?b=1. [gone_plugin size=3]Уэ.[/gone_plugin]' );
		// Spacing is the caller's to tidy (an enclosing shortcode's words stand on lines of their own).
		self::assertSame( 'Псыхъуэ. Еплъ . Уэ.', trim( (string) preg_replace( '/\s+/u', ' ', $text ) ) );
		self::assertSame( array(), Content\Content_Tokens::tags( 'Сэ [ кӀуэ ] ящӀэ' ), 'brackets that are no shortcode' );
	}
}
