<?php
/**
 * Posts of the shared corpus (test/corpus).
 */

/** A post of the corpus (test/corpus), unsaved, with the title given. */
function circassian_test_corpus_post( string $name, string $title ): WP_Post {
	return new WP_Post(
		(object) array(
			'ID'           => 0,
			'post_title'   => $title,
			'post_content' => (string) file_get_contents( dirname( __DIR__, 2 ) . "/corpus/{$name}.txt" ),
		)
	);
}
