<?php
/**
 * The glossary's CSV, the contract every host reads and writes (core's readGlossaryCsv and
 * writeGlossaryCsv, packages/core/src/glossary/csv.ts): UTF-8, RFC 4180 (fields with a comma, a
 * quote or a line break in double quotes, a quote doubled), a header row whose first two columns
 * are the source and target language codes, then `type` and an optional `note`
 * (`ru,kbd,type,note`), one entry a row: `keep` (target empty or the term again), `translate` (the
 * agreed target term), `forbidden` (the rejected word in the target column), `say` (the
 * respelling in the target column, for speech in the source column's language). A file that
 * breaks the contract is refused whole, with the line and the reason (Glossary_Error).
 *
 * @package Circassian
 */

namespace Circassian\Glossary;

use Circassian\Service;

defined( 'ABSPATH' ) || exit;

final class Glossary_Csv {

	/**
	 * A glossary CSV's pair and entries; throws Glossary_Error naming the line at fault. A byte order mark is allowed.
	 *
	 * @return array{source: string, target: string, entries: list<array<string, mixed>>}
	 */
	public static function read( string $bytes ): array {
		if ( ! mb_check_encoding( $bytes, 'UTF-8' ) ) {
			throw new Glossary_Error( 'the file is not UTF-8 text' );
		}
		$text = str_starts_with( $bytes, "\u{FEFF}" ) ? substr( $bytes, 3 ) : $bytes;
		$rows = array_values( array_filter( self::records( $text ), static fn( array $row ): bool => '' !== trim( implode( '', $row['fields'] ) ) ) );
		if ( ! $rows ) {
			throw new Glossary_Error( 'the file is empty: it needs a header row such as ru,kbd,type,note' );
		}
		$header   = array_shift( $rows );
		$names    = array_map( 'trim', $header['fields'] );
		$source   = $names[0] ?? '';
		$target   = $names[1] ?? '';
		$expected = 'a header row such as ru,kbd,type,note (source language, target language, type, optional note)';
		$line     = $header['line'];
		if ( ! in_array( $source, Service\Service_Facts::TRANSLATION_LANGUAGES, true ) || ! in_array( $target, Service\Service_Facts::TRANSLATION_LANGUAGES, true ) ) {
			throw new Glossary_Error( sprintf( 'line %d: the first two columns are not language codes ("%s", "%s"): %s', $line, $source, $target, $expected ) ); // phpcs:ignore WordPress.Security.EscapeOutput.ExceptionNotEscaped -- a message, escaped where it is shown.
		}
		if ( $source === $target ) {
			throw new Glossary_Error( sprintf( 'line %d: source and target are both %s', $line, $source ) ); // phpcs:ignore WordPress.Security.EscapeOutput.ExceptionNotEscaped -- a message, escaped where it is shown.
		}
		if ( 'type' !== ( $names[2] ?? '' ) || ( isset( $names[3] ) && 'note' !== $names[3] ) || count( $names ) > 4 ) {
			throw new Glossary_Error( sprintf( 'line %d: the header is "%s": %s', $line, implode( ',', $header['fields'] ), $expected ) ); // phpcs:ignore WordPress.Security.EscapeOutput.ExceptionNotEscaped -- a message, escaped where it is shown.
		}
		$columns = count( $header['fields'] );
		$entries = array();
		foreach ( $rows as $row ) {
			$fields = $row['fields'];
			if ( count( $fields ) !== $columns ) {
				throw new Glossary_Error( sprintf( 'line %d: %d fields, the header has %d', $row['line'], count( $fields ), $columns ) ); // phpcs:ignore WordPress.Security.EscapeOutput.ExceptionNotEscaped -- a message, escaped where it is shown.
			}
			$kind = trim( $fields[2] );
			if ( ! in_array( $kind, Glossary_Entry::TYPES, true ) ) {
				throw new Glossary_Error( sprintf( 'line %d: type "%s" is not keep, translate, forbidden or say', $row['line'], $kind ) ); // phpcs:ignore WordPress.Security.EscapeOutput.ExceptionNotEscaped -- a message, escaped where it is shown.
			}
			$entries[] = Glossary_Entry::checked(
				array(
					'source_lang' => $source,
					'target_lang' => $target,
					'type'        => $kind,
					'source'      => $fields[0],
					'target'      => $fields[1],
					'note'        => $fields[3] ?? '',
				),
				'line ' . $row['line']
			);
		}
		return array(
			'source'  => $source,
			'target'  => $target,
			'entries' => $entries,
		);
	}

