<?php
/**
 * The translation memory's tests: translation calls in the local service's log, and the translate route.
 */

function circassian_test_batch_calls(): int {
	return count( circassian_test_admin( 'GET', '/admin/calls?operation=batch' )['calls'] ?? array() ) + count( circassian_test_admin( 'GET', '/admin/calls?operation=translate' )['calls'] ?? array() );
}

function circassian_test_translate( array $texts, string $source = 'en', string $target = 'kbd' ): WP_REST_Response {
	return circassian_test_rest(
		'POST',
		'/circassian/v1/translate',
		array(
			'texts'       => $texts,
			'source_lang' => $source,
			'target_lang' => $target,
		)
	);
}
