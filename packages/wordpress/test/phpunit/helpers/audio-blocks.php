<?php
/**
 * Audio blocks and the speech made for them, for the ownership tests.
 */
use PHPUnit\Framework\Assert;

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
