<?php
/**
 * Terms travel as protected markers, core's protectTerms/restoreTerms
 * (packages/core/src/glossary/protect.ts): before a text is sent, each keep or translate term in
 * it becomes a wordless inline marker (`<x3/>`, the editor's own marker rule, which the service
 * moves with the words and keeps verbatim), so the service never sees a keep term as text and
 * cannot translate a term its own way; after, each marker becomes the term's agreed form. Markers
 * already in the text (the editor's inline markup) are left alone: the glossary numbers above the
 * highest and puts back only its own, so the editor restores the rest.
 *
 * @package Circassian
 */

namespace Circassian\Glossary;

defined( 'ABSPATH' ) || exit;

final class Term_Protect {

	/** Every marker: `<xN>`, `</xN>` or `<xN/>` (1 the closing slash, 2 the number, 3 the self-closing slash). */
	public const MARKER = '#<(/?)x([1-9]\d*)(/?)>#i';

	/**
	 * The agreed form, written as the source wrote the term: all capitals stay capitals, and a term
	 * the glossary writes in lower case takes a capital where the source gave it one. An entry with
	 * `case_sensitive` is written exactly as agreed.
	 *
	 * @param array<string, mixed> $entry A checked entry.
	 */
	public static function agreed_form( array $entry, string $found ): string {
		$agreed = 'keep' === $entry['type'] ? (string) $entry['source'] : (string) $entry['target'];
		if ( ! empty( $entry['case_sensitive'] ) || ! self::is_upper( mb_substr( $found, 0, 1 ) ) ) {
			return $agreed;
		}
		if ( mb_strlen( $found ) > 1 && mb_strtoupper( $found ) === $found && mb_strtolower( $found ) !== $found ) {
			return mb_strtoupper( $agreed );
		}
		if ( self::is_upper( mb_substr( (string) $entry['source'], 0, 1 ) ) ) {
			return $agreed;
		}
		return mb_strtoupper( mb_substr( $agreed, 0, 1 ) ) . mb_substr( $agreed, 1 );
	}

	/**
	 * The text with its keep and translate terms of the pair as markers (the text itself when it has none).
	 *
	 * @return array{text: string, terms: list<array{id: int, entry: array<string, mixed>, found: string, agreed: string}>}
	 */
	public static function protect( Glossary $glossary, string $source, string $target, string $text ): array {
		$found = $glossary->source_terms( $source, $target )->find( $text );
		if ( ! $found ) {
			return array(
				'text'  => $text,
				'terms' => array(),
			);
		}
		$spans = self::marker_spans( $text );
		$next  = self::highest_marker( $text ) + 1;
		$sent  = '';
		$at    = 0;
		$terms = array();
		foreach ( $found as $match ) {
			foreach ( $spans as $span ) {
				if ( $match['start'] < $span[1] && $span[0] < $match['end'] ) {
					continue 2;
				}
			}
			$id      = $next++;
			$terms[] = array(
				'id'     => $id,
				'entry'  => $match['entry'],
				'found'  => $match['text'],
				'agreed' => self::agreed_form( $match['entry'], $match['text'] ),
			);
			$sent   .= mb_substr( $text, $at, $match['start'] - $at ) . '<x' . $id . '/>';
			$at      = $match['end'];
		}
		return array(
			'text'  => $sent . mb_substr( $text, $at ),
			'terms' => $terms,
		);
	}

	/**
	 * Puts the agreed terms in place of their markers. A marker the answer lost (or sent back as an
	 * opening or closing marker) cannot be placed: its term is in `lost`, and the term check then
	 * reports it missing. Other markers are left for their owner.
	 *
	 * @param array{text: string, terms: list<array{id: int, entry: array<string, mixed>, found: string, agreed: string}>} $sent What protect() gave.
	 * @return array{text: string, lost: list<array{id: int, entry: array<string, mixed>, found: string, agreed: string}>}
	 */
	public static function restore( string $answer, array $sent ): array {
		if ( ! $sent['terms'] ) {
			return array(
				'text' => $answer,
				'lost' => array(),
			);
		}
		$by_id  = array_column( $sent['terms'], null, 'id' );
		$placed = array();
		$text   = (string) preg_replace_callback(
			self::MARKER,
			static function ( array $marker ) use ( $by_id, &$placed ): string {
				$term = $by_id[ (int) $marker[2] ] ?? null;
				if ( null === $term ) {
					return $marker[0];
				}
				if ( '' !== $marker[1] || '' === $marker[3] ) {
					return '';
				}
				$placed[ $term['id'] ] = true;
				return $term['agreed'];
			},
			$answer
		);
		return array(
			'text' => $text,
			'lost' => array_values( array_filter( $sent['terms'], static fn( array $term ): bool => ! isset( $placed[ $term['id'] ] ) ) ),
		);
	}

	/** The highest marker number in the text (0 when it has none): numbers added start above it. */
	public static function highest_marker( string $text ): int {
		if ( ! str_contains( $text, '<' ) || ! preg_match_all( self::MARKER, $text, $found ) ) {
			return 0;
		}
		return max( array_map( 'intval', $found[2] ) );
	}

	/**
	 * The spans (code points) of markers already in the text: no term is looked for inside one.
	 *
	 * @return list<array{0: int, 1: int}>
	 */
	private static function marker_spans( string $text ): array {
		if ( ! str_contains( $text, '<' ) || ! preg_match_all( self::MARKER, $text, $found, PREG_OFFSET_CAPTURE ) ) {
			return array();
		}
		$spans = array();
		foreach ( $found[0] as $marker ) {
			$start   = mb_strlen( substr( $text, 0, (int) $marker[1] ) );
			$spans[] = array( $start, $start + mb_strlen( (string) $marker[0] ) );
		}
		return $spans;
	}

	/** Whether a character is a capital: lower-casing it changes it. */
	private static function is_upper( string $char ): bool {
		return '' !== $char && mb_strtolower( $char ) !== $char;
	}
}
