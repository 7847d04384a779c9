<?php
/**
 * Word_Index: the near-match index kept in step with the memory's table.
 */
use Circassian\Memory;
use PHPUnit\Framework\TestCase;

final class Word_Index_Tests extends TestCase {

	/** Rows of the index. */
	private static function postings(): int {
		global $wpdb;
		return (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i', Memory\Word_Index::name() ) );
	}

	private static function unit( string $source, string $target, string $source_lang = 'en' ): array {
		return array(
			'source_lang' => $source_lang,
			'target_lang' => 'kbd',
			'source'      => $source,
			'target'      => $target,
			'origin'      => 'machine',
			'created'     => '2026-01-01 00:00:00',
		);
	}

	/** @return list<string> The targets of the near matches of $text. */
	private static function near( string $text ): array {
		return array_map( static fn( object $row ): string => (string) $row->target, Memory\Memory_Fuzzy::matches( 'en', 'kbd', $text, get_userdata( 1 ) ) );
	}

	/**
	 * @testdox storing indexes each text's words once (a changed translation adds none), deleting a unit, removing by person or clearing a pair or the memory removes the words of texts no unit holds, and near matches follow
	 */
	public function test_the_index_follows_storing_and_removing(): void {
		Memory\Memory_Store::clear();
		self::assertSame( 0, self::postings() );
		Memory\Memory_Store::store( array( self::unit( 'Open the file now', 'A' ), self::unit( 'Close the file now', 'B' ), self::unit( 'Open the file now', 'C', 'ru' ) ) );
		self::assertSame( 12, self::postings(), 'four words of each of three texts' );
		Memory\Memory_Store::store( array( array( 'created' => '2026-02-01 00:00:00' ) + self::unit( 'Open the file now', 'A2' ) ) );
		self::assertSame( 12, self::postings(), 'the same text again: its words are there' );
		self::assertSame( array( 'A2' ), self::near( 'Open the file today' ) );
		self::assertSame( array( 'B' ), self::near( 'Close the file today' ) );

		global $wpdb;
		$id = (int) $wpdb->get_var( $wpdb->prepare( "SELECT id FROM %i WHERE target = 'A2'", Memory\Memory_Table::name() ) );
		self::assertTrue( Memory\Memory_Units::delete( $id ) );
		self::assertSame( 8, self::postings(), 'the deleted text\'s words go' );
		self::assertSame( array(), self::near( 'Open the file today' ) );
		self::assertSame( array( 'B' ), self::near( 'Close the file today' ) );

		Memory\Memory_Store::clear( 'ru', 'kbd' );
		self::assertSame( 4, self::postings(), 'a pair cleared' );
		Memory\Memory_Store::store( array( self::unit( 'Save the file now', 'D' ) ) );
		self::assertSame( 2, Memory\Memory_Store::remove( array( 'origin' => 'machine' ) ) );
		self::assertSame( 0, self::postings(), 'removed by a filter' );
		self::assertSame( array(), self::near( 'Close the file today' ) );

		Memory\Memory_Store::store( array( self::unit( 'Open the file now', 'E' ) ) );
		Memory\Memory_Store::clear();
		self::assertSame( 0, self::postings(), 'the memory cleared' );
	}
}
