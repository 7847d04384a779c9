<?php
/**
 * Linked_Translations: translated drafts linked to their original, keeping what it stores beside
 * its text.
 */
use Circassian\Translation;
use PHPUnit\Framework\TestCase;

final class Linked_Translations_Tests extends TestCase {

	/**
	 * @testdox a translation saved through the route is a draft of the original's type, by the current user, linked to its original and language
	 */
	public function test_a_translation_saved_through_the_route_is_a_draft_of_the_original_s(): void {
		wp_set_current_user( 1 );
		$original = wp_insert_post(
			array(
				'post_type'    => 'page',
				'post_status'  => 'publish',
				'post_title'   => 'Morning news',
				'post_content' => '<!-- wp:paragraph --><p>Good morning</p><!-- /wp:paragraph -->',
			)
		);
		$content  = '<!-- wp:circassian/audio {"text":"a \u003cb\u003e \\"quoted\\" text"} /-->';
		$response = circassian_test_rest(
			'POST',
			'/circassian/v1/translations',
			array(
				'original' => $original,
				'language' => 'ru',
				'title'    => '[ru] Утренние <b>новости</b>',
				'content'  => $content,
			)
		);
		self::assertSame( 201, $response->get_status(), 'create' );
		$draft = get_post( $response->get_data()['id'] );
		self::assertSame( 'page', $draft->post_type );
		self::assertSame( 'draft', $draft->post_status );
		self::assertSame( 1, (int) $draft->post_author );
		self::assertSame( '[ru] Утренние новости', $draft->post_title, 'the title as plain text' );
		self::assertSame( $content, $draft->post_content, 'block markup kept byte for byte (slashes and escapes)' );
		self::assertSame( $original, (int) get_post_meta( $draft->ID, Translation\Linked_Translations::META_ORIGINAL, true ) );
		self::assertSame( 'ru', get_post_meta( $draft->ID, Translation\Linked_Translations::META_LANGUAGE, true ) );

		$from_draft = circassian_test_rest( 'GET', '/circassian/v1/translations/' . $draft->ID )->get_data();
		self::assertSame( $original, $from_draft['original']['id'], 'the draft names its original' );
		self::assertSame( 'Morning news', $from_draft['original']['title'] );
		self::assertSame( 'ru', $from_draft['language'] );
		self::assertSame( array(), $from_draft['translations'] );
		$from_original = circassian_test_rest( 'GET', '/circassian/v1/translations/' . $original )->get_data();
		self::assertSame( null, $from_original['original'] );
		self::assertSame( array( $draft->ID ), array_column( $from_original['translations'], 'id' ), 'the original lists its translation' );
		self::assertSame( 'ru', $from_original['translations'][0]['language'] );
		self::assertSame( 'draft', $from_original['translations'][0]['status'] );
		self::assertTrue( str_contains( $from_original['translations'][0]['edit_link'], 'post=' . $draft->ID ), 'edit link' );

		// The meta is in the REST API (registered, show_in_rest) for the block editor's own reads.
		$rest = circassian_test_rest( 'GET', '/wp/v2/pages/' . $draft->ID, array( 'context' => 'edit' ) )->get_data();
		self::assertSame( $original, $rest['meta'][ Translation\Linked_Translations::META_ORIGINAL ] );
		self::assertSame( 'ru', $rest['meta'][ Translation\Linked_Translations::META_LANGUAGE ] );
	}

	/**
	 * @testdox without Polylang, saving a translation links it through the plugin's meta alone (Polylang's functions are looked for, never assumed)
	 */
	public function test_without_polylang_saving_a_translation_links_it_through_the_plugin_s(): void {
		self::assertTrue( ! function_exists( 'pll_set_post_language' ), 'this site has Polylang: the test expects a site without it' );
		wp_set_current_user( 1 );
		$original = wp_insert_post(
			array(
				'post_status' => 'publish',
				'post_title'  => 'Plain',
			)
		);
		$draft    = Translation\Linked_Translations::create_draft( get_post( $original ), 'en', 'Plain', '' );
		self::assertTrue( is_int( $draft ), 'draft' );
		self::assertSame( $original, Translation\Linked_Translations::links( $draft )['original']['id'] );
	}

