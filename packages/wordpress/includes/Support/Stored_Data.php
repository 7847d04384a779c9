<?php
/**
 * Everything the plugin stores, in one list, and its removal: each site's options (settings,
 * runs, locks, counters, cached lists), its translation memory's, glossary's and speech memory's tables (with
 * the speech memory's sentence files in uploads/circassian-speech/), the WP-Cron events it
 * schedules, unfinished jobs' part files in the temporary folder, and the user meta it keeps for a
 * page's next load. uninstall.php removes what the list names, on every site of a network, and
 * its test checks that nothing of it is left.
 *
 * What stays, on purpose: the audio in the Media Library and the post meta beside it and beside
 * the posts (a post's audio, voice, language, its linked translations): published posts play and
 * link them, and they are the site's content, not the plugin's state.
 *
 * @package Circassian
 */

namespace Circassian\Support;

use Circassian\Admin;
use Circassian\Bulk;
use Circassian\Glossary;
use Circassian\Memory;
use Circassian\Podcast;
use Circassian\Post_Audio;
use Circassian\Service;
use Circassian\Speech;
use Circassian\Speech_Memory;
use Circassian\Spending;

defined( 'ABSPATH' ) || exit;

final class Stored_Data {

	/**
	 * Each site's options, by name.
	 *
	 * @return list<string>
	 */
	public static function options(): array {
		return array(
			Service\Settings::KEY_OPTION,
			Service\Settings::BASE_URL_OPTION,
			Service\Settings::DEFAULTS_OPTION,
			Spending\Access::OPTION,
			Post_Audio\Settings::OPTION,
			Podcast\Podcast_Feed::REWRITE_OPTION,
			Service\Service_Policies::OPTION,
			Podcast\Podcast_Details::OPTION,
			Podcast\Podcast_Show::OPTION,
			Bulk\Run::OPTION,
			Bulk\Run::LOCK,
			Bulk\Runner::WORKER_LOCK,
			Service\Request_Pace::OPTION,
			Memory\Memory_Table::VERSION_OPTION,
			Glossary\Glossary_Table::VERSION_OPTION,
			Speech_Memory\Speech_Table::VERSION_OPTION,
			Speech_Memory\Memory_Setting::OPTION,
		);
	}

	/**
	 * Each site's options kept one per item, by the start of their names: job records and their
	 * locks, post audio's locks, users' characters of the day, and the plugin's transients with
	 * their timeouts (cached lists, the key's limits).
	 *
	 * @return list<string>
	 */
	public static function option_prefixes(): array {
		return array(
			Speech\Job_Store::OPTION_PREFIX,
			Post_Audio\Voicing::LOCK_PREFIX,
			Spending\Daily_Chars::PREFIX,
			'_transient_' . I18n::DOMAIN . '_',
			'_transient_timeout_' . I18n::DOMAIN . '_',
		);
	}

	/**
	 * Each site's tables.
	 *
	 * @return list<string>
	 */
	public static function tables(): array {
		return array( Memory\Memory_Table::name(), Memory\Word_Index::name(), Glossary\Glossary_Table::name(), Speech_Memory\Speech_Table::name() );
	}

	/**
	 * The WP-Cron events' hooks.
	 *
	 * @return list<string>
	 */
	public static function cron_hooks(): array {
		return array( Speech\Job_Rules::CRON_HOOK, Speech\Job_Rules::CLEAN_HOOK, Post_Audio\Audio_Event::CRON_HOOK, Bulk\Runner::CRON_HOOK, Speech_Memory\Store_Cleanup::CRON_HOOK );
	}

	/**
	 * User meta (shared by a network's sites): a page's result shown on its next load, and each
	 * user's count of the day as kept before the per-site rows (`circassian_usage`).
	 *
	 * @return list<string>
	 */
	public static function user_meta(): array {
		return array( Admin\Settings_Page::RESULT_META, Admin\Memory_Screen::RESULT_META, 'circassian_usage' );
	}

	/**
	 * The temporary files of an unfinished job: those its record lists and any named after it (a
	 * part being fetched when the job stopped), only ever the plugin's own (`circassian-…`).
	 *
	 * @param string               $id     The job's id.
	 * @param array<string, mixed> $record Its record.
	 * @return list<string>
	 */
	public static function job_files( string $id, array $record ): array {
		$files = (array) ( $record['files'] ?? array() );
		if ( 1 === preg_match( '/^[a-f0-9-]{36}$/', $id ) ) {
			$files = array_merge( $files, (array) glob( get_temp_dir() . Speech\Part_Files::PREFIX . $id . '-*' ) );
		}
		return array_values( array_filter( $files, static fn( $file ): bool => is_string( $file ) && str_starts_with( basename( $file ), Speech\Part_Files::PREFIX ) && is_file( $file ) ) );
	}

	/** Removes what this site keeps: unfinished jobs' files first (their records name them), then options, tables and events. */
	public static function remove_site(): void {
		global $wpdb;
		// phpcs:disable WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching, WordPress.DB.DirectDatabaseQuery.SchemaChange, WordPress.VIP.DirectDatabaseQuery -- prefixed rows no API lists, and the plugin's own table, on uninstall.
		$jobs = $wpdb->get_results( $wpdb->prepare( 'SELECT option_name, option_value FROM %i WHERE option_name LIKE %s', $wpdb->options, $wpdb->esc_like( Speech\Job_Store::OPTION_PREFIX ) . '%' ) );
		foreach ( (array) $jobs as $job ) {
			$record = maybe_unserialize( $job->option_value );
			foreach ( self::job_files( substr( (string) $job->option_name, strlen( Speech\Job_Store::OPTION_PREFIX ) ), is_array( $record ) ? $record : array() ) as $file ) {
				wp_delete_file( $file );
			}
		}
		// The speech memory's files, while its option still says where uploads are.
		Speech_Memory\Speech_Store::remove_all();
		foreach ( self::options() as $option ) {
			delete_option( $option );
		}
		foreach ( self::option_prefixes() as $prefix ) {
			$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE option_name LIKE %s', $wpdb->options, $wpdb->esc_like( $prefix ) . '%' ) );
		}
		foreach ( self::tables() as $table ) {
			$wpdb->query( $wpdb->prepare( 'DROP TABLE IF EXISTS %i', $table ) );
		}
		// phpcs:enable WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching, WordPress.DB.DirectDatabaseQuery.SchemaChange, WordPress.VIP.DirectDatabaseQuery
		wp_cache_flush();
		foreach ( self::cron_hooks() as $hook ) {
			wp_unschedule_hook( $hook );
		}
	}

	/** Removes what the network's users keep (user meta is shared by its sites). */
	public static function remove_users(): void {
		foreach ( self::user_meta() as $key ) {
			delete_metadata( 'user', 0, $key, '', true );
		}
	}
}
