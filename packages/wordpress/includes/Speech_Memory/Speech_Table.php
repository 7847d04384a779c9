<?php
/**
 * The speech memory's table, one per site (`{prefix}circassian_speech_memory`): one row per voiced
 * sentence, by its key (Speech_Key), with where its WAV is in the uploads folder, its seconds and
 * bytes, and when a post last used it (the clean-up's clock). Made and brought up to date as
 * Support\Site_Tables says, dropped by uninstall.php (Support\Stored_Data lists it).
 *
 * @package Circassian
 */

namespace Circassian\Speech_Memory;

defined( 'ABSPATH' ) || exit;

final class Speech_Table {

	/** Raise it with every change of the schema below. */
	public const VERSION        = 1;
	public const VERSION_OPTION = 'circassian_speech_memory_db';

	public static function name(): string {
		global $wpdb;
		return $wpdb->prefix . 'circassian_speech_memory';
	}

	public static function install(): void {
		global $wpdb;
		require_once ABSPATH . 'wp-admin/includes/upgrade.php';
		$table   = self::name();
		$charset = $wpdb->get_charset_collate();
		// dbDelta's format: two spaces after PRIMARY KEY, one column or key per line.
		dbDelta(
			"CREATE TABLE {$table} (
  speech_key char(64) NOT NULL,
  language varchar(16) NOT NULL,
  file varchar(190) NOT NULL,
  duration double NOT NULL,
  bytes bigint(20) unsigned NOT NULL,
  created datetime NOT NULL,
  used datetime NOT NULL,
  PRIMARY KEY  (speech_key),
  KEY used (used)
) {$charset};
"
		);
		update_option( self::VERSION_OPTION, self::VERSION );
	}
}
