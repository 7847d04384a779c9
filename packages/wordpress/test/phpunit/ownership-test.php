<?php
/**
 * An attachment the plugin made belongs to one block of one post: regenerating replaces it only
 * then, and only when no other post or block plays it.
 */
use Circassian\Audio_Library;
use PHPUnit\Framework\Assert;
use PHPUnit\Framework\TestCase;

function circassian_test_audio_block( string $block_id, int $attachment_id ): string {
	return '<!-- wp:circassian/audio ' . wp_json_encode(
		array(
			'text'         => 'Сэ кӀуэ.',
			'attachmentId' => $attachment_id,
			'blockId'      => $block_id,
		)
	) . ' -->'
		. '<figure class="wp-block-circassian-audio"><audio controls src="' . esc_url( (string) wp_get_attachment_url( $attachment_id ) ) . '"></audio></figure><!-- /wp:circassian/audio -->';
}

function circassian_test_speech_for( int $post_id, string $block_id, int $replace_id, string $text ): int {
	$response = circassian_test_rest(
		'POST',
		'/circassian/v1/speech',
		array(
			'text'       => $text,
			'post_id'    => $post_id,
			'block_id'   => $block_id,
			'replace_id' => $replace_id,
		)
	);
	Assert::assertSame( 200, $response->get_status(), wp_json_encode( $response->get_data() ) );
	return (int) $response->get_data()['attachment']['id'];
}

final class Ownership_Test extends TestCase {

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
			get_post_meta( $a, Audio_Library::META_OWNER, true ),
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
}
