<?php
/**
 * The translation memory's table, one per site (`{prefix}circassian_memory`): created when the
 * plugin is activated (on every site when activated for a network), on each site a network
 * creates later, and brought up to date by dbDelta whenever its version changes; dropped on
 * every site by uninstall.php (Support\Stored_Data lists it).
 *
 * @package Circassian
 */

namespace Circassian\Memory;

defined( 'ABSPATH' ) || exit;

final class Memory_Table {

	/** Raise it with every change of the schema below: each site's table is brought up to it. */
	public const VERSION = 2;
	/** The site's schema version of the table (per site: every site has its own table). */
	public const VERSION_OPTION = 'circassian_memory_db';

	public static function hook(): void {
		// A site whose table is missing or older (activated before this version, restored from a backup).
		add_action( 'init', array( self::class, 'maybe_install' ), 1 );
		add_action( 'wp_initialize_site', array( self::class, 'install_on_new_site' ), 20 );
	}

	public static function name(): string {
		global $wpdb;
		return $wpdb->prefix . 'circassian_memory';
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

	public static function maybe_install(): void {
		if ( (int) get_option( self::VERSION_OPTION, 0 ) !== self::VERSION ) {
			self::install();
		}
	}

	public static function install(): void {
		global $wpdb;
		require_once ABSPATH . 'wp-admin/includes/upgrade.php';
		$table   = self::name();
		$charset = $wpdb->get_charset_collate();
		// dbDelta's format: two spaces after PRIMARY KEY, one column or key per line.
		dbDelta(
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
) {$charset};"
		);
		self::hash_pairs();
		update_option( self::VERSION_OPTION, self::VERSION );
	}

	/**
	 * Version 2 looks units up by one indexed column, a hash of the pair and key: units stored
	 * before it get theirs, 500 to a statement.
	 */
	private static function hash_pairs(): void {
		global $wpdb;
		$table = self::name();
		do {
			// phpcs:ignore WordPress.WP.PreparedSQL.NotPrepared -- the plugin's own table, by its fixed name.
			$rows = (array) $wpdb->get_results( "SELECT id, source_lang, target_lang, match_key FROM {$table} WHERE pair_hash = '' LIMIT 500" );
			if ( ! $rows ) {
				return;
			}
			$cases = array();
			$args  = array();
			foreach ( $rows as $row ) {
				$cases[] = 'WHEN %d THEN %s';
				array_push( $args, (int) $row->id, Memory_Key::pair_hash( (string) $row->source_lang, (string) $row->target_lang, (string) $row->match_key ) );
			}
			$ids  = array_map( static fn( object $row ): int => (int) $row->id, $rows );
			$done = $wpdb->query(
				$wpdb->prepare(
					// phpcs:ignore WordPress.WP.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- the plugin's own table; the placeholders are in $cases.
					"UPDATE {$table} SET pair_hash = CASE id " . implode( ' ', $cases ) . ' END WHERE id IN (' . implode( ',', $ids ) . ')',
					$args
				)
			);
			$more = false !== $done && 500 === count( $rows );
		} while ( $more );
	}
}
