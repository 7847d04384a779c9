<?php
/**
 * Memory_Table: the memory's table on each site, with its version.
 */
use Circassian\Memory;
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
		Memory\Memory_Table::maybe_install();
		self::assertSame( Memory\Memory_Table::VERSION, (int) get_option( Memory\Memory_Table::VERSION_OPTION ) );
		self::assertSame( '0', (string) $wpdb->get_var( "SELECT COUNT(*) FROM {$table} WHERE pair_hash = ''" ), 'every unit hashed' ); // phpcs:ignore WordPress.WP.PreparedSQL.NotPrepared -- the plugin's table.
		self::assertSame( array( 'Доброе утро' => 'Уи пщэддджыжь фӀыуэ' ), Memory\Memory_Store::lookup( 'ru', 'kbd', array( 'Доброе утро' ) ) );
		self::assertSame( array( 'Good morning' => 'Пщэддджыжь фӀыуэ' ), Memory\Memory_Store::lookup( 'en', 'kbd', array( 'Good morning' ) ) );
		self::assertSame( array(), Memory\Memory_Store::lookup( 'ru', 'ady', array( 'Доброе утро' ) ), 'another pair' );
	}
}
