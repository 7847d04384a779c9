<?php
/**
 * Post audio switched on for posts, the player after the content, as most of the tests want it.
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
