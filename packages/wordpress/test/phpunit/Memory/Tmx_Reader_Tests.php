<?php
/**
 * Tmx_Reader: TMX level 2 read as core reads it: core's fixtures (what OmegaT, Okapi Rainbow and a
 * TMX editor write) give core's units and what core leaves out (vectors/tmx-level2.json, from core's
 * readTmx: tools/tmx-vectors.ts); our export read back gives the same units and bytes.
 */
use Circassian\Memory;
use PHPUnit\Framework\TestCase;

final class Tmx_Reader_Tests extends TestCase {
	/**
	 * @testdox core's fixtures read as core reads them: OmegaT 4 read / 1 left out, Okapi 6 / 1, mixed sources 6 / 4, the same memory texts, provenance and reasons (before: OmegaT 1, Okapi 0, mixed 3 read, the rest "inline-code")
	 */
	public function test_cores_fixtures_read_as_core_reads_them(): void {
		$counts = array(
			'omegat-project_save.tmx' => array( 4, 1 ),
			'okapi-rainbow.tmx'       => array( 6, 1 ),
			'mixed-sources.tmx'       => array( 6, 4 ),
		);
		foreach ( circassian_test_tmx_vectors()['fixtures'] as $name => $core ) {
			$php = circassian_test_tmx_read( circassian_test_tmx_fixture( $name ) );
			self::assertSame( $counts[ $name ], array( $php['read']['units'], count( $php['read']['left_out'] ) ), "{$name}: units read, left out" );
			self::assertSame( $core['units'], $php['units'], "{$name}: core's units" );
			self::assertSame( $core['left_out'], $php['read']['left_out'], "{$name}: what core leaves out, and why" );
		}
		// Spelt out, so the vectors cannot drift with core unseen: OmegaT's <bpt> is our marker again, a URL-less <ph> its text.
		$omegat = circassian_test_tmx_read( circassian_test_tmx_fixture( 'omegat-project_save.tmx' ) );
		self::assertSame( array( 'Нажмите <x1>Сохранить</x1>, чтобы продолжить.', 'Пызыхьэн папщӀэ <x1>Хъумэн</x1> теӀэ.' ), array( $omegat['units'][1]['source'], $omegat['units'][1]['target'] ) );
		self::assertSame( array( 'Мадина', '2026-03-10 16:02:05' ), array( $omegat['units'][0]['creator'], $omegat['units'][0]['created'] ), 'names and dates on the <tuv>' );
		self::assertSame( array( 'empty' => 1 ), $omegat['read']['skipped'] );
		$mixed = circassian_test_tmx_read( circassian_test_tmx_fixture( 'mixed-sources.tmx' ) );
		self::assertSame( array( 'ru', 'kbd', 'Нажмите <x1>здесь</x1> или <x2/> <x3/>', '<x3/> <x1>Мыбдеж</x1> теӀэ <x2/>' ), array_values( array_slice( $mixed['units'][5], 0, 4 ) ) );
		self::assertSame(
			array(
				array(
					'tu'     => 4,
					'reason' => 'language',
					'detail' => 'source language "de", not one the service translates',
				),
				array(
					'tu'     => 5,
					'reason' => 'empty',
					'detail' => 'empty source segment',
				),
				array(
					'tu'     => 6,
					'reason' => 'language',
					'detail' => 'no <tuv> in its source language "en"',
				),
				array(
					'tu'     => 7,
					'reason' => 'language',
					'detail' => 'target language "tlh", not one the service translates',
				),
			),
			$mixed['read']['left_out']
		);
	}

	/**
	 * @testdox our export read back gives the same 207 units, byte for byte (codes, CR LF, stray braces, provenance), and written again the same file
	 */
	public function test_our_export_read_back_gives_the_same_units_and_bytes(): void {
		$vectors = circassian_test_tmx_vectors();
		$read    = circassian_test_tmx_read( $vectors['tmx'] );
		self::assertSame( array(), $read['read']['left_out'] );
		self::assertSame( $vectors['units'], $read['units'] );
		self::assertSame( $vectors['tmx'], circassian_test_tmx_of( array_map( static fn( array $unit ): object => (object) $unit, $read['units'] ) ) );
	}

	/**
	 * @testdox what is left out is counted whole and listed up to 200 items, so an answer stays small
	 */
	public function test_what_is_left_out_is_listed_up_to_a_bound(): void {
		$tmx  = '<tmx version="1.4"><header srclang="de"/><body>' . str_repeat( '<tu><tuv xml:lang="de"><seg>Hallo</seg></tuv><tuv xml:lang="ru"><seg>Привет</seg></tuv></tu>', 250 ) . '</body></tmx>';
		$read = circassian_test_tmx_read( $tmx )['read'];
		self::assertSame( array( 'language' => 250 ), $read['skipped'] );
		self::assertCount( Memory\Tmx_Reader::LISTED, $read['left_out'] );
		self::assertSame( 200, $read['left_out'][199]['tu'] );
	}
}
