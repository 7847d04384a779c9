<?php
/**
 * Post_Audio\Speech_Request: what a post's audio reads.
 */
use Circassian\Post_Audio;
use PHPUnit\Framework\TestCase;

final class Post_Audio_Speech_Request_Tests extends TestCase {

	/**
	 * @testdox a post is read title first, leaving out code, players and blocks marked "not in audio"
	 */
	public function test_a_post_is_read_title_first_leaving_out_code_players_and_blocks_marked(): void {
		$post = new WP_Post(
			(object) array(
				'ID'           => 0,
				'post_title'   => 'Сэ &amp; уэ',
				'post_content' => '<!-- wp:paragraph --><p>Япэ <strong>абзац</strong>.</p><!-- /wp:paragraph -->'
					. '<!-- wp:code --><pre class="wp-block-code"><code>echo 1;</code></pre><!-- /wp:code -->'
					. '<!-- wp:paragraph {"circassianNotInAudio":true} --><p>Зыхэмыхьэр.</p><!-- /wp:paragraph -->'
					. '<!-- wp:group --><div class="wp-block-group"><!-- wp:heading --><h2>Щхьэ</h2><!-- /wp:heading --></div><!-- /wp:group -->'
					. '<!-- wp:circassian/audio {"text":"Блок"} --><figure class="wp-block-circassian-audio"><audio controls src="x.wav"></audio><figcaption>Блок</figcaption></figure><!-- /wp:circassian/audio -->',
			)
		);
		self::assertSame( "Сэ & уэ\n\nЯпэ абзац.\n\nЩхьэ", Post_Audio\Speech_Request::text( $post ) );
	}

	/**
	 * @testdox a classic post of the corpus is read without shortcodes, their attributes or URLs, a caption's and an enclosing shortcode's words kept
	 */
	public function test_a_classic_post_of_the_corpus_is_read_without_shortcodes_their(): void {
		$post = circassian_test_corpus_post( 'classic-post', 'A day at the lake' );
		self::assertSame(
			"A day at the lake\n\nLast summer we walked to the lake. The water was cold and very clear.\nThe lake at dawn\nHere is the song we sang on the way home.\nBring warm clothes next time.\nPhotos by Anna, see for more.",
			Post_Audio\Speech_Request::text( $post )
		);
	}

	/**
	 * @testdox a block post of the corpus is read without shortcode, embed (legacy core-embed too), more and nextpage blocks, nor a shortcode or URL inside a paragraph
	 */
	public function test_a_block_post_of_the_corpus_is_read_without_shortcode_embed_legacy_core(): void {
		$post = circassian_test_corpus_post( 'block-post', 'The bridge' );
		self::assertSame(
			"The bridge\n\nOur village has a new bridge over the river.\n\nThe old one stood for sixty years\nBuilt in 1956\nand served us well.\n\nSee the council's notice at .",
			Post_Audio\Speech_Request::text( $post )
		);
	}
}
