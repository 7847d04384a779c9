<?php
/**
 * Post_Language: the language a post is read in, and where it came from.
 */
use Circassian\Language;
use Circassian\Post_Audio;
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

	/**
	 * @testdox the text of a private or password-protected post is never sent for detection, nor that of any post when a Contributor (who may not spend the key) opens it: its state answers the site's default
	 */
	public function test_no_detection_for_a_post_visitors_cannot_read_nor_for_whoever_may_not_spend(): void {
		wp_set_current_user( 1 );
		update_option( Post_Audio\Settings::OPTION, array( 'post_types' => array( 'post' ) ) );
		$detects   = static fn(): int => count( circassian_test_admin( 'GET', '/admin/calls?operation=detect&limit=10000' )['calls'] ?? array() );
		$state     = static fn( int $post, string $title ) => circassian_test_rest(
			'POST',
			"/circassian/v1/post-audio/{$post}/state",
			array(
				'title'   => $title,
				'content' => '<!-- wp:paragraph --><p>Сэ кӀуэ, уэ укӀуэ, ар макӀуэ.</p><!-- /wp:paragraph -->',
			)
		);
		$private   = wp_insert_post(
			array(
				'post_title'  => 'Хъыбар',
				'post_status' => 'private',
			)
		);
		$protected = wp_insert_post(
			array(
				'post_title'    => 'Хъыбар',
				'post_status'   => 'publish',
				'post_password' => 'secret',
			)
		);
		$before    = $detects();
		foreach ( array( $private, $protected ) as $post ) {
			$answer = $state( $post, 'Хъыбар ' . $post )->get_data();
			self::assertSame( array( Service\Settings::defaults()['language'], Language\Post_Language::SITE ), array( $answer['language'], $answer['language_source'] ), "post {$post}" );
		}
		self::assertSame( $before, $detects(), 'nothing of a post a visitor cannot read was sent' );

		$contributor = circassian_test_user( 'contributor' );
		wp_set_current_user( $contributor );
		$draft = wp_insert_post(
			array(
				'post_title'  => 'Хъыбар',
				'post_status' => 'draft',
				'post_author' => $contributor,
			)
		);
		for ( $i = 0; $i < 3; $i++ ) {
			self::assertSame( 200, $state( $draft, "Хъыбар щӀэ {$i}" )->get_status() );
		}
		self::assertSame( $before, $detects(), "a Contributor's new titles make no detect call on the site's key" );
		wp_set_current_user( 1 );
		foreach ( array( $private, $protected, $draft ) as $post ) {
			wp_delete_post( $post, true );
		}
		delete_option( Post_Audio\Settings::OPTION );
	}

	/**
	 * @testdox a text detected once is answered again without a call, for another post too
	 */
	public function test_a_text_detected_once_is_answered_again_without_a_call(): void {
		wp_set_current_user( 1 );
		$detects = static fn(): int => count( circassian_test_admin( 'GET', '/admin/calls?operation=detect&limit=10000' )['calls'] ?? array() );
		$text    = 'Адыгэбзэр бзэ дахэщ, ' . wp_generate_password( 8, false ) . ' ди бзэщ.';
		$before  = $detects();
		$first   = Language\Post_Language::translated_from( null, array( $text ) );
		self::assertNotSame( '', $first );
		self::assertSame( $first, Language\Post_Language::translated_from( get_post( wp_insert_post( array( 'post_title' => 'Бзэ' ) ) ), array( $text ) ) );
		self::assertSame( 1, $detects() - $before, 'detect calls for one text' );
	}
}
