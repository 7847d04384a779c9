<?php
/**
 * TMX in and out of the site's memory, for the REST routes and the Tools page alike: an export
 * streamed to the response as it is read from the table, an import read one `<tu>` at a time and
 * stored in small groups, so neither holds the memory whole.
 *
 * @package Circassian
 */

namespace Circassian\Memory;

defined( 'ABSPATH' ) || exit;

final class Memory_Transfer {

	/** Units stored per query group during an import. */
	private const STORE_GROUP = 200;

	/** The download's file name: the site and the day, so exports of several sites stay apart. */
	public static function file_name(): string {
		return sanitize_file_name( wp_parse_url( home_url(), PHP_URL_HOST ) . '-circassian-memory-' . gmdate( 'Y-m-d' ) . '.tmx' );
	}

	/** Sends the memory (or its units of one origin) as a TMX download, from the table as it is read. */
	public static function send_export( ?string $origin ): void {
		if ( ! headers_sent() ) {
			header( 'Content-Type: application/x-tmx+xml; charset=UTF-8' );
			header( 'Content-Disposition: attachment; filename="' . self::file_name() . '"' );
			header( 'X-Content-Type-Options: nosniff' );
			header( 'Cache-Control: no-store' );
		}
		$out = fopen( 'php://output', 'wb' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fopen, WordPress.WP.AlternativeFunctions.file_system_operations_fopen -- the response itself.
		if ( false !== $out ) {
			Tmx_Writer::write( $out, Memory_Store::units( $origin ) );
			fclose( $out ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fclose, WordPress.WP.AlternativeFunctions.file_system_operations_fclose -- php://output.
		}
	}

	/**
	 * Imports a TMX file into the memory, all or nothing: the whole file is read first (one `<tu>`
	 * at a time, nothing kept), and only a file read to its end is stored, so a file broken after
	 * its first units leaves the memory as it was and says so.
	 *
	 * @return array{units: int, stored: int, kept_human: int, kept_reviewed: int, kept_newer: int, replaced_reviewed: int, refused: int, skipped: array<string, int>, left_out: list<array{tu: int, reason: string, detail: string}>}|\WP_Error
	 *         `skipped`: what the file held that was left out, counted by reason; `left_out`: the first
	 *         Tmx_Reader::LISTED of them, each with its `<tu>`'s position, reason and detail.
	 */
	public static function import_file( string $path ): array|\WP_Error {
		$checked = Tmx_Reader::read( $path, static function (): void {} );
		if ( is_wp_error( $checked ) ) {
			return $checked;
		}
		$counts = array(
			'stored'            => 0,
			'kept_human'        => 0,
			'kept_reviewed'     => 0,
			'kept_newer'        => 0,
			'replaced_reviewed' => 0,
			'refused'           => 0,
		);
		$group  = array();
		$flush  = static function () use ( &$group, &$counts ): void {
			foreach ( Memory_Store::store( $group ) as $count => $value ) {
				$counts[ $count ] += $value;
			}
			$group = array();
		};
		$read   = Tmx_Reader::read(
			$path,
			static function ( array $unit ) use ( &$group, $flush ): void {
				$group[] = $unit;
				if ( count( $group ) >= self::STORE_GROUP ) {
					$flush();
				}
			}
		);
		if ( is_wp_error( $read ) ) {
			// The file changed between the two reads: what went in is said, not hidden.
			$flush();
			return new \WP_Error(
				'circassian_import_partial',
				sprintf(
					/* translators: %s: units stored before the file could no longer be read. */
					_n( 'The file changed while it was imported: %s unit was stored, the rest was not. Import it again.', 'The file changed while it was imported: %s units were stored, the rest were not. Import it again.', $counts['stored'], 'circassian' ),
					number_format_i18n( $counts['stored'] )
				),
				array( 'status' => 409 ) + $counts
			);
		}
		$flush();
		return array( 'units' => $read['units'] ) + $counts + array(
			'skipped'  => $read['skipped'],
			'left_out' => $read['left_out'],
		);
	}

	/**
	 * Imports a TMX document held in a string (a REST request's body).
	 *
	 * @return array<string, mixed>|\WP_Error import_file's answer.
	 */
	public static function import_string( string $tmx ): array|\WP_Error {
		// wp_tempnam() lives with the admin's file functions, which a REST request has not loaded.
		require_once ABSPATH . 'wp-admin/includes/file.php';
		$path = wp_tempnam( 'circassian-memory.tmx' );
		// phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents, WordPress.WP.AlternativeFunctions.file_system_operations_file_put_contents -- a temporary file of our own, removed below.
		if ( ! $path || false === file_put_contents( $path, $tmx ) ) {
			return new \WP_Error( 'circassian_import_failed', __( 'The file could not be read: nothing was imported.', 'circassian' ), array( 'status' => 500 ) );
		}
		$result = self::import_file( $path );
		wp_delete_file( $path );
		return $result;
	}
}
