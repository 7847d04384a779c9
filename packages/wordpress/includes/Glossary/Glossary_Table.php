<?php
/**
 * The glossary's table, one per site (`{prefix}circassian_glossary`): one row per entry, unique by
 * its identity (Glossary_Entry::identity, hashed), made and brought up to date as
 * Support\Site_Tables says (on activation, on every site of a network), and dropped by
 * uninstall.php (Support\Stored_Data lists it). A table, not an option: a community's glossary
 * runs to thousands of terms, edited one at a time.
 *
 * @package Circassian
 */

namespace Circassian\Glossary;

defined( 'ABSPATH' ) || exit;

final class Glossary_Table {

	/** Raise it with every change of the schema below. */
	public const VERSION        = 1;
	public const VERSION_OPTION = 'circassian_glossary_db';

	public static function name(): string {
		global $wpdb;
		return $wpdb->prefix . 'circassian_glossary';
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
  identity_hash char(40) NOT NULL,
  source_lang varchar(16) NOT NULL,
  target_lang varchar(16) NOT NULL,
  type varchar(16) NOT NULL,
  source text NOT NULL,
  target text NOT NULL,
  note text,
  part_of_speech varchar(32) NOT NULL DEFAULT '',
  case_sensitive tinyint(1) NOT NULL DEFAULT 0,
  stem tinyint(1) NOT NULL DEFAULT 0,
  changed datetime NOT NULL,
  changer varchar(190) NOT NULL DEFAULT '',
  PRIMARY KEY  (id),
  UNIQUE KEY identity_hash (identity_hash)
) {$charset};
"
		);
		update_option( self::VERSION_OPTION, self::VERSION );
	}
}
