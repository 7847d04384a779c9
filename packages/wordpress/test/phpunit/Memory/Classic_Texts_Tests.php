<?php
/**
 * Classic_Texts: classic content's texts as the editor sends them (classic-paragraphs.js), so a
 * classic post's translation can teach the memory.
 */
use Circassian\Memory;
use PHPUnit\Framework\TestCase;

final class Classic_Texts_Tests extends TestCase {

	/**
	 * @testdox the corpus's classic post reads as the editor sends it: a text per paragraph with words, a paragraph of shortcodes, URLs or a page break none, one holding a shortcode or URL unread
	 */
	public function test_the_corpus_classic_post_reads_as_the_editor_sends_it(): void {
		$content = circassian_test_corpus_post( 'classic-post', 'A day at the lake' )->post_content;
		self::assertSame(
			array(
				'Last summer we walked to the lake. The water was cold and <x1>very</x1> clear.',
				null,
				'Here is the song we sang on the way home.',
				null,
				null,
			),
			array_map( static fn( ?array $part ): ?string => $part['text'] ?? null, Memory\Classic_Texts::of( $content ) )
		);
		// As the Classic block holds it once edited: paragraphs in <p>.
		self::assertSame(
			array( 'One <x1>bold</x1> line.', 'Two.' ),
			array_map( static fn( ?array $part ): ?string => $part['text'] ?? null, Memory\Classic_Texts::of( "<p>One <b>bold</b> line.</p>\n<p>[gallery ids=\"1\"]</p>\n<p>Two.</p>" ) )
		);
	}
}