	/**
	 * A pair's entries (Glossary::entries_for) as the contract's CSV: header `SOURCE,TARGET,type,note`, CR LF line ends.
	 *
	 * @param list<array<string, mixed>> $entries Checked entries.
	 */
	public static function write( string $source, string $target, array $entries ): string {
		$rows = array( array( $source, $target, 'type', 'note' ) );
		foreach ( $entries as $entry ) {
			$rows[] = array( (string) $entry['source'], (string) $entry['target'], (string) $entry['type'], (string) ( $entry['note'] ?? '' ) );
		}
		$lines = array_map( static fn( array $row ): string => implode( ',', array_map( array( self::class, 'field' ), $row ) ), $rows );
		return implode( "\r\n", $lines ) . "\r\n";
	}

	private static function field( string $value ): string {
		return 1 === preg_match( '/[",\r\n]/', $value ) || trim( $value ) !== $value ? '"' . str_replace( '"', '""', $value ) . '"' : $value;
	}

	/**
	 * The records of an RFC 4180 text, each with the line it starts on (1-based). CR LF or LF ends a record.
	 *
	 * @return list<array{fields: list<string>, line: int}>
	 */
	private static function records( string $text ): array {
		$out         = array();
		$fields      = array();
		$field       = '';
		$quoted      = false;
		$line        = 1;
		$record_line = 1;
		$length      = strlen( $text );
		$i           = 0;
		while ( $i < $length ) {
			$char = $text[ $i ];
			if ( $quoted ) {
				if ( '"' === $char ) {
					if ( '"' === ( $text[ $i + 1 ] ?? '' ) ) {
						$field .= '"';
						$i     += 2;
						continue;
					}
					$quoted = false;
					++$i;
					$next = $text[ $i ] ?? '';
					if ( '' !== $next && ',' !== $next && "\n" !== $next && "\r" !== $next ) {
						throw new Glossary_Error( sprintf( 'line %d: text after a closing quote (a quote inside a field is written twice: "")', $line ) ); // phpcs:ignore WordPress.Security.EscapeOutput.ExceptionNotEscaped -- a message, escaped where it is shown.
					}
					continue;
				}
				if ( "\n" === $char ) {
					++$line;
				}
				$field .= $char;
				++$i;
				continue;
			}
			if ( '"' === $char ) {
				if ( '' !== $field ) {
					throw new Glossary_Error( sprintf( 'line %d: a quote inside an unquoted field (quote the whole field and double the quote)', $line ) ); // phpcs:ignore WordPress.Security.EscapeOutput.ExceptionNotEscaped -- a message, escaped where it is shown.
				}
				$quoted = true;
				++$i;
			} elseif ( ',' === $char ) {
				$fields[] = $field;
				$field    = '';
				++$i;
			} elseif ( "\r" === $char || "\n" === $char ) {
				$fields[]    = $field;
				$field       = '';
				$out[]       = array(
					'fields' => $fields,
					'line'   => $record_line,
				);
				$fields      = array();
				$i          += "\r" === $char && "\n" === ( $text[ $i + 1 ] ?? '' ) ? 2 : 1;
				$record_line = ++$line;
			} else {
				$field .= $char;
				++$i;
			}
		}
		if ( $quoted ) {
			throw new Glossary_Error( sprintf( 'line %d: a quoted field is not closed', $record_line ) ); // phpcs:ignore WordPress.Security.EscapeOutput.ExceptionNotEscaped -- a message, escaped where it is shown.
		}
		if ( '' !== $field || $fields ) {
			$fields[] = $field;
			$out[]    = array(
				'fields' => $fields,
				'line'   => $record_line,
			);
		}
		return $out;
	}
}
