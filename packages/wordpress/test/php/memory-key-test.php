<?php
/**
 * The memory's match key against the cases TypeScript reads (shared/vectors/memory-keys.json and
 * palochka.json, copied into the plugin's vectors/ by pnpm sync-shared): a text matches here exactly when it
 * matches in core, the CLI, VS Code and Strapi.
 */
use Circassian\Memory\Memory_Key;
use Circassian\Memory\Palochka;

/** @return list<array<string, mixed>> */
function circassian_test_vectors( string $file ): array {
	// phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a test's own fixture.
	return json_decode( (string) file_get_contents( dirname( __DIR__, 2 ) . '/vectors/' . $file ), true );
}

circassian_test(
	'the memory key matches and tells apart every pair of shared/vectors/memory-keys.json, as core does',
	static function () {
		$vectors = circassian_test_vectors( 'memory-keys.json' );
		assert_true( count( $vectors ) >= 27, 'the vectors are there' );
		foreach ( $vectors as $vector ) {
			assert_same( $vector['match'], Memory_Key::key( $vector['a'] ) === Memory_Key::key( $vector['b'] ), $vector['why'] );
		}
	}
);

circassian_test(
	'the key\'s palochka rule gives core\'s normalizePalochka answer on every case of shared/vectors/palochka.json',
	static function () {
		$vectors = circassian_test_vectors( 'palochka.json' );
		assert_true( count( $vectors ) >= 80, 'the vectors are there' );
		foreach ( $vectors as $vector ) {
			assert_same( $vector['expected'], Palochka::normalize( $vector['input'] ), $vector['why'] );
		}
	}
);

circassian_test(
	'the whitespace around a text is not in its key and goes back around the stored answer',
	static function () {
		assert_same( 'Доброе утро', Memory_Key::key( "  Доброе утро\n" ) );
		assert_same( "  Уи пщэддджыжь фӀыуэ\n", Memory_Key::restore( "  Доброе утро\n", ' Уи пщэддджыжь фӀыуэ ' ) );
		assert_same( '', Memory_Key::key( " \t " ) );
	}
);