	/**
	 * @testdox a translated draft keeps what its original stores beside its text: the password, sticky, the menu order, and the parent (its translation in that language when there is one)
	 */
	public function test_a_translated_draft_keeps_what_its_original_stores_beside_its_text_the(): void {
		wp_set_current_user( 1 );
		$protected = wp_insert_post(
			array(
				'post_status'   => 'publish',
				'post_title'    => 'For the family',
				'post_password' => 'birthday',
			)
		);
		stick_post( $protected );
		$draft = get_post( Translation\Linked_Translations::create_draft( get_post( $protected ), 'kbd', 'Унагъуэм папщӀэ', '' ) );
		self::assertSame( 'birthday', $draft->post_password, 'published, it is as protected as its original' );
		self::assertTrue( is_sticky( $draft->ID ), 'sticky like its original' );
		unstick_post( $protected );
		unstick_post( $draft->ID );

		$parent = wp_insert_post(
			array(
				'post_type'   => 'page',
				'post_status' => 'publish',
				'post_title'  => 'About the village',
			)
		);
		$child  = wp_insert_post(
			array(
				'post_type'   => 'page',
				'post_status' => 'publish',
				'post_title'  => 'History of the bridge',
				'post_parent' => $parent,
				'menu_order'  => 3,
			)
		);
		$before = get_post( Translation\Linked_Translations::create_draft( get_post( $child ), 'kbd', 'Лъэмыжым и тхыдэ', '' ) );
		self::assertSame( $parent, $before->post_parent, 'no translation of the parent yet: under the original parent' );
		self::assertSame( 3, (int) $before->menu_order );
		self::assertSame( '', $before->post_password );
		self::assertTrue( ! is_sticky( $before->ID ), 'not sticky' );

		$parent_kbd = Translation\Linked_Translations::create_draft( get_post( $parent ), 'kbd', 'Къуажэм и гугъу', '' );
		$parent_ru  = Translation\Linked_Translations::create_draft( get_post( $parent ), 'ru', 'О деревне', '' );
		$after      = get_post( Translation\Linked_Translations::create_draft( get_post( $child ), 'kbd', 'Лъэмыжым и тхыдэ', '' ) );
		self::assertSame( $parent_kbd, $after->post_parent, 'under the parent\'s Kabardian translation, not its Russian one' );
		self::assertTrue( $parent_ru !== $after->post_parent, 'not the Russian parent' );
	}

	/**
	 * @testdox a translated draft keeps its original's categories, tags and format, featured image, page template and discussion settings
	 */
	public function test_a_translated_draft_keeps_its_original_s_categories_tags_and_format(): void {
		wp_set_current_user( 1 );
		$category = wp_insert_term( 'Village life', 'category' )['term_id'];
		$image    = wp_insert_attachment(
			array(
				'post_title'     => 'The bridge',
				'post_mime_type' => 'image/jpeg',
				'post_status'    => 'inherit',
			)
		);
		$original = wp_insert_post(
			array(
				'post_status'    => 'publish',
				'post_title'     => 'Welcome to our village',
				'comment_status' => 'closed',
				'ping_status'    => 'closed',
			)
		);
		wp_set_object_terms( $original, array( (int) $category ), 'category' );
		wp_set_object_terms( $original, array( 'bridge', 'river' ), 'post_tag' );
		set_post_format( $original, 'gallery' );
		update_post_meta( $original, '_thumbnail_id', $image );
		$draft = get_post( Translation\Linked_Translations::create_draft( get_post( $original ), 'kbd', 'Дыкъуажэм фыкъеблагъэ', '' ) );
		self::assertSame( array( (int) $category ), wp_get_object_terms( $draft->ID, 'category', array( 'fields' => 'ids' ) ), 'its category, not Uncategorized' );
		self::assertSame( array( 'bridge', 'river' ), wp_get_object_terms( $draft->ID, 'post_tag', array( 'fields' => 'names' ) ) );
		self::assertSame( 'gallery', get_post_format( $draft->ID ) );
		self::assertSame( $image, get_post_thumbnail_id( $draft->ID ), 'the featured image' );
		self::assertSame( 'closed', $draft->comment_status );
		self::assertSame( 'closed', $draft->ping_status );

		$page = wp_insert_post(
			array(
				'post_type'   => 'page',
				'post_status' => 'publish',
				'post_title'  => 'About the village',
			)
		);
		update_post_meta( $page, '_wp_page_template', 'page-wide' );
		$page_draft = Translation\Linked_Translations::create_draft( get_post( $page ), 'kbd', 'Къуажэм и гугъу', '' );
		self::assertSame( 'page-wide', get_page_template_slug( $page_draft ) );
	}

	/**
	 * @testdox a private post's translation is published privately, as its password would be kept: publishing the draft never makes it public
	 */
	public function test_a_private_posts_translation_is_published_privately(): void {
		wp_set_current_user( 1 );
		$original = wp_insert_post(
			array(
				'post_title'   => 'Private news',
				'post_status'  => 'private',
				'post_content' => '<!-- wp:paragraph --><p>Only for us.</p><!-- /wp:paragraph -->',
			)
		);
		$response = circassian_test_rest(
			'POST',
			'/circassian/v1/translations',
			array(
				'original' => $original,
				'language' => 'ru',
				'source'   => 'en',
				'title'    => 'Частные новости',
				'content'  => '<!-- wp:paragraph --><p>Только для нас.</p><!-- /wp:paragraph -->',
			)
		);
		$draft    = (int) $response->get_data()['id'];
		self::assertSame( 'draft', get_post_status( $draft ) );
		wp_update_post(
			array(
				'ID'          => $draft,
				'post_status' => 'publish',
			)
		);
		self::assertSame( 'private', get_post_status( $draft ), 'published, it stays as private as its original' );
		$public = wp_insert_post(
			array(
				'post_title'  => 'Public',
				'post_status' => 'publish',
			)
		);
		self::assertSame( 'publish', get_post_status( $public ), 'other posts publish as ever' );
		foreach ( array( $original, $draft, $public ) as $post ) {
			wp_delete_post( $post, true );
		}
	}
}
