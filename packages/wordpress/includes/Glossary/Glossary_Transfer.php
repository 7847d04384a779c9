<?php
/**
 * The glossary as files, for the admin page and the REST routes alike: a CSV (the contract) or a
 * TBX (TBX-Basic, from Weblate, memoQ, OmegaT or the Circassian hosts) read whole and laid over the
 * glossary (a file that cannot be read imports nothing and says why), and a pair's entries
 * written as either.
 *
 * @package Circassian
 */

namespace Circassian\Glossary;

use WP_Error;

defined( 'ABSPATH' ) || exit;

final class Glossary_Transfer {

	public const FORMATS = array( 'csv', 'tbx' );

	/**
	 * A CSV or TBX file (told apart by its first character: a TBX is XML) laid over the glossary.
	 *
	 * @return array{source_lang: string, target_lang: string, read: int, skipped: int, added: int, replaced: int}|WP_Error
	 */
	public static function import( string $bytes ): array|WP_Error {
		try {
			$tbx = 1 === preg_match( '/^(\xEF\xBB\xBF)?\s*</', $bytes );
			if ( $tbx ) {
				$file    = Tbx_Reader::read( $bytes );
				$entries = $file['entries'];
				$skipped = count( $file['skipped'] );
			} else {
				$entries = Glossary_Csv::read( $bytes )['entries'];
				$skipped = 0;
			}
		} catch ( Glossary_Error $error ) {
			/* translators: %s: why the file cannot be read, with its line (in English, from the file's checker). */
			return new WP_Error( 'circassian_glossary_invalid', sprintf( __( 'The glossary file was not imported, nothing changed: %s', 'circassian' ), $error->getMessage() ), array( 'status' => 400 ) );
		}
		return array(
			'source_lang' => (string) ( $entries[0]['source_lang'] ?? '' ),
			'target_lang' => (string) ( $entries[0]['target_lang'] ?? '' ),
			'read'        => count( $entries ),
			'skipped'     => $skipped,
		) + Glossary_Store::import( $entries );
	}

	/** A pair's entries (its terms, forbidden words of its target, respellings of its source) as the contract's CSV. */
	public static function csv( string $source, string $target ): string {
		return Glossary_Csv::write( $source, $target, Glossary_Store::glossary()->entries_for( $source, $target ) );
	}

	/** A pair's entries as TBX-Basic. */
	public static function tbx( string $source, string $target ): string {
		return Tbx_Writer::write( Glossary_Store::glossary()->entries_for( $source, $target ) );
	}

	/** A pair's entries in `format` (csv or tbx). */
	public static function file( string $format, string $source, string $target ): string {
		return 'tbx' === $format ? self::tbx( $source, $target ) : self::csv( $source, $target );
	}

	/** @return array<string, string> */
	public static function headers( string $format, string $source, string $target ): array {
		return array(
			'Content-Type'        => 'tbx' === $format ? 'application/x-tbx+xml; charset=utf-8' : 'text/csv; charset=utf-8',
			'Content-Disposition' => sprintf( 'attachment; filename="glossary-%s-%s.%s"', $source, $target, 'tbx' === $format ? 'tbx' : 'csv' ),
		);
	}
}
