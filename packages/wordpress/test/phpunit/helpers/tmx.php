<?php
/**
 * TMX level 2's tests: core's vectors (vectors/tmx-level2.json, written by tools/tmx-vectors.ts),
 * core's fixtures, and a document written by Tmx_Writer.
 */

use Circassian\Memory;

/** @return array{note: string, units: list<array<string, mixed>>, tmx: string, fixtures: array<string, array{units: list<array<string, mixed>>, left_out: list<array<string, mixed>>}>} */
function circassian_test_tmx_vectors(): array {
	return circassian_test_vectors( 'tmx-level2.json' );
}

/** The path of one of core's TMX fixtures (packages/core/test/fixtures/tmx). */
function circassian_test_tmx_fixture( string $name ): string {
	return dirname( __DIR__, 4 ) . '/core/test/fixtures/tmx/' . $name;
}

/**
 * What Tmx_Writer writes for $units.
 *
 * @param iterable<int, object> $units Rows as Memory_Store::units gives them.
 */
function circassian_test_tmx_of( iterable $units ): string {
	$out = fopen( 'php://memory', 'w+b' );
	Memory\Tmx_Writer::write( $out, $units );
	rewind( $out );
	return (string) stream_get_contents( $out );
}

/**
 * The units Tmx_Reader reads from a TMX document, in the vectors' row shape, and its answer.
 *
 * @return array{units: list<array<string, mixed>>, read: array<string, mixed>}
 */
function circassian_test_tmx_read( string $tmx_or_path ): array {
	$path = $tmx_or_path;
	if ( ! is_file( $tmx_or_path ) ) {
		$path = (string) tempnam( sys_get_temp_dir(), 'circassian-tmx' );
		file_put_contents( $path, $tmx_or_path );
	}
	$units = array();
	$read  = Memory\Tmx_Reader::read(
		$path,
		static function ( array $unit ) use ( &$units ): void {
			$units[] = array(
				'source_lang'  => $unit['source_lang'],
				'target_lang'  => $unit['target_lang'],
				'source'       => $unit['source'],
				'target'       => $unit['target'],
				'origin'       => $unit['origin'],
				'created'      => $unit['created'] ?? '',
				'changed'      => $unit['changed'] ?? '',
				'creator'      => $unit['creator'] ?? '',
				'changer'      => $unit['changer'] ?? '',
				'where_made'   => $unit['where'] ?? '',
				'context'      => $unit['context'] ?? '',
				'suggested_by' => empty( $unit['suggestion'] ) ? '' : $unit['creator'],
				'usage_count'  => $unit['usage_count'] ?? 0,
			);
		}
	);
	if ( $path !== $tmx_or_path ) {
		unlink( $path );
	}
	return array(
		'units' => $units,
		'read'  => $read,
	);
}
