<?php
/**
 * Audio_Library: the source hash the editor shares, and which attachment a block may replace.
 */
use Circassian\Audio;
use PHPUnit\Framework\TestCase;

final class Audio_Library_Tests extends TestCase {

	/**
	 * @testdox the source hash is the one the editor computes
	 */
	public function test_the_source_hash_is_the_one_the_editor_computes(): void {
		$hash = Audio\Audio_Library::source_hash(
			array(
				'text'     => 'Уи пщэддджыжь фӀыуэ.',
				'language' => 'kbd',
				'voice'    => 'female',
				'speed'    => 0.85,
				'instruct' => '',
			)
		);
		self::assertSame( (string) getenv( 'CIRCASSIAN_TEST_JS_HASH' ), $hash );
	}

	/**
	 * @testdox regenerating replaces the audio only when it is this block's own and no other post or block plays it
	 */
	public function test_regenerating_replaces_the_audio_only_when_it_is_this_block_s_own_and(): void {
		wp_set_current_user( 1 );
		$post = wp_insert_post(
			array(
				'post_title'   => 'Owner',
				'post_status'  => 'publish',
				'post_content' => '',
			)
		);
		$a    = circassian_test_speech_for( $post, 'block-one', 0, 'Сэ кӀуэ.' );
		self::assertSame(
			array(
				'post'  => $post,
				'block' => 'block-one',
			),
			get_post_meta( $a, Audio\Audio_Library::META_OWNER, true ),
			'owner'
		);
		wp_update_post(
			array(
				'ID'           => $post,
				'post_content' => circassian_test_audio_block( 'block-one', $a ),
			)
		);
		$other = wp_insert_post(
			array(
				'post_title'   => 'Translated copy',
				'post_status'  => 'publish',
				'post_content' => circassian_test_audio_block( 'block-copy', $a ),
			)
		);

		$b = circassian_test_speech_for( $post, 'block-one', $a, 'Сэ кӀуэ, уэри.' );
		self::assertSame( 'attachment', get_post_type( $a ), 'deleted while another post plays it' );

		$c = circassian_test_speech_for( $post, 'block-two', $b, 'Уэри.' );
		self::assertSame( 'attachment', get_post_type( $b ), 'deleted for another block' );

		wp_update_post(
			array(
				'ID'           => $post,
				'post_content' => circassian_test_audio_block( 'block-one', $b ) . circassian_test_audio_block( 'block-two', $c ),
			)
		);
		circassian_test_speech_for( $post, 'block-one', $b, 'Сэри.' );
		self::assertSame( false, get_post_type( $b ), 'its own, unused audio was not replaced' );

		wp_delete_post( $other, true );
		wp_delete_post( $post, true );
		self::assertSame( 'attachment', get_post_type( $a ), 'deleting posts deleted audio' );
	}

	/**
	 * @testdox the audio's file has an unguessable name: the same text voiced twice gets two names, neither made from the text alone
	 */
	public function test_the_audio_file_name_is_unguessable(): void {
		wp_set_current_user( 1 );
		$post  = wp_insert_post(
			array(
				'post_title'  => 'Хъыбар',
				'post_status' => 'draft',
			)
		);
		$names = array();
		foreach ( array( 'block-a', 'block-b' ) as $block ) {
			$names[] = basename( (string) get_attached_file( circassian_test_speech_for( $post, $block, 0, 'Сэ кӀуэ.' ) ) );
		}
		self::assertNotSame( $names[0], $names[1] );
		foreach ( $names as $name ) {
			self::assertMatchesRegularExpression( '/^circassian-kbd-[0-9a-f]{8}-[0-9a-f]{32}\.wav$/', $name, 'a random part of 128 bits beside the hash' );
		}
		foreach ( get_attached_media( 'audio', $post ) as $attachment ) {
			wp_delete_attachment( $attachment->ID, true );
		}
		wp_delete_post( $post, true );
	}
}
