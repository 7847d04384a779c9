<?php
/**
 * The source language the memory is consulted in when the editor leaves it to detection: the
 * post's known language (a linked translation's, the one detected before), else the service's
 * detection, asked once per post; against the real local service's call log.
 */
use Circassian\Language;
use Circassian\Memory;
use Circassian\Translation;
use PHPUnit\Framework\TestCase;

final class Translate_Controller_Source_Tests extends TestCase {

	private static function calls( string $operation ): int {
		return count( circassian_test_admin( 'GET', '/admin/calls?operation=' . $operation . '&limit=10000' )['calls'] ?? array() );
	}

	private static function draft( string $title ): int {
		return wp_insert_post(
			array(
				'post_status' => 'draft',
				'post_title'  => $title,
			)
		);
	}

	/** What the editor sends with "Detect the language": no source_lang. */
	private static function translate_detected( array $texts, int $post, string $target = 'kbd' ): WP_REST_Response {
		return circassian_test_rest(
			'POST',
			'/circassian/v1/translate',
			array(
				'texts'       => $texts,
				'target_lang' => $target,
				'post'        => $post,
			)
		);
	}

	/**
	 * @testdox a Russian post translated twice with Detect: one detect call, then the memory answers the second time with no request
	 */
	public function test_a_russian_post_translated_twice_with_detect_one_detect_call_then(): void {
		wp_set_current_user( 1 );
		Memory\Memory_Store::clear();
		$post    = self::draft( 'Новости' );
		$texts   = array( 'Осень пришла в горы.', 'Собираем <x1>яблоки</x1> в саду.' );
		$detects = self::calls( 'detect' );
		$sent    = circassian_test_batch_calls();
		$first   = self::translate_detected( $texts, $post );
		self::assertSame( 200, $first->get_status(), (string) wp_json_encode( $first->get_data() ) );
		self::assertSame( 'ru', $first->get_data()['source_lang'] );
		self::assertSame( 1, self::calls( 'detect' ) - $detects, 'detected once' );
		self::assertSame( 1, circassian_test_batch_calls() - $sent, 'one batch' );
		self::assertSame( true, $first->get_data()['memory']['consulted'] );

		$sent   = circassian_test_batch_calls();
		$second = self::translate_detected( $texts, $post );
		self::assertSame( 0, circassian_test_batch_calls() - $sent, 'the second time: no translate or batch request' );
		self::assertSame( 1, self::calls( 'detect' ) - $detects, 'and no second detection: the post keeps its language' );
		self::assertSame( $first->get_data()['translations'], $second->get_data()['translations'] );
		self::assertSame( 2, $second->get_data()['memory']['hits'] );
		self::assertSame( 'ru', $second->get_data()['source_lang'] );
	}

	/**
	 * @testdox a linked translation's language is its source: no detection, the memory answers
	 */
	public function test_a_linked_translation_s_language_is_its_source_no_detection_the(): void {
		wp_set_current_user( 1 );
		Memory\Memory_Store::clear();
		Memory\Memory_Store::store(
			array(
				array(
					'source_lang' => 'kbd',
					'target_lang' => 'ru',
					'source'      => 'Фыкъеблагъэ',
					'target'      => 'Добро пожаловать',
					'origin'      => 'human',
				),
			)
		);
		$post = self::draft( 'Фыкъеблагъэ' );
		update_post_meta( $post, Translation\Linked_Translations::META_LANGUAGE, 'kbd' );
		$detects = self::calls( 'detect' );
		$sent    = circassian_test_batch_calls();
		$reply   = self::translate_detected( array( 'Фыкъеблагъэ' ), $post, 'ru' );
		self::assertSame( array( 'Добро пожаловать' ), $reply->get_data()['translations'] );
		self::assertSame( 0, self::calls( 'detect' ) - $detects, 'no detection' );
		self::assertSame( 0, circassian_test_batch_calls() - $sent, 'no request' );
	}

	/**
	 * @testdox the language detected before for a post (its audio's) is its source; an unknown post id is refused
	 */
	public function test_the_language_detected_before_for_a_post_is_its_source_an_unknown(): void {
		wp_set_current_user( 1 );
		$post = self::draft( 'Hello' );
		update_post_meta(
			$post,
			Language\Post_Language::META_DETECTED,
			array(
				'hash'     => md5( 'the text read aloud' ),
				'language' => 'tr',
			)
		);
		$detects = self::calls( 'detect' );
		$reply   = self::translate_detected( array( 'Good morning' ), $post );
		self::assertSame( 'tr', $reply->get_data()['source_lang'], 'the stored language, not what the service would tell from these words' );
		self::assertSame( 0, self::calls( 'detect' ) - $detects, 'no detection' );

		$someone_else = wp_insert_post(
			array(
				'post_status' => 'draft',
				'post_title'  => 'Not yours',
				'post_author' => 1,
			)
		);
		$author       = circassian_test_user( 'author' );
		wp_set_current_user( $author );
		self::assertSame( 403, self::translate_detected( array( 'Good morning' ), $someone_else )->get_status(), 'another\'s post' );
		wp_set_current_user( 1 );
	}

	/**
	 * @testdox a post already in the target language: its texts come back as they are, nothing sent or spent
	 */
	public function test_a_post_already_in_the_target_language_its_texts_come_back_as_they(): void {
		wp_set_current_user( 1 );
		$post = self::draft( 'Сэ' );
		update_post_meta( $post, Translation\Linked_Translations::META_LANGUAGE, 'kbd' );
		$sent  = circassian_test_batch_calls();
		$reply = self::translate_detected( array( 'Сэ <x1>кӀуэ</x1>.' ), $post, 'kbd' );
		self::assertSame( 200, $reply->get_status() );
		self::assertSame( 'kbd', $reply->get_data()['source_lang'], 'the editor says: already in Kabardian' );
		self::assertSame( array( 'Сэ <x1>кӀуэ</x1>.' ), $reply->get_data()['translations'] );
		self::assertSame( 0, circassian_test_batch_calls() - $sent, 'nothing sent' );
	}
}
