<?php
/**
 * Memory_Search: concordance over the site's table, a page at a time.
 */
use Circassian\Memory;
use PHPUnit\Framework\TestCase;

final class Memory_Search_Tests extends TestCase {

	/** @return list<string> source → target (found in) of a page. */
	private static function page( string $phrase, int $page = 1, int $per_page = 20 ): array {
		return array_map( static fn( object $row ): string => "{$row->source} → {$row->target} ({$row->found_in})", Memory\Memory_Search::find( $phrase, get_userdata( 1 ), $page, $per_page )['units'] );
	}

	/**
	 * @testdox a word typed with I or 1 for the palochka, in another case, finds the units holding it in either language, strongest then newer first, and says where
	 */
	public function test_a_word_finds_units_in_either_language_palochka_and_case_aside(): void {
		Memory\Memory_Store::clear();
		$unit = static fn( string $source, string $target, string $origin, string $created, string $source_lang = 'ru', string $target_lang = 'kbd' ): array => compact( 'source', 'target', 'origin', 'created' ) + array(
			'source_lang' => $source_lang,
			'target_lang' => $target_lang,
			'creator'     => 'anna',
		);
		Memory\Memory_Store::store(
			array(
				$unit( 'Иди домой', 'Унэм кӀуэ', 'machine', '2026-01-03 00:00:00' ),
				$unit( 'Иди быстро', 'ПсынщӀэу кӀуэ', 'human', '2026-01-01 00:00:00' ),
				$unit( 'КӀуэ щӀэхыу', 'Иди скорее', 'machine', '2026-01-02 00:00:00', 'kbd', 'ru' ),
				$unit( 'Дом', 'Унэ', 'reviewed', '2026-01-04 00:00:00' ),
			)
		);
		self::assertSame(
			array( 'Иди быстро → ПсынщӀэу кӀуэ (target)', 'Иди домой → Унэм кӀуэ (target)', 'КӀуэ щӀэхыу → Иди скорее (source)' ),
			self::page( 'КIУЭ' )
		);
		self::assertSame( self::page( 'КIУЭ' ), self::page( 'к1уэ' ), 'the digit 1 too' );
		self::assertSame( array( 'Дом → Унэ (source)', 'Иди домой → Унэм кӀуэ (source)' ), self::page( 'ДОМ' ), 'reviewed first' );
		Memory\Memory_Store::store( array( $unit( 'Wi-Fi', 'Wi-Fi', 'machine', '2026-01-05 00:00:00', 'en', 'ru' ) ) );
		self::assertSame( array( 'Wi-Fi → Wi-Fi (both)' ), self::page( 'wi-fi' ) );
		self::assertSame( array(), self::page( 'кошка' ) );
		self::assertSame( 0, Memory\Memory_Search::find( 'кошка', get_userdata( 1 ) )['total'] );
		self::assertSame( 0, Memory\Memory_Search::find( '50%', get_userdata( 1 ) )['total'], 'LIKE wildcards are letters here' );
		Memory\Memory_Store::clear();
	}

	/**
	 * @testdox an empty search goes through every unit, a page at a time, with the total
	 */
	public function test_an_empty_search_pages_through_every_unit(): void {
		Memory\Memory_Store::clear();
		$units = array();
		for ( $i = 1; $i <= 45; $i++ ) {
			$units[] = array(
				'source_lang' => 'en',
				'target_lang' => 'kbd',
				'source'      => "Text {$i}",
				'target'      => "Тхыгъэ {$i}",
				'origin'      => 'machine',
				'created'     => sprintf( '2026-01-01 00:00:%02d', $i ),
			);
		}
		Memory\Memory_Store::store( $units );
		$first = Memory\Memory_Search::find( '', get_userdata( 1 ), 1, 20 );
		self::assertSame( 45, $first['total'] );
		self::assertSame( 'Text 45', $first['units'][0]->source, 'newest first' );
		self::assertCount( 5, Memory\Memory_Search::find( '', get_userdata( 1 ), 3, 20 )['units'] );
		$seen = array();
		foreach ( array( 1, 2, 3 ) as $page ) {
			foreach ( Memory\Memory_Search::find( '', get_userdata( 1 ), $page, 20 )['units'] as $row ) {
				$seen[] = (string) $row->source;
			}
		}
		self::assertCount( 45, array_unique( $seen ), 'every unit once' );
		Memory\Memory_Store::clear();
	}
}
