<?php
/**
 * The glossary as files, for the admin page and the REST routes alike: a CSV read whole and laid
 * over the glossary (a file with one bad row imports nothing and says which line and why), and a
 * pair's entries written as the contract's CSV.
 *
 * @package Circassian
 */

namespace Circassian\Glossary;

use WP_Error;

defined( 'ABSPATH' ) || exit;

final class Glossary_Transfer {

	/**
	 * @return array{source_lang: string, target_lang: string, read: int, added: int, replaced: int}|WP_Error
	 */
	public static function import( string $bytes ): array|WP_Error {
		try {
			$file = Glossary_Csv::read( $bytes );
		} catch ( Glossary_Error $error ) {
			/* translators: %s: why the file cannot be read, with its line (in English, from the file's checker). */
			return new WP_Error( 'circassian_glossary_invalid', sprintf( __( 'The glossary file was not imported, nothing changed: %s', 'circassian' ), $error->getMessage() ), array( 'status' => 400 ) );
		}
		return array(
			'source_lang' => $file['source'],
			'target_lang' => $file['target'],
			'read'        => count( $file['entries'] ),
		) + Glossary_Store::import( $file['entries'] );
	}

	/** A pair's entries (its terms, forbidden words of its target, respellings of its source) as the contract's CSV. */
	public static function csv( string $source, string $target ): string {
		return Glossary_Csv::write( $source, $target, Glossary_Store::glossary()->entries_for( $source, $target ) );
	}

	/** @return array<string, string> */
	public static function csv_headers( string $source, string $target ): array {
		return array(
			'Content-Type'        => 'text/csv; charset=utf-8',
			'Content-Disposition' => sprintf( 'attachment; filename="glossary-%s-%s.csv"', $source, $target ),
		);
	}
}
