<?php
/**
 * Leaves, on every site of a multisite network, an unfinished speech job as a long one is
 * mid-way: its record listing one part file, and a second part file being fetched (named after
 * the job, not yet listed). Prints the part files' paths as one line of JSON. Run with the PHP CLI
 * from the network's WordPress folder; the address comes as the first argument.
 */
require __DIR__ . '/load-site.php';
// wp_tempnam(), as the plugin names its part files.
require_once ABSPATH . 'wp-admin/includes/file.php';

$circassian_parts = array();
foreach ( get_sites( array( 'number' => 0 ) ) as $circassian_site ) {
	switch_to_blog( (int) $circassian_site->blog_id );
	$circassian_id    = wp_generate_uuid4();
	$circassian_files = array(
		wp_tempnam( 'circassian-' . $circassian_id . '-0.wav' ),
		wp_tempnam( 'circassian-' . $circassian_id . '-1.wav' ),
	);
	foreach ( $circassian_files as $circassian_file ) {
		file_put_contents( $circassian_file, 'RIFF' ); // phpcs:ignore WordPress.WP.AlternativeFunctions -- a local temporary file.
	}
	add_option(
		'circassian_job_' . $circassian_id,
		array(
			'id'     => $circassian_id,
			'status' => 'running',
			'files'  => array( $circassian_files[0] ),
		),
		'',
		false
	);
	$circassian_parts = array_merge( $circassian_parts, $circassian_files );
	restore_current_blog();
}
echo wp_json_encode( $circassian_parts ) . "\n";
