<?php
/**
 * Site_Tables: every table of the plugin made on activation and on a site's first load after an upgrade.
 */
use Circassian\Glossary;
use Circassian\Memory;
use Circassian\Support;
use PHPUnit\Framework\TestCase;

final class Site_Tables_Tests extends TestCase {

	private static function exists( string $table ): bool {
		global $wpdb;
		return $table === $wpdb->get_var( $wpdb->prepare( 'SHOW TABLES LIKE %s', $table ) );
	}

	/** The glossary's table and its version gone, as on a site activated before the glossary: its name. */
	private static function drop_glossary_table(): string {
		global $wpdb;
		$glossary = Glossary\Glossary_Table::name();
		$wpdb->query( "DROP TABLE IF EXISTS {$glossary}" ); // phpcs:ignore WordPress.WP.PreparedSQL.NotPrepared, WordPress.DB.DirectDatabaseQuery.SchemaChange -- the plugin's own table.
		delete_option( Glossary\Glossary_Table::VERSION_OPTION );
		return $glossary;
	}

	/**
	 * @testdox activation makes the glossary's table as well as the memory's, each at its version (the glossary's was left to the first page load)
	 */
	public function test_activation_makes_every_table(): void {
		$glossary = self::drop_glossary_table();
		self::assertFalse( self::exists( $glossary ) );
		Support\Site_Tables::activate( false );
		self::assertTrue( self::exists( $glossary ), 'the glossary table' );
		self::assertTrue( self::exists( Memory\Memory_Table::name() ), 'the memory table' );
		self::assertSame( Glossary\Glossary_Table::VERSION, (int) get_option( Glossary\Glossary_Table::VERSION_OPTION ) );
	}

	/**
	 * @testdox a site's first load after an upgrade makes a table that is missing, at its version
	 */
	public function test_a_missing_table_is_made_on_the_next_load(): void {
		$glossary = self::drop_glossary_table();
		Support\Site_Tables::maybe_install();
		self::assertTrue( self::exists( $glossary ) );
		self::assertSame( Glossary\Glossary_Table::VERSION, (int) get_option( Glossary\Glossary_Table::VERSION_OPTION ) );
	}
}
