<?php
/**
 * The site's own store of voiced sentences: each sentence's WAV in the uploads folder
 * (`circassian-speech/`, under a random name: a file there has a public address, and its name must
 * not be found from its text) and its row in Speech_Table. A post's audio is joined from them; a
 * sentence the store holds is never asked of the service again, in this post or any other.
 *
 * @package Circassian
 */

namespace Circassian\Speech_Memory;

use Circassian\Audio;

defined( 'ABSPATH' ) || exit;

final class Speech_Store {

	/** The folder under the uploads folder that holds the sentences' files. */
	public const FOLDER = 'circassian-speech';

	/**
	 * The stored audio of key $key, when its row and its file are both there.
	 *
	 * @return array{path: string, duration: float, bytes: int}|null
	 */
	public static function get( string $key ): ?array {
		global $wpdb;
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- the plugin's own table; a row changes as sentences are voiced.
		$row = $wpdb->get_row( $wpdb->prepare( 'SELECT file, duration, bytes FROM %i WHERE speech_key = %s', Speech_Table::name(), $key ), ARRAY_A );
		if ( ! is_array( $row ) ) {
			return null;
		}
		$path = self::path( (string) $row['file'] );
		if ( ! is_file( $path ) ) {
			// The file went (a restore without uploads, a hand clean-up): the sentence is voiced again.
			self::forget( $key );
			return null;
		}
		return array(
			'path'     => $path,
			'duration' => (float) $row['duration'],
			'bytes'    => (int) $row['bytes'],
		);
	}

	/**
	 * Keeps a checked WAV file (moved into the store) under key $key.
	 *
	 * @return array{path: string, duration: float, bytes: int}|\WP_Error
	 */
	public static function put( string $key, string $language, string $wav_file ): array|\WP_Error {
		global $wpdb;
		$wav = Audio\Wav::inspect( $wav_file );
		if ( is_wp_error( $wav ) ) {
			return $wav;
		}
		$dir = self::folder();
		if ( '' === $dir || ! wp_mkdir_p( $dir ) ) {
			return new \WP_Error( 'circassian_upload_failed', __( 'The uploads folder cannot be written.', 'circassian' ), array( 'status' => 500 ) );
		}
		$name = bin2hex( random_bytes( 16 ) ) . '.wav';
		if ( ! rename( $wav_file, $dir . '/' . $name ) ) { // phpcs:ignore WordPress.WP.AlternativeFunctions.rename_rename -- a temporary file of this request, moved into the plugin's own folder.
			return new \WP_Error( 'circassian_upload_failed', __( 'The audio could not be copied into the uploads folder.', 'circassian' ), array( 'status' => 500 ) );
		}
		$duration = $wav['data_size'] / $wav['byte_rate'];
		$bytes    = (int) filesize( $dir . '/' . $name );
		$now      = current_time( 'mysql', true );
		$previous = $wpdb->get_var( $wpdb->prepare( 'SELECT file FROM %i WHERE speech_key = %s', Speech_Table::name(), $key ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery -- the plugin's own table.
		$wpdb->replace(
			Speech_Table::name(),
			array(
				'speech_key' => $key,
				'language'   => $language,
				'file'       => $name,
				'duration'   => $duration,
				'bytes'      => $bytes,
				'created'    => $now,
				'used'       => $now,
			),
			array( '%s', '%s', '%s', '%f', '%d', '%s', '%s' )
		);
		if ( is_string( $previous ) && '' !== $previous && $previous !== $name ) {
			wp_delete_file( self::path( $previous ) );
		}
		return array(
			'path'     => $dir . '/' . $name,
			'duration' => $duration,
			'bytes'    => $bytes,
		);
	}

	/**
	 * Marks keys as used now (a post was voiced from them): the clean-up keeps what is used.
	 *
	 * @param list<string> $keys Speech keys.
	 */
	public static function touch( array $keys ): void {
		global $wpdb;
		if ( ! $keys ) {
			return;
		}
		$list = implode( ',', array_fill( 0, count( $keys ), '%s' ) );
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.WP.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare, WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the plugin's own table; $list is placeholders only.
		$wpdb->query( $wpdb->prepare( "UPDATE %i SET used = %s WHERE speech_key IN ({$list})", Speech_Table::name(), current_time( 'mysql', true ), ...array_values( $keys ) ) );
	}

	/** Removes key $key: its row and its file. */
	public static function forget( string $key ): void {
		global $wpdb;
		// phpcs:disable WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- the plugin's own table.
		$file = $wpdb->get_var( $wpdb->prepare( 'SELECT file FROM %i WHERE speech_key = %s', Speech_Table::name(), $key ) );
		$wpdb->delete( Speech_Table::name(), array( 'speech_key' => $key ), array( '%s' ) );
		// phpcs:enable WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching
		if ( is_string( $file ) && '' !== $file && is_file( self::path( $file ) ) ) {
			wp_delete_file( self::path( $file ) );
		}
	}

	/** Removes every stored file and the folder (on uninstall, before the table is dropped). */
	public static function remove_all(): void {
		$dir = self::folder();
		if ( '' === $dir || ! is_dir( $dir ) ) {
			return;
		}
		foreach ( (array) glob( $dir . '/*.wav' ) as $file ) {
			if ( is_string( $file ) ) {
				wp_delete_file( $file );
			}
		}
		@rmdir( $dir ); // phpcs:ignore Generic.PHP.NoSilencedErrors.Discouraged, WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.file_system_operations_rmdir -- a folder left with someone else's file in it stays.
	}

	/** The store's folder (no trailing slash), or '' when the uploads folder is unusable. */
	public static function folder(): string {
		$uploads = wp_upload_dir( null, false );
		return ! empty( $uploads['error'] ) ? '' : untrailingslashit( (string) $uploads['basedir'] ) . '/' . self::FOLDER;
	}

	/** A stored file's path; names are the store's own (hex and `.wav`), so none leads out of the folder. */
	private static function path( string $file ): string {
		return self::folder() . '/' . basename( $file );
	}
}
