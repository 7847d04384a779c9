<?php
/**
 * The plugin's own tables, a set per site (the translation memory's, the glossary's, the speech memory's): each made
 * when the plugin is activated (on every site when it is activated for a network), on each site a
 * network creates later, and brought up to date by its own install() on a site's first load after
 * an upgrade or a restore from a backup (its version option then differs from its VERSION).
 * uninstall.php drops them on every site (Stored_Data lists them).
 *
 * @package Circassian
 */

namespace Circassian\Support;

use Circassian\Glossary\Glossary_Table;
use Circassian\Memory\Memory_Table;
use Circassian\Speech_Memory\Speech_Table;

defined( 'ABSPATH' ) || exit;

final class Site_Tables {

	/**
	 * Each table's class: its VERSION, VERSION_OPTION and install().
	 *
	 * @var list<class-string<Memory_Table|Glossary_Table|Speech_Table>>
	 */
	public const TABLES = array( Memory_Table::class, Glossary_Table::class, Speech_Table::class );

	public static function hook(): void {
		add_action( 'init', array( self::class, 'maybe_install' ), 1 );
		add_action( 'wp_initialize_site', array( self::class, 'install_on_new_site' ), 20 );
	}

	/** On activation: this site, or every site of the network when activated for it. */
	public static function activate( bool $network_wide ): void {
		if ( ! is_multisite() || ! $network_wide ) {
			self::install();
			return;
		}
		foreach ( get_sites(
			array(
				'fields' => 'ids',
				'number' => 0,
			)
		) as $site ) {
			switch_to_blog( (int) $site );
			self::install();
			restore_current_blog();
		}
	}

	public static function install_on_new_site( \WP_Site $site ): void {
		switch_to_blog( (int) $site->blog_id );
		self::install();
		restore_current_blog();
	}

	/** Each of this site's tables that is missing or older than the plugin's. */
	public static function maybe_install(): void {
		foreach ( self::TABLES as $table ) {
			if ( (int) get_option( $table::VERSION_OPTION, 0 ) !== $table::VERSION ) {
				$table::install();
			}
		}
	}

	private static function install(): void {
		foreach ( self::TABLES as $table ) {
			$table::install();
		}
	}
}
