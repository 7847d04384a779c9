<?php
/**
 * Post_Language: the language a post is read in, and where it came from.
 */
use Circassian\Language;
use Circassian\Service;
use Circassian\Translation;
use PHPUnit\Framework\TestCase;

final class Post_Language_Tests extends TestCase {

	/**
	 * @testdox the language chosen for the post wins, then a translation's; a language the service does not speak falls through to the site's default, with no detection when none may be asked
	 */
	public function test_the_chosen_language_wins_and_an_unspoken_one_falls_through(): void {
		$post = get_post( wp_insert_post( array( 'post_title' => 'Щхьэ' ) ) );
		self::assertSame(
			array(
				'language' => 'ady',
				'source'   => Language\Post_Language::CHOSEN,
			),
			Language\Post_Language::of( $post, 'ady', 'Щхьэ', false )
		);
		update_post_meta( $post->ID, Translation\Linked_Translations::META_LANGUAGE, 'ru' );
		self::assertSame( Language\Post_Language::TRANSLATION, Language\Post_Language::of( $post, '', 'Щхьэ', false )['source'] );
		update_post_meta( $post->ID, Translation\Linked_Translations::META_LANGUAGE, 'tr' );
		self::assertSame(
			array(
				'language' => Service\Settings::defaults()['language'],
				'source'   => Language\Post_Language::SITE,
			),
			Language\Post_Language::of( $post, 'tr', 'Merhaba', false )
		);
		wp_delete_post( $post->ID, true );
	}
}
