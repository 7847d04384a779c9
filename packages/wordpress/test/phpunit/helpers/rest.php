<?php
/**
 * Calls of the site's own REST routes, as the editor makes them.
 */

function circassian_test_rest( string $method, string $route, array $params = array() ): WP_REST_Response {
	$request = new WP_REST_Request( $method, $route );
	foreach ( $params as $name => $value ) {
		$request->set_param( $name, $value );
	}
	return rest_do_request( $request );
}

/** What an editor's "Translate" sends for a short paragraph: two words into Kabardian. */
function circassian_test_translate_good_morning(): WP_REST_Response {
	return circassian_test_rest(
		'POST',
		'/circassian/v1/translate',
		array(
			'texts'       => array( 'good morning' ),
			'target_lang' => 'kbd',
		)
	);
}
