<?php
/**
 * Memory_Table: the memory's table on each site, with its version.
 */
use Circassian\Memory;
use Circassian\Support;
use PHPUnit\Framework\TestCase;

final class Memory_Table_Tests extends TestCase {
	/**
	 * @testdox the memory table exists on the site with its version, and clearing it empties it
	 */
	public function test_the_memory_table_exists_on_the_site_with_its_version_and_clearing_it(): void {
		global $wpdb;
		self::assertSame( Memory\Memory_Table::VERSION, (int) get_option( Memory\Memory_Table::VERSION_OPTION ), 'version' );
		Memory\Memory_Store::clear();
		$table = Memory\Memory_Table::name();
		self::assertSame( '0', (string) $wpdb->get_var( "SELECT COUNT(*) FROM {$table}" ), 'empty' ); // phpcs:ignore WordPress.WP.PreparedSQL.NotPrepared -- the plugin's table.
	}

	/**
	 * @testdox a table of the first version (no pair hash) is brought up on the next load: its units get their pair hash and are found by it
	 */
	public function test_a_table_of_the_first_version_is_brought_up_on_the_next_load(): void {
		global $wpdb;
		Memory\Memory_Store::clear();
		Memory\Memory_Store::store(
			array(
				array(
					'source_lang' => 'ru',
					'target_lang' => 'kbd',
					'source'      => 'Доброе утро',
					'target'      => 'Уи пщэддджыжь фӀыуэ',
					'origin'      => 'human',
				),
				array(
					'source_lang' => 'en',
					'target_lang' => 'kbd',
					'source'      => 'Good morning',
					'target'      => 'Пщэддджыжь фӀыуэ',
					'origin'      => 'machine',
				),
			)
		);
		$table = Memory\Memory_Table::name();
		// As version 1 left it: no pair_hash column.
		$wpdb->query( "ALTER TABLE {$table} DROP COLUMN pair_hash" ); // phpcs:ignore WordPress.WP.PreparedSQL.NotPrepared, WordPress.DB.DirectDatabaseQuery.SchemaChange -- the plugin's table, as an older version made it.
		update_option( Memory\Memory_Table::VERSION_OPTION, 1 );
		Support\Site_Tables::maybe_install();
		self::assertSame( Memory\Memory_Table::VERSION, (int) get_option( Memory\Memory_Table::VERSION_OPTION ) );
		self::assertSame( '0', (string) $wpdb->get_var( "SELECT COUNT(*) FROM {$table} WHERE pair_hash = ''" ), 'every unit hashed' ); // phpcs:ignore WordPress.WP.PreparedSQL.NotPrepared -- the plugin's table.
		self::assertSame( array( 'Доброе утро' => 'Уи пщэддджыжь фӀыуэ' ), Memory\Memory_Store::lookup( 'ru', 'kbd', array( 'Доброе утро' ) ) );
		self::assertSame( array( 'Good morning' => 'Пщэддджыжь фӀыуэ' ), Memory\Memory_Store::lookup( 'en', 'kbd', array( 'Good morning' ) ) );
		self::assertSame( array(), Memory\Memory_Store::lookup( 'ru', 'ady', array( 'Доброе утро' ) ), 'another pair' );
	}

	/**
	 * @testdox a table of version 2 (one unit per pair and key, no provenance) is brought up to the current version: a unit whose writer is a user of this site is theirs, concordance and near matches find it (version 4), and a suggestion can stand beside a unit
	 */
	public function test_a_table_of_version_2_is_brought_up_on_the_next_load(): void {
		global $wpdb;
		$table = Memory\Memory_Table::name();
		// phpcs:disable WordPress.DB.DirectDatabaseQuery.SchemaChange, WordPress.WP.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQL.NotPrepared -- the plugin's table, as version 2 made it.
		$wpdb->query( "DROP TABLE {$table}" );
		$wpdb->query(
			"CREATE TABLE {$table} (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  source_lang varchar(16) NOT NULL,
  target_lang varchar(16) NOT NULL,
  key_hash char(40) NOT NULL,
  pair_hash char(40) NOT NULL DEFAULT '',
  match_key longtext NOT NULL,
  source longtext NOT NULL,
  target longtext NOT NULL,
  origin varchar(8) NOT NULL,
  characters bigint(20) unsigned NOT NULL DEFAULT 0,
  usage_count bigint(20) unsigned NOT NULL DEFAULT 0,
  created datetime NOT NULL,
  changed datetime DEFAULT NULL,
  creator varchar(190) NOT NULL DEFAULT '',
  PRIMARY KEY  (id),
  UNIQUE KEY pair_key (source_lang,target_lang,key_hash),
  KEY pair_hash (pair_hash)
)"
		);
		$key = Memory\Memory_Key::key( 'Доброе утро' );
		$wpdb->query(
			$wpdb->prepare(
				"INSERT INTO {$table} (source_lang, target_lang, key_hash, pair_hash, match_key, source, target, origin, characters, created, changed, creator) VALUES ('ru', 'kbd', %s, %s, %s, 'Доброе утро', 'Уи пщэддджыжь фӀыуэ', 'human', 30, '2026-01-01 00:00:00', '2026-01-02 00:00:00', %s)",
				Memory\Memory_Key::hash( $key ),
				Memory\Memory_Key::pair_hash( 'ru', 'kbd', $key ),
				$key,
				get_userdata( 1 )->user_login
			)
		);
		// phpcs:enable WordPress.DB.DirectDatabaseQuery.SchemaChange, WordPress.WP.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQL.NotPrepared
		update_option( Memory\Memory_Table::VERSION_OPTION, 2 );
		Support\Site_Tables::maybe_install();
		self::assertSame( Memory\Memory_Table::VERSION, (int) get_option( Memory\Memory_Table::VERSION_OPTION ) );
		$unit = Memory\Memory_Store::units()->current();
		// Version 4: the unit stored before it is found by concordance; version 5: by near matches, through the word index the upgrade filled.
		self::assertSame( array( 'Доброе утро' ), array_map( static fn( object $row ): string => $row->source, Memory\Memory_Search::find( 'ФIЫУЭ', get_userdata( 1 ) )['units'] ) );
		self::assertSame( array( 99 ), array_map( static fn( object $row ): int => $row->percent, Memory\Memory_Fuzzy::matches( 'ru', 'kbd', 'доброе утро!', get_userdata( 1 ) ) ) );
		self::assertSame( array( get_userdata( 1 )->user_login, '1', '' ), array( (string) $unit->creator, (string) $unit->creator_id, (string) $unit->changer ) );
		$stored = Memory\Memory_Store::store(
			array(
				array(
					'source_lang' => 'ru',
					'target_lang' => 'kbd',
					'source'      => 'Доброе утро',
					'target'      => 'Пщэддджыжь фӀыуэ',
					'origin'      => 'human',
					'creator'     => 'intern',
					'suggestion'  => true,
				),
			)
		);
		self::assertSame( 1, $stored['stored'] );
		self::assertSame( 2, count( iterator_to_array( Memory\Memory_Store::units(), false ) ), 'the suggestion beside the unit' );
		self::assertSame( array( 'Доброе утро' => 'Уи пщэддджыжь фӀыуэ' ), Memory\Memory_Store::lookup( 'ru', 'kbd', array( 'Доброе утро' ) ) );
		Memory\Memory_Store::clear();
	}
}
