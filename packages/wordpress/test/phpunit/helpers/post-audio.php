<?php
/**
 * Post audio switched on for posts, the player after the content, as most of the tests want it; posts
 * voiced and then edited, and posts with a WAV attachment, for the voicing and player tests.
 */
use Circassian\Post_Audio;

function circassian_test_post_audio_on(): void {
	update_option(
		Post_Audio\Settings::OPTION,
		array(
			'post_types' => array( 'post' ),
			'placement'  => 'after',
		)
	);
}

/**
 * A published post voiced once, then its title edited: its audio is of an earlier text and is being
 * remade. Returns the post and the audio it had.
 *
 * @return array{0: int, 1: array<string, mixed>}
 */
function circassian_test_voiced_post_then_edited(): array {
	wp_set_current_user( 1 );
	circassian_test_post_audio_on();
	$post = wp_insert_post(
		array(
			'post_title'   => 'Тхыгъэ',
			'post_status'  => 'publish',
			'post_content' => '<!-- wp:paragraph --><p>Сэ кӀуэ.</p><!-- /wp:paragraph -->',
		)
	);
	Post_Audio\Scheduler::make( $post );
	$earlier = get_post_meta( $post, Post_Audio\Audio_State::META_AUDIO, true );
	wp_update_post(
		array(
			'ID'         => $post,
			'post_title' => 'Тхыгъэщ',
		)
	);
	return array( $post, $earlier );
}

/**
 * A published post and a WAV attachment of it named $file (no file behind it), not yet its audio.
 *
 * @return array{0: int, 1: int}
 */
function circassian_test_post_and_wav( string $file ): array {
	$post = wp_insert_post(
		array(
			'post_title'  => 'Щхьэ',
			'post_status' => 'publish',
		)
	);
	return array(
		$post,
		wp_insert_attachment(
			array(
				'post_mime_type' => 'audio/wav',
				'post_title'     => 'Щхьэ',
			),
			$file,
			$post
		),
	);
}
