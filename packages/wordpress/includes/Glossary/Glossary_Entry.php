<?php
/**
 * One glossary entry, as core's checkedEntry (packages/core/src/glossary/glossary.ts) keeps it:
 * `source_lang`, `target_lang`, `type` (keep, translate, forbidden, say), `source`, `target`, and
 * optional `note`, `part_of_speech`, `case_sensitive`, `stem`. Trimmed; a translate into itself is
 * a keep; a keep's target is its source. What makes two entries one (an import replaces the entry
 * of the same identity) is core's entryIdentity.
 *
 * @package Circassian
 */

namespace Circassian\Glossary;

use Circassian\Service;

defined( 'ABSPATH' ) || exit;

final class Glossary_Entry {

	public const TYPES = array( 'keep', 'translate', 'forbidden', 'say' );

	/**
	 * The entry as the glossary keeps it; throws Glossary_Error naming `where` and why.
	 *
	 * @param array<string, mixed> $entry The entry as given.
	 * @return array{source_lang: string, target_lang: string, type: string, source: string, target: string, note?: string, part_of_speech?: string, case_sensitive?: true, stem?: true}
	 */
	public static function checked( array $entry, string $where = 'entry' ): array {
		$fail        = static function ( string $why ) use ( $where ): never {
			throw new Glossary_Error( $where . ': ' . $why ); // phpcs:ignore WordPress.Security.EscapeOutput.ExceptionNotEscaped -- a message, escaped where it is shown.
		};
		$source_lang = (string) ( $entry['source_lang'] ?? '' );
		$target_lang = (string) ( $entry['target_lang'] ?? '' );
		$type        = (string) ( $entry['type'] ?? '' );
		foreach ( array( $source_lang, $target_lang ) as $language ) {
			if ( ! in_array( $language, Service\Service_Facts::TRANSLATION_LANGUAGES, true ) ) {
				$fail( sprintf( '"%s" is not a translation language', $language ) );
			}
		}
		if ( $source_lang === $target_lang ) {
			$fail( 'source and target are both ' . $source_lang );
		}
		if ( ! in_array( $type, self::TYPES, true ) ) {
			$fail( sprintf( 'type "%s" is not keep, translate, forbidden or say', $type ) );
		}
		$source         = self::trim( (string) ( $entry['source'] ?? '' ) );
		$target         = self::trim( (string) ( $entry['target'] ?? '' ) );
		$note           = self::trim( (string) ( $entry['note'] ?? '' ) );
		$part_of_speech = self::trim( (string) ( $entry['part_of_speech'] ?? '' ) );
		foreach ( array( $source, $target, $note, $part_of_speech ) as $text ) {
			if ( ! mb_check_encoding( $text, 'UTF-8' ) || 1 === preg_match( '/[\x00-\x08\x0B\x0C\x0E-\x1F\x{FFFE}\x{FFFF}]/u', $text ) ) {
				$fail( sprintf( '"%s" holds a control character', mb_substr( $text, 0, 40 ) ) );
			}
		}
		if ( 'translate' === $type && $target === $source ) {
			$type = 'keep';
		}
		if ( 'forbidden' !== $type && ! self::has_word( $source ) ) {
			$fail( sprintf( 'the %s term "%s" has no letter or digit', $type, $source ) );
		}
		if ( 'keep' === $type && '' !== $target && $target !== $source ) {
			$fail( sprintf( 'a keep term\'s target is empty or the term itself, not "%s"', $target ) );
		}
		if ( 'keep' !== $type && ! self::has_word( $target ) ) {
			$fail( 'translate' === $type ? sprintf( '"%s" has no target term', $source ) : ( 'say' === $type ? sprintf( '"%s" has no respelling', $source ) : 'no forbidden word' ) );
		}
		$checked = array(
			'source_lang' => $source_lang,
			'target_lang' => $target_lang,
			'type'        => $type,
			'source'      => $source,
			'target'      => 'keep' === $type ? $source : $target,
		);
		if ( '' !== $note ) {
			$checked['note'] = $note;
		}
		if ( '' !== $part_of_speech ) {
			$checked['part_of_speech'] = $part_of_speech;
		}
		if ( true === ( $entry['case_sensitive'] ?? false ) ) {
			$checked['case_sensitive'] = true;
		}
		if ( true === ( $entry['stem'] ?? false ) ) {
			$checked['stem'] = true;
		}
		return $checked;
	}

	/** The form two terms are compared in: read as the matcher reads them, folded unless case counts. */
	public static function term_key( string $term, bool $case_sensitive ): string {
		$read = Read_Words::read( self::trim( $term ) );
		if ( ! $read['starts'] ) {
			return '';
		}
		$from = $read['starts'][0];
		$form = implode( '', array_slice( $read['form'], $from, end( $read['ends'] ) - $from ) );
		return $case_sensitive ? $form : mb_strtolower( $form );
	}

	/**
	 * What makes two entries one: an import replaces the entry of the same identity.
	 *
	 * @param array<string, mixed> $entry A checked entry.
	 */
	public static function identity( array $entry ): string {
		$case = ! empty( $entry['case_sensitive'] );
		if ( 'forbidden' === $entry['type'] ) {
			return 'forbidden ' . $entry['target_lang'] . ' ' . self::term_key( $entry['target'], $case );
		}
		if ( 'say' === $entry['type'] ) {
			return 'say ' . $entry['source_lang'] . ' ' . self::term_key( $entry['source'], $case );
		}
		return 'term ' . $entry['source_lang'] . ' ' . $entry['target_lang'] . ' ' . self::term_key( $entry['source'], $case );
	}

	/** JavaScript's trim(): its whitespace, not only ASCII's. */
	private static function trim( string $text ): string {
		return (string) preg_replace( '/^' . Read_Words::SPACE . '+|' . Read_Words::SPACE . '+$/u', '', $text );
	}

	private static function has_word( string $text ): bool {
		return 1 === preg_match( '/[\p{L}\p{N}]/u', $text );
	}
}
