<?php
/**
 * Translation_Update: a post translated again into a language it already has a linked
 * translation in updates that translation (Polylang's and WPML's one post per language) instead
 * of making a second draft: only the blocks whose original changed are replaced, an editor's
 * corrections of the others are kept.
 */
use Circassian\Memory;
use Circassian\Translation;
use PHPUnit\Framework\TestCase;

final class Translation_Update_Tests extends TestCase {

	private const ORIGINAL = array( 'The bridge is open.', 'The market is closed.', 'Rain tomorrow.' );
	private const MADE     = array( 'Мост открыт.', 'Рынок закрыт.', 'Дождь завтра.' );

	private static function blocks( array $texts ): string {
		return implode( "\n\n", array_map( static fn( string $text ): string => "<!-- wp:paragraph -->\n<p>{$text}</p>\n<!-- /wp:paragraph -->", $texts ) );
	}

	/** POST /circassian/v1/translations as the panel sends it: the original's blocks as translated, their translation. */
	private static function post_translation( int $original, array $source, array $translated, string $title, bool $update = false ): WP_REST_Response {
		return circassian_test_rest(
			'POST',
			'/circassian/v1/translations',
			array_merge(
				array(
					'original'         => $original,
					'language'         => 'ru',
					'source'           => 'en',
					'title'            => $title,
					'content'          => self::blocks( $translated ),
					'original_content' => self::blocks( $source ),
					'original_title'   => 'Village news',
				),
				$update ? array( 'update' => true ) : array()
			)
		);
	}

	/**
	 * @testdox a second translation into the same language is refused with 409 naming the existing translation; no second draft is made
	 */
	public function test_a_second_translation_into_the_same_language_is_refused_with_409(): void {
		wp_set_current_user( 1 );
		$original = wp_insert_post(
			array(
				'post_status'  => 'publish',
				'post_title'   => 'Village news',
				'post_content' => self::blocks( self::ORIGINAL ),
			)
		);
		$first    = self::post_translation( $original, self::ORIGINAL, self::MADE, 'Новости села' );
		self::assertSame( 201, $first->get_status() );
		$again = self::post_translation( $original, self::ORIGINAL, self::MADE, 'Новости села' );
		self::assertSame( 409, $again->get_status() );
		$error = $again->as_error();
		self::assertSame( 'circassian_translation_exists', $error->get_error_code() );
		self::assertSame( $first->get_data()['id'], $error->get_error_data()['id'] );
		self::assertSame( 'draft', $error->get_error_data()['post_status'] );
		self::assertStringContainsString( 'post=' . $first->get_data()['id'], $error->get_error_data()['edit_link'] );
		self::assertCount( 1, Translation\Linked_Translations::links( $original )['translations'], 'one translation' );
		// Another language is no duplicate.
		$kabardian = circassian_test_rest(
			'POST',
			'/circassian/v1/translations',
			array(
				'original' => $original,
				'language' => 'kbd',
				'title'    => 'ХъыбарыщӀэхэр',
			)
		);
		self::assertSame( 201, $kabardian->get_status() );
		// A translation moved to the trash no longer counts.
		wp_trash_post( (int) $kabardian->get_data()['id'] );
		self::assertSame(
			201,
			circassian_test_rest(
				'POST',
				'/circassian/v1/translations',
				array(
					'original' => $original,
					'language' => 'kbd',
					'title'    => 'ХъыбарыщӀэхэр',
				)
			)->get_status()
		);
	}

