<?php
/**
 * Memory_Table: the memory's table on each site, with its version.
 */
use Circassian\Daily_Chars;
use Circassian\Linked_Translations;
use Circassian\Memory\Block_Texts;
use Circassian\Memory\Memory_Store;
use Circassian\Memory\Memory_Table;
use Circassian\Memory\Memory_Transfer;
use Circassian\Memory\Tmx_Writer;
use PHPUnit\Framework\TestCase;

final class Memory_Table_Tests extends TestCase {
	/**
	 * @testdox the memory table exists on the site with its version, and clearing it empties it
	 */
	public function test_the_memory_table_exists_on_the_site_with_its_version_and_clearing_it(): void {
		global $wpdb;
		self::assertSame( Memory_Table::VERSION, (int) get_option( Memory_Table::VERSION_OPTION ), 'version' );
		Memory_Store::clear();
		$table = Memory_Table::name();
		self::assertSame( '0', (string) $wpdb->get_var( "SELECT COUNT(*) FROM {$table}" ), 'empty' ); // phpcs:ignore WordPress.WP.PreparedSQL.NotPrepared -- the plugin's table.
	}
}
