<?php
/**
 * Post_Language: the language a post is read in, and where it came from.
 */
use Circassian\Linked_Translations;
use Circassian\Post_Language;
use Circassian\Settings;
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
				'source'   => Post_Language::CHOSEN,
			),
			Post_Language::of( $post, 'ady', 'Щхьэ', false )
		);
		update_post_meta( $post->ID, Linked_Translations::META_LANGUAGE, 'ru' );
		self::assertSame( Post_Language::TRANSLATION, Post_Language::of( $post, '', 'Щхьэ', false )['source'] );
		update_post_meta( $post->ID, Linked_Translations::META_LANGUAGE, 'tr' );
		self::assertSame(
			array(
				'language' => Settings::defaults()['language'],
				'source'   => Post_Language::SITE,
			),
			Post_Language::of( $post, 'tr', 'Merhaba', false )
		);
		wp_delete_post( $post->ID, true );
	}
}