	/**
	 * @testdox an update replaces only the blocks whose original changed, keeps an editor's correction of an unchanged block and the corrected title, and learns the new blocks as the machine's
	 */
	public function test_an_update_replaces_only_the_blocks_whose_original_changed(): void {
		wp_set_current_user( 1 );
		Memory\Memory_Store::clear();
		$original = wp_insert_post(
			array(
				'post_status'  => 'publish',
				'post_title'   => 'Village news',
				'post_content' => self::blocks( self::ORIGINAL ),
			)
		);
		$draft    = (int) self::post_translation( $original, self::ORIGINAL, self::MADE, 'Новости села' )->get_data()['id'];
		// An editor corrects the second block and the title, and saves the draft.
		wp_update_post(
			array(
				'ID'           => $draft,
				'post_title'   => 'Новости деревни',
				'post_content' => self::blocks( array( 'Мост открыт.', 'Базар закрыт.', 'Дождь завтра.' ) ),
			)
		);
		// The original's first and third blocks change; a fourth is added.
		$source = array( 'The bridge is open again.', 'The market is closed.', 'Rain on Monday.', 'Bring boots.' );
		// What the memory and the service answered for the original as it is now (the second block: the machine's words as first made).
		$update = self::post_translation( $original, $source, array( 'Мост снова открыт.', 'Рынок закрыт.', 'Дождь в понедельник.', 'Возьмите сапоги.' ), 'Новости села', true );
		self::assertSame( 200, $update->get_status() );
		self::assertSame( $draft, $update->get_data()['id'] );
		self::assertSame(
			array(
				'retranslated' => 3,
				'kept'         => 1,
				'corrected'    => 1,
				'in_review'    => 0,
				'title_kept'   => true,
			),
			$update->get_data()['updated']
		);
		$post = get_post( $draft );
		self::assertSame( self::blocks( array( 'Мост снова открыт.', 'Базар закрыт.', 'Дождь в понедельник.', 'Возьмите сапоги.' ) ), $post->post_content );
		self::assertSame( 'Новости деревни', $post->post_title );
		$earlier = array_map( static fn( WP_Post $revision ): string => $revision->post_content, wp_get_post_revisions( $draft ) );
		self::assertContains( self::blocks( array( 'Мост открыт.', 'Базар закрыт.', 'Дождь завтра.' ) ), $earlier, 'the text before the update is in its revisions' );
		self::assertCount( 1, Translation\Linked_Translations::links( $original )['translations'], 'still one translation' );

		// Published (the original saved as translated): the blocks the update put in are the machine's, so only the editor's correction is taught.
		wp_update_post(
			array(
				'ID'           => $original,
				'post_content' => self::blocks( $source ),
			)
		);
		wp_update_post(
			array(
				'ID'          => $draft,
				'post_status' => 'publish',
			)
		);
		$known = Memory\Memory_Store::lookup( 'en', 'ru', array( 'The bridge is open again.', 'The market is closed.', 'Bring boots.', 'Village news' ) );
		ksort( $known );
		self::assertSame(
			array(
				'The market is closed.' => 'Базар закрыт.',
				'Village news'          => 'Новости деревни',
			),
			$known
		);

		// The original's second block removed: its translation goes, the rest stays as it is.
		$removed = self::post_translation( $original, array( 'The bridge is open again.', 'Rain on Monday.', 'Bring boots.' ), array( 'Мост снова открыт.', 'Дождь в понедельник.', 'Возьмите сапоги.' ), 'Новости села', true );
		self::assertSame( 0, $removed->get_data()['updated']['retranslated'] );
		self::assertSame( self::blocks( array( 'Мост снова открыт.', 'Дождь в понедельник.', 'Возьмите сапоги.' ) ), get_post( $draft )->post_content );
	}

	/**
	 * @testdox only someone who may edit the existing translation updates it (403), and an update of a post with no translation in that language makes one (201)
	 */
	public function test_only_someone_who_may_edit_the_existing_translation_updates_it(): void {
		$editor   = circassian_test_user( 'editor' );
		$author   = circassian_test_user( 'author' );
		$original = wp_insert_post(
			array(
				'post_status'  => 'draft',
				'post_title'   => 'Mine',
				'post_author'  => $author,
				'post_content' => self::blocks( self::ORIGINAL ),
			)
		);
		wp_set_current_user( $editor );
		self::assertSame( 201, self::post_translation( $original, self::ORIGINAL, self::MADE, 'Моё', true )->get_status(), 'nothing to update: made' );
		wp_set_current_user( $author );
		self::assertSame( 403, self::post_translation( $original, self::ORIGINAL, self::MADE, 'Моё', true )->get_status(), "the editor's translation" );
	}
}
