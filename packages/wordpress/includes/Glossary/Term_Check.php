<?php
/**
 * The term check on any source and target text (a machine translation, a memory's answer, a
 * person's translation alike), core's checkTerms (packages/core/src/glossary/check.ts): a keep or
 * translate term in the source whose agreed form is not in the target (looked for with the target
 * language's endings: a translator writes `Налшыкым` for `Налшык`), and a forbidden word in the
 * target.
 *
 * @package Circassian
 */

namespace Circassian\Glossary;

defined( 'ABSPATH' ) || exit;

final class Term_Check {

	/**
	 * The problems of one source/target pair, source terms first (in source order, each term once),
	 * then forbidden words (in target order). Offsets in code points.
	 *
	 * @return list<array{kind: string, entry: array<string, mixed>, source_start?: int, source_end?: int, target_start?: int, target_end?: int, found?: string}>
	 */
	public static function check( Glossary $glossary, string $source_lang, string $target_lang, string $source, string $target ): array {
		$problems  = array();
		$in_source = $glossary->source_terms( $source_lang, $target_lang )->find( $source );
		$read      = null;
		if ( $in_source ) {
			$read     = Read_Words::read( $target );
			$present  = array();
			$reported = array();
			foreach ( $glossary->agreed_terms( $source_lang, $target_lang )->find( $target, $read ) as $match ) {
				$present[ self::source_key( $match['entry'] ) ] = true;
			}
			foreach ( $in_source as $match ) {
				$key = self::source_key( $match['entry'] );
				if ( isset( $present[ $key ] ) || isset( $reported[ $key ] ) ) {
					continue;
				}
				$reported[ $key ] = true;
				$problems[]       = array(
					'kind'         => 'missing',
					'entry'        => $match['entry'],
					'source_start' => $match['start'],
					'source_end'   => $match['end'],
				);
			}
		}
		$forbidden = $glossary->forbidden_words( $target_lang );
		if ( $forbidden->size > 0 ) {
			foreach ( $forbidden->find( $target, $read ) as $match ) {
				$problems[] = array(
					'kind'         => 'forbidden',
					'entry'        => $match['entry'],
					'target_start' => $match['start'],
					'target_end'   => $match['end'],
					'found'        => $match['text'],
				);
			}
		}
		return $problems;
	}

	/** @param array<string, mixed> $entry One key per source term: entries of one source term share it. */
	private static function source_key( array $entry ): string {
		return Glossary_Entry::term_key( (string) $entry['source'], ! empty( $entry['case_sensitive'] ) );
	}
}
