<?php
/**
 * The shared test vectors (shared/vectors, copied into the plugin's vectors/ by pnpm sync-shared).
 */

/** @return list<array<string, mixed>> */
function circassian_test_vectors( string $file ): array {
	// phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a test's own fixture.
	return json_decode( (string) file_get_contents( dirname( __DIR__, 3 ) . '/vectors/' . $file ), true );
}

/**
 * A shared vectors file as shared/ holds it (the tests run from the repository; the plugin ships
 * no copy of a file only its tests read).
 *
 * @return array<string, mixed>
 */
function circassian_test_shared_vectors( string $file ): array {
	// phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a test's own fixture.
	return json_decode( (string) file_get_contents( dirname( __DIR__, 5 ) . '/shared/vectors/' . $file ), true );
}
