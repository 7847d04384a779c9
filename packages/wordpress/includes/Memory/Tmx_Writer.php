<?php
/**
 * Writes the memory as TMX 1.4b, unit by unit, to a stream (the download, a file): the bytes
 * core's writeTmx writes for the same units (one `<tu>` per unit, source `<tuv>` first, the
 * origin in `<prop type="x-circassian-origin">`, dates as `creationdate`/`changedate`, uses as
 * `usagecount`, a CR as `&#13;`, no header date), so an export here and one from the CLI or VS
 * Code compare equal, and export, import, export gives the same file.
 *
 * @package Circassian
 */

namespace Circassian\Memory;

defined( 'ABSPATH' ) || exit;

final class Tmx_Writer {

	public const ORIGIN_PROP = 'x-circassian-origin';
	/** Characters XML 1.0 cannot carry, even as references. */
	private const NOT_XML = '/[\x{00}-\x{08}\x{0B}\x{0C}\x{0E}-\x{1F}\x{FFFE}\x{FFFF}]/u';

	/**
	 * @param resource                         $out   Where the document goes.
	 * @param iterable<int, object>            $units From Memory_Store::units().
	 * @return int Units written (a unit XML cannot carry is left out).
	 */
	public static function write( $out, iterable $units ): int {
		// phpcs:disable WordPress.WP.AlternativeFunctions.file_system_read_fwrite -- a stream the caller opened (php://output for a download).
		fwrite( $out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<tmx version=\"1.4\">\n" );
		fwrite( $out, "  <header creationtool=\"circassian\" creationtoolversion=\"1\" segtype=\"sentence\" o-tmf=\"circassian\" adminlang=\"en\" srclang=\"*all*\" datatype=\"plaintext\"/>\n  <body>\n" );
		$written = 0;
		$chunk   = '';
		foreach ( $units as $unit ) {
			if ( preg_match( self::NOT_XML, $unit->source . $unit->target . $unit->creator ) || ! mb_check_encoding( $unit->source . $unit->target . $unit->creator, 'UTF-8' ) ) {
				continue;
			}
			$chunk .= self::tu( $unit );
			++$written;
			if ( strlen( $chunk ) >= 65536 ) {
				fwrite( $out, $chunk );
				$chunk = '';
			}
		}
		fwrite( $out, $chunk . "  </body>\n</tmx>\n" );
		// phpcs:enable WordPress.WP.AlternativeFunctions.file_system_read_fwrite
		return $written;
	}

	private static function tu( object $unit ): string {
		$attributes = array(
			'srclang="' . $unit->source_lang . '"',
			'creationdate="' . self::date( (string) $unit->created ) . '"',
		);
		if ( ! empty( $unit->changed ) ) {
			$attributes[] = 'changedate="' . self::date( (string) $unit->changed ) . '"';
		}
		if ( '' !== (string) $unit->creator ) {
			$attributes[] = 'creationid="' . self::attribute( (string) $unit->creator ) . '"';
		}
		if ( (int) $unit->usage_count > 0 ) {
			$attributes[] = 'usagecount="' . (int) $unit->usage_count . '"';
		}
		return '    <tu ' . implode( ' ', $attributes ) . ">\n"
			. '      <prop type="' . self::ORIGIN_PROP . '">' . $unit->origin . "</prop>\n"
			. '      <tuv xml:lang="' . $unit->source_lang . '"><seg>' . self::text( (string) $unit->source ) . "</seg></tuv>\n"
			. '      <tuv xml:lang="' . $unit->target_lang . '"><seg>' . self::text( (string) $unit->target ) . "</seg></tuv>\n"
			. "    </tu>\n";
	}

	/** A DATETIME (UTC) as TMX writes it: YYYYMMDDThhmmssZ. */
	private static function date( string $datetime ): string {
		return str_replace( array( '-', ':', ' ' ), array( '', '', 'T' ), $datetime ) . 'Z';
	}

	/** Element content; a CR as a reference, as XML readers turn a raw CR LF into LF. */
	private static function text( string $text ): string {
		return str_replace( array( '&', '<', '>', "\r" ), array( '&amp;', '&lt;', '&gt;', '&#13;' ), $text );
	}

	private static function attribute( string $text ): string {
		return str_replace( array( '"', "\n", "\t" ), array( '&quot;', '&#10;', '&#9;' ), self::text( $text ) );
	}
}
