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

	/** A published post of the current user's, and its linked Russian translation as the route makes it (published). */
	private static function translated( string $made ): array {
		$original = wp_insert_post(
			array(
				'post_status'  => 'publish',
				'post_title'   => 'News',
				'post_content' => "<!-- wp:paragraph -->\n<p>The bridge is open.</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:paragraph -->\n<p>Rain tomorrow.</p>\n<!-- /wp:paragraph -->",
			)
		);
		$response = circassian_test_rest(
			'POST',
			'/circassian/v1/translations',
			array(
				'original' => $original,
				'language' => 'ru',
				'source'   => 'en',
				'title'    => 'Новости',
				'content'  => $made,
			)
		);
		self::assertSame( 201, $response->get_status(), wp_json_encode( $response->get_data() ) );
		$draft = (int) $response->get_data()['id'];
		wp_update_post(
			array(
				'ID'          => $draft,
				'post_status' => 'publish',
			)
		);
		return array( $original, $draft );
	}

	/**
	 * @testdox an Author's correction is their suggestion, attributed and placed: it answers the Author's own translations, not an Editor's, until a reviewer accepts it
	 */
	public function test_an_authors_correction_is_a_suggestion_until_accepted(): void {
		Memory\Memory_Store::clear();
		$author = circassian_test_user( 'author' );
		$editor = circassian_test_user( 'editor' );
		wp_set_current_user( $author );
		$made                 = "<!-- wp:paragraph -->\n<p>Мост открыт.</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:paragraph -->\n<p>Дождь завтра.</p>\n<!-- /wp:paragraph -->";
		[ $original, $draft ] = self::translated( $made );
		wp_update_post(
			array(
				'ID'           => $draft,
				'post_content' => str_replace( 'Мост открыт.', 'Мост снова открыт.', $made ),
			)
		);
		$recall = static fn( int $user ): array => Memory\Memory_Store::recall( 'en', 'ru', array( 'The bridge is open.' ), get_userdata( $user ) )['answers'];
		self::assertSame( array( 'The bridge is open.' => 'Мост снова открыт.' ), $recall( $author ), 'the Author gets their correction back' );
		self::assertSame( array(), $recall( $editor ), 'nobody else does' );
		$unit = Memory\Memory_Review::recent()[0];
		self::assertSame( array( get_userdata( $author )->user_login, 'post:' . $draft, 'human' ), array( (string) $unit->suggested_by, (string) $unit->where_made, (string) $unit->origin ) );
		self::assertSame( 1, Memory\Memory_Store::stats()[0]['suggestions'] );
		self::assertTrue( Memory\Memory_Review::accept( (int) $unit->id, get_userdata( $editor ) ) );
		self::assertSame( array( 'The bridge is open.' => 'Мост снова открыт.' ), $recall( $editor ), 'accepted: everyone' );
		$accepted = Memory\Memory_Review::recent()[0];
		self::assertSame( array( '', get_userdata( $editor )->user_login ), array( (string) $accepted->suggested_by, (string) $accepted->changer ) );
		wp_set_current_user( 1 );
		wp_delete_post( $draft, true );
		wp_delete_post( $original, true );
		Memory\Memory_Store::clear();
	}

	/**
	 * @testdox a source changed after a hand edit pairs with nothing: no unit puts the original's new sentence beside the correction of its old one, until the translation is updated
	 */
	public function test_a_source_changed_after_a_hand_edit_pairs_with_nothing(): void {
		wp_set_current_user( 1 );
		Memory\Memory_Store::clear();
		$made                 = "<!-- wp:paragraph -->\n<p>Мост открыт.</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:paragraph -->\n<p>Дождь завтра.</p>\n<!-- /wp:paragraph -->";
		[ $original, $draft ] = self::translated( $made );
		$corrected            = str_replace( 'Мост открыт.', 'Мост снова открыт.', $made );
		wp_update_post(
			array(
				'ID'           => $draft,
				'post_content' => $corrected,
			)
		);
		self::assertSame( array( 'The bridge is open.' => 'Мост снова открыт.' ), Memory\Memory_Store::lookup( 'en', 'ru', array( 'The bridge is open.' ) ) );
		// The original's first sentence changes; the translation is saved again (its second block corrected), not updated.
		wp_update_post(
			array(
				'ID'           => $original,
				'post_content' => str_replace( 'The bridge is open.', 'The bridge is closed.', get_post_field( 'post_content', $original, 'raw' ) ),
			)
		);
		wp_update_post(
			array(
				'ID'           => $draft,
				'post_content' => str_replace( 'Дождь завтра.', 'Завтра дождь.', $corrected ),
			)
		);
		self::assertSame( array(), Memory\Memory_Store::lookup( 'en', 'ru', array( 'The bridge is closed.' ) ), 'the new sentence beside the old correction' );
		self::assertSame( array( 'Rain tomorrow.' => 'Завтра дождь.' ), Memory\Memory_Store::lookup( 'en', 'ru', array( 'Rain tomorrow.' ) ), 'an unchanged sentence still teaches' );
		wp_delete_post( $draft, true );
		wp_delete_post( $original, true );
		Memory\Memory_Store::clear();
	}
}
