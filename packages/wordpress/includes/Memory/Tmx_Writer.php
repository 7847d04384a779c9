<?php
/**
 * Writes the memory as TMX 1.4b level 2, unit by unit, to a stream (the download, a file): the bytes
 * core's writeTmx writes for the same units (one `<tu>` per unit, source `<tuv>` first; inline
 * codes (placeholders, tags, markers, URLs) as `<ph>`, `<bpt>`/`<ept>` and `<it>`: Tmx_Seg_Write; dates as
 * `creationdate`/`changedate`, people as `creationid`/`changeid`, uses as `usagecount`; the
 * origin, where the unit was made, its context and a suggestion's status as `<prop>`s
 * `x-circassian-origin`, `-where`, `-context`, `-status`; a CR as `&#13;`, no header date), so an
 * export here and one from the CLI or VS Code compare equal, and export, import, export gives the
 * same file. Every attribute and prop is escaped, language codes and origins too.
 *
 * @package Circassian
 */

namespace Circassian\Memory;

defined( 'ABSPATH' ) || exit;

final class Tmx_Writer {

	public const ORIGIN_PROP  = 'x-circassian-origin';
	public const WHERE_PROP   = 'x-circassian-where';
	public const CONTEXT_PROP = 'x-circassian-context';
	public const STATUS_PROP  = 'x-circassian-status';
	/** STATUS_PROP's value on a suggestion; other units have no status. */
	public const SUGGESTION = 'suggestion';
	/** Characters XML 1.0 cannot carry, even as references. */
	private const NOT_XML = '/[\x{00}-\x{08}\x{0B}\x{0C}\x{0E}-\x{1F}\x{FFFE}\x{FFFF}]/u';

	/**
	 * @param resource                         $out   Where the document goes.
	 * @param iterable<int, object>            $units From Memory_Store::units().
	 * @return int Units written (a unit XML cannot carry is left out).
	 */
	public static function write( $out, iterable $units ): int {
		// phpcs:disable WordPress.WP.AlternativeFunctions.file_system_read_fwrite, WordPress.WP.AlternativeFunctions.file_system_operations_fwrite -- a stream the caller opened (php://output for a download).
		fwrite( $out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<tmx version=\"1.4\">\n" );
		fwrite( $out, "  <header creationtool=\"circassian\" creationtoolversion=\"1\" segtype=\"sentence\" o-tmf=\"circassian\" adminlang=\"en\" srclang=\"*all*\" datatype=\"plaintext\"/>\n  <body>\n" );
		$written = 0;
		$chunk   = '';
		foreach ( $units as $unit ) {
			$texts = $unit->source . $unit->target . $unit->creator . $unit->changer . $unit->where_made . $unit->context;
			if ( preg_match( self::NOT_XML, $texts ) || ! mb_check_encoding( $texts, 'UTF-8' ) ) {
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
		// phpcs:enable WordPress.WP.AlternativeFunctions.file_system_read_fwrite, WordPress.WP.AlternativeFunctions.file_system_operations_fwrite
		return $written;
	}

	private static function tu( object $unit ): string {
		$attributes = array(
			'srclang="' . self::attribute( (string) $unit->source_lang ) . '"',
			'creationdate="' . self::date( (string) $unit->created ) . '"',
		);
		if ( ! empty( $unit->changed ) ) {
			$attributes[] = 'changedate="' . self::date( (string) $unit->changed ) . '"';
		}
		foreach ( array(
			'creationid' => (string) $unit->creator,
			'changeid'   => (string) $unit->changer,
		) as $name => $value ) {
			if ( '' !== $value ) {
				$attributes[] = $name . '="' . self::attribute( $value ) . '"';
			}
		}
		if ( (int) $unit->usage_count > 0 ) {
			$attributes[] = 'usagecount="' . (int) $unit->usage_count . '"';
		}
		$props = array(
			self::ORIGIN_PROP  => (string) $unit->origin,
			self::WHERE_PROP   => (string) $unit->where_made,
			self::CONTEXT_PROP => (string) $unit->context,
			self::STATUS_PROP  => '' !== (string) $unit->suggested_by ? self::SUGGESTION : '',
		);
		$tu    = '    <tu ' . implode( ' ', $attributes ) . ">\n";
		foreach ( array_filter( $props, static fn( string $value ): bool => '' !== $value ) as $type => $value ) {
			$tu .= '      <prop type="' . $type . '">' . self::text( $value ) . "</prop>\n";
		}
		$segs = Tmx_Seg_Write::segs( (string) $unit->source, (string) $unit->target );
		return $tu
			. '      <tuv xml:lang="' . self::attribute( (string) $unit->source_lang ) . '"><seg>' . $segs['source'] . "</seg></tuv>\n"
			. '      <tuv xml:lang="' . self::attribute( (string) $unit->target_lang ) . '"><seg>' . $segs['target'] . "</seg></tuv>\n"
			. "    </tu>\n";
	}

	/** A DATETIME (UTC) as TMX writes it: YYYYMMDDThhmmssZ. */
	private static function date( string $datetime ): string {
		return str_replace( array( '-', ':', ' ' ), array( '', '', 'T' ), $datetime ) . 'Z';
	}

	/** Element content; a CR as a reference, as XML readers turn a raw CR LF into LF. */
	public static function text( string $text ): string {
		return str_replace( array( '&', '<', '>', "\r" ), array( '&amp;', '&lt;', '&gt;', '&#13;' ), $text );
	}

	private static function attribute( string $text ): string {
		return str_replace( array( '"', "\n", "\t" ), array( '&quot;', '&#10;', '&#9;' ), self::text( $text ) );
	}
}
