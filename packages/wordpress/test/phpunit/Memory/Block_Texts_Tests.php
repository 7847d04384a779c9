<?php
/**
 * Block_Texts: the texts of a post's blocks as the editor sends them to translation.
 */
use Circassian\Memory;
use PHPUnit\Framework\TestCase;

final class Block_Texts_Tests extends TestCase {
	/**
	 * @testdox the editor's texts of blocks: one text per block, inline elements as numbered markers, depth first
	 */
	public function test_the_editor_s_texts_of_blocks_one_text_per_block_inline_elements_as(): void {
		$blocks = Memory\Block_Texts::of( "<!-- wp:paragraph -->\n<p>Hello <strong>bold</strong> and <em>x <a href=\"/\">link</a></em>.<br>Line</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:list -->\n<ul class=\"wp-block-list\"><!-- wp:list-item -->\n<li>One &amp; a &lt;tag&gt;</li>\n<!-- /wp:list-item --></ul>\n<!-- /wp:list -->" );
		self::assertSame( array( 'core/paragraph', 'core/list', 'core/list-item' ), array_column( $blocks, 'name' ) );
		self::assertSame( 'Hello <x1>bold</x1> and <x2>x <x3>link</x3></x2>.<x4/>Line', $blocks[0]['text'] );
		self::assertSame( 'strong,em,a,', $blocks[0]['shape'] );
		self::assertSame( null, $blocks[1]['text'] );
		self::assertSame( 'One & a ‹tag>', $blocks[2]['text'] );
		self::assertSame( null, Memory\Block_Texts::of( "<!-- wp:paragraph -->\n<p>[gallery] see https://example.org</p>\n<!-- /wp:paragraph -->" )[0]['text'], 'tokens: unread' );
	}
}
