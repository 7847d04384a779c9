<?php
/**
 * Memory_Learning: a published linked translation's corrections taught to the memory as human.
 */
use Circassian\Memory;
use Circassian\Translation;
use PHPUnit\Framework\TestCase;

final class Memory_Learning_Tests extends TestCase {
	/**
	 * @testdox updating a published linked translation teaches the memory each block an editor changed, as human, aligned with the original
	 */
	public function test_updating_a_published_linked_translation_teaches_the_memory_each_block(): void {
		wp_set_current_user( 1 );
		Memory\Memory_Store::clear();
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
		self::assertSame( array(), Memory\Memory_Store::stats(), 'nothing taught' );
		// The editor corrects the first and second blocks (inline element kept) and the title.
		wp_update_post(
			array(
				'ID'           => $draft,
				'post_title'   => 'Новости деревни',
				'post_content' => str_replace( array( 'Мост открыт.', 'Рынок <strong>закрыт</strong>.' ), array( 'Мост снова открыт.', 'Базар <strong>закрыт</strong>.' ), $made ),
			)
		);
		$known = Memory\Memory_Store::lookup( 'en', 'ru', array( 'The bridge is open.', 'The market is <x1>closed</x1>.', 'Rain tomorrow.', 'Village news' ) );
		ksort( $known );
		self::assertSame(
			array(
				'The bridge is open.'            => 'Мост снова открыт.',
				'The market is <x1>closed</x1>.' => 'Базар <x1>закрыт</x1>.',
				'Village news'                   => 'Новости деревни',
			),
			$known
		);
		self::assertSame( 3, Memory\Memory_Store::stats()[0]['human'] );

		// A block added, and one turned into a heading: the blocks before and after still line up, the changed one teaches nothing.
		Memory\Memory_Store::clear();
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
		$known = Memory\Memory_Store::lookup( 'en', 'ru', array( 'The bridge is open.', 'The market is <x1>closed</x1>.', 'Rain tomorrow.' ) );
		ksort( $known );
		self::assertSame(
			array(
				'Rain tomorrow.'      => 'Завтра дождь.',
				'The bridge is open.' => 'Мост открыт!',
			),
			$known,
			'the aligned start and end only'
		);
		self::assertSame( '', (string) get_post_meta( $original, Translation\Linked_Translations::META_LANGUAGE, true ), 'the original is no translation' );
	}

	/**
	 * @testdox a classic post's linked translation teaches the paragraphs an editor corrected, lined up as the editor sent them; published as made, it teaches nothing
	 */
	public function test_a_classic_posts_translation_teaches_the_paragraphs_an_editor_corrected(): void {
		wp_set_current_user( 1 );
		Memory\Memory_Store::clear();
		$original = get_post(
			wp_insert_post(
				array(
					'post_status'  => 'publish',
					'post_title'   => 'A day at the lake',
					'post_content' => circassian_test_corpus_post( 'classic-post', 'A day at the lake' )->post_content,
				)
			)
		);
		// As the editor makes it: each paragraph's words translated, shortcodes, URLs and breaks as they were.
		$made     = str_replace(
			array( 'Last summer we walked to the lake. The water was cold and <strong>very</strong> clear.', 'Here is the song we sang on the way home.', ' The lake at dawn[/caption]' ),
			array( 'Прошлым летом мы ходили к озеру. Вода была холодной и <strong>очень</strong> прозрачной.', 'Вот песня, которую мы пели по дороге домой.', ' Озеро на рассвете[/caption]' ),
			$original->post_content
		);
		$response = circassian_test_rest(
			'POST',
			'/circassian/v1/translations',
			array(
				'original' => $original->ID,
				'language' => 'ru',
				'source'   => 'en',
				'title'    => 'День на озере',
				'content'  => $made,
			)
		);
		$draft    = (int) $response->get_data()['id'];
		wp_update_post(
			array(
				'ID'          => $draft,
				'post_status' => 'publish',
			)
		);
		self::assertSame( array(), Memory\Memory_Store::stats(), 'published as made: nothing taught' );
		wp_update_post(
			array(
				'ID'           => $draft,
				'post_content' => str_replace( 'Вот песня, которую мы пели по дороге домой.', 'Вот песня, что мы пели, возвращаясь домой.', $made ),
			)
		);
		self::assertSame(
			array( 'Here is the song we sang on the way home.' => 'Вот песня, что мы пели, возвращаясь домой.' ),
			Memory\Memory_Store::lookup( 'en', 'ru', array( 'Here is the song we sang on the way home.', 'Last summer we walked to the lake. The water was cold and <x1>very</x1> clear.' ) )
		);
	}
}
