<?php
/**
 * The shared test vectors (shared/vectors, copied into the plugin's vectors/ by pnpm sync-shared).
 */

/** @return list<array<string, mixed>> */
function circassian_test_vectors( string $file ): array {
	// phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a test's own fixture.
	return json_decode( (string) file_get_contents( dirname( __DIR__, 3 ) . '/vectors/' . $file ), true );
}
