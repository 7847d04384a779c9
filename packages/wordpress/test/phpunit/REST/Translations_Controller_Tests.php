<?php
/**
 * The translations routes: who may make a translated draft or read its links.
 */
use PHPUnit\Framework\TestCase;

final class Translations_Controller_Tests extends TestCase {

	/**
	 * @testdox only someone who may edit the original makes a translation of it or reads its links; a bad language gets 400
	 */
	public function test_only_someone_who_may_edit_the_original_makes_a_translation_of_it_or(): void {
		wp_set_current_user( 1 );
		$original = wp_insert_post(
			array(
				'post_status' => 'publish',
				'post_title'  => 'Admin\'s post',
			)
		);
		$author   = circassian_test_user( 'author' );
		$own      = wp_insert_post(
			array(
				'post_status' => 'draft',
				'post_title'  => 'Mine',
				'post_author' => $author,
			)
		);
		// Who asks, for which post, in which language, and the status they get.
		$cases = array(
			'author on another\'s post' => array( $author, $original, 'ru', 403 ),
			'subscriber'                => array( circassian_test_user( 'subscriber' ), $original, 'ru', 403 ),
			'language'                  => array( 1, $original, 'Russian', 400 ),
			'no such post'              => array( 1, 999999, 'ru', 403 ),
			'author on own post'        => array( $author, $own, 'kbd', 201 ),
		);
		foreach ( $cases as $label => list( $user, $post, $language, $status ) ) {
			wp_set_current_user( $user );
			$response = circassian_test_rest(
				'POST',
				'/circassian/v1/translations',
				array(
					'original' => $post,
					'language' => $language,
					'title'    => 'Сэ',
				)
			);
			self::assertSame( $status, $response->get_status(), $label );
		}
		wp_set_current_user( $author );
		self::assertSame( 403, circassian_test_rest( 'GET', '/circassian/v1/translations/' . $original )->get_status(), 'author reading links' );
	}
}
