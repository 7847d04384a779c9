<?php
/**
 * The translation memory's table, one per site (`{prefix}circassian_memory`), made and brought up
 * to date by dbDelta when its version changes (Support\Site_Tables says when); dropped on every
 * site by uninstall.php (Support\Stored_Data lists it).
 *
 * A unit is (source language, target language, match key, context) and, for a suggestion, whose:
 * per identity one unit everyone gets back (origin machine, human or reviewed) and at most one
 * suggestion per person (`suggested_by`: a correction by someone without the right to teach,
 * Teaching_Right). Its provenance: `creator` (a user's login, or the name another tool gave) and,
 * for this site's users, `creator_id`; `changer`, who last changed its translation when that was
 * not its creator; `where_made` (`post:42`); `created`, `changed`. What near matches (Memory_Fuzzy)
 * and concordance (Memory_Search) read, since version 4 (Search_Columns): the source's
 * `word_count` and `fuzzy_words` (its case-folded words, each between spaces), and `folded`
 * (source and target as concordance compares them). Since version 5 near matches read the units
 * holding a word through a second table, Word_Index (filled on the upgrade for the units before).
 *
 * @package Circassian
 */

namespace Circassian\Memory;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- the memory's own table: its schema and the upgrade of its rows.

final class Memory_Table {

	/** Raise it with every change of the schema below: each site's table is brought up to it. */
	public const VERSION = 5;
	/** The site's schema version of the table (per site: every site has its own table). */
	public const VERSION_OPTION = 'circassian_memory_db';

	public static function name(): string {
		global $wpdb;
		return $wpdb->prefix . 'circassian_memory';
	}

	public static function install(): void {
		global $wpdb;
		require_once ABSPATH . 'wp-admin/includes/upgrade.php';
		$table   = self::name();
		$charset = $wpdb->get_charset_collate();
		self::drop_version_2_key();
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
  creator_id bigint(20) unsigned NOT NULL DEFAULT 0,
  changer varchar(190) NOT NULL DEFAULT '',
  where_made varchar(190) NOT NULL DEFAULT '',
  context longtext,
  context_hash char(40) NOT NULL DEFAULT '',
  suggested_by varchar(190) NOT NULL DEFAULT '',
  word_count smallint(5) unsigned NOT NULL DEFAULT 0,
  fuzzy_words longtext,
  folded longtext,
  PRIMARY KEY  (id),
  UNIQUE KEY unit_key (source_lang,target_lang,key_hash,context_hash,suggested_by),
  KEY pair_hash (pair_hash),
  KEY creator (creator),
  KEY changer (changer),
  KEY fuzzy (source_lang,target_lang,word_count)
) {$charset};
" . Word_Index::schema( $charset )
		);
		$was = (int) get_option( self::VERSION_OPTION, 0 );
		self::hash_pairs();
		self::fold_units();
		self::attribute_version_2_units();
		if ( $was < 5 ) {
			Word_Index::fill( self::name() );
		}
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
			$rows = (array) $wpdb->get_results( $wpdb->prepare( "SELECT id, source_lang, target_lang, match_key FROM %i WHERE pair_hash = '' LIMIT 500", $table ) );
			if ( ! $rows ) {
				return;
			}
			$cases = array();
			$args  = array( $table );
			foreach ( $rows as $row ) {
				$cases[] = 'WHEN %d THEN %s';
				array_push( $args, (int) $row->id, Memory_Key::pair_hash( (string) $row->source_lang, (string) $row->target_lang, (string) $row->match_key ) );
			}
			$ids  = array_map( static fn( object $row ): int => (int) $row->id, $rows );
			$done = $wpdb->query(
				$wpdb->prepare(
					// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared, WordPress.WP.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- the placeholders are in $cases, the ids integers.
					'UPDATE %i SET pair_hash = CASE id ' . implode( ' ', $cases ) . ' END WHERE id IN (' . implode( ',', $ids ) . ')',
					$args
				)
			);
			$more = false !== $done && 500 === count( $rows );
		} while ( $more );
	}

	/**
	 * Version 2 kept one unit per pair and key (`pair_key`); version 3's identity also has the
	 * context and whose suggestion it is (`unit_key`). dbDelta adds keys but never drops one, so the
	 * old unique key goes first, or no suggestion could stand beside a unit.
	 */
	private static function drop_version_2_key(): void {
		global $wpdb;
		$table = self::name();
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- the table's own schema, read on an upgrade.
		$found = $wpdb->get_var( $wpdb->prepare( 'SHOW INDEX FROM %i WHERE Key_name = %s', $table, 'pair_key' ) );
		if ( null !== $found ) {
			// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching, WordPress.DB.DirectDatabaseQuery.SchemaChange -- the upgrade of the plugin's own table.
			$wpdb->query( $wpdb->prepare( 'ALTER TABLE %i DROP INDEX pair_key', $table ) );
		}
	}

	/**
	 * Version 4 searches units by their folded words and texts: units stored before it get theirs,
	 * 500 to a read, one statement each.
	 */
	private static function fold_units(): void {
		global $wpdb;
		$table = self::name();
		// The DDL just run: this process may hold the old columns in wpdb's cache.
		$wpdb->flush();
		do {
			$rows = (array) $wpdb->get_results( $wpdb->prepare( 'SELECT id, source, target FROM %i WHERE folded IS NULL LIMIT 500', $table ) );
			foreach ( $rows as $row ) {
				$wpdb->update( $table, Search_Columns::of( (string) $row->source, (string) $row->target ), array( 'id' => (int) $row->id ), array( '%d', '%s', '%s' ), array( '%d' ) );
			}
			$more = 500 === count( $rows );
		} while ( $more );
	}

	/**
	 * Version 3 attributes units: a unit version 2 stored names who wrote its translation last
	 * (its `creator`, which version 2 replaced on every change: the person a review lists it
	 * under), and when that is a login of this site it is that user's (`creator_id`), so their own
	 * suggestions and removal by person find it.
	 */
	private static function attribute_version_2_units(): void {
		global $wpdb;
		if ( (int) get_option( self::VERSION_OPTION, 0 ) >= 3 ) {
			return;
		}
		// The DDL just run: this process may hold the old columns in wpdb's cache.
		$wpdb->flush();
		$table = self::name();
		// phpcs:disable WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- the upgrade of the plugin's own table, once.
		$logins = $wpdb->get_col( $wpdb->prepare( "SELECT DISTINCT creator FROM %i WHERE creator <> '' AND creator_id = 0", $table ) );
		foreach ( $logins as $login ) {
			$user = get_user_by( 'login', (string) $login );
			if ( $user instanceof \WP_User ) {
				$wpdb->query( $wpdb->prepare( 'UPDATE %i SET creator_id = %d WHERE creator = %s AND creator_id = 0', $table, $user->ID, (string) $login ) );
			}
		}
		// phpcs:enable WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching
	}
}
