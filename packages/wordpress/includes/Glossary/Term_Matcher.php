<?php
/**
 * Finds a set of terms in texts, core's TermMatcher (packages/core/src/glossary/term-matcher.ts)
 * in PHP: whole words read by Read_Words (NFC, palochka look-alikes), letter case as each entry
 * says, and for `stem` entries the endings of the term's language (Endings). Phrases match word
 * by word, whitespace between them read as one space. Where terms overlap, the longest wins
 * (`Адыгэ Республикэ` over `Адыгэ`), then the earlier entry. Terms are indexed by their first word
 * (by each of its stems for a stem entry), so a text costs a few lookups per word whatever the
 * glossary's size. (Core's bit filter in front of the lookups is a speed-up only: not ported.)
 *
 * @package Circassian
 */

namespace Circassian\Glossary;

use Circassian\Memory;

defined( 'ABSPATH' ) || exit;

final class Term_Matcher {

	/** Stems shorter than this are not tried by suffix: a one-letter stem would be tried on every word. */
	private const PREFIX = 2;

	/** @var array<string, list<array<string, mixed>>> Patterns by their first word (folded), or its stems. */
	private array $by_word = array();
	/** @var array<string, list<array<string, mixed>>> Case-sensitive patterns by their first word as written. */
	private array $by_word_cased = array();
	/** @var array<string, true> The language's suffixes, folded, palochka as U+04C0 folds. */
	private array $suffixes = array();
	private bool $has_stems = false;
	public readonly int $size;

	/**
	 * @param iterable<array{entry: array<string, mixed>, term: string, stem?: bool}> $terms    What to look for.
	 * @param string                                                                  $language The texts' language (its endings).
	 */
	public function __construct( iterable $terms, string $language ) {
		$endings = Endings::of( $language );
		foreach ( $endings['suffixes'] ?? array( '' ) as $suffix ) {
			$this->suffixes[ mb_strtolower( Memory\Palochka::normalize( $suffix ) ) ] = true;
		}
		$order = 0;
		foreach ( $terms as $find ) {
			$pattern = self::pattern( $find, $order++, $endings );
			if ( null === $pattern ) {
				continue;
			}
			$first = $pattern['words'][0];
			foreach ( $first['stems'] ?? array( $first['exact'] ) as $key ) {
				if ( $pattern['case_sensitive'] ) {
					$this->by_word_cased[ $key ][] = $pattern;
				} else {
					$this->by_word[ $key ][] = $pattern;
				}
			}
			$this->has_stems = $this->has_stems || null !== $first['stems'];
		}
		$this->size = $order;
	}

	/**
	 * Every term in `text`, left to right, none overlapping; offsets in code points of the text.
	 *
	 * @return list<array{entry: array<string, mixed>, start: int, end: int, text: string}>
	 */
	public function find( string $text, ?array $read = null ): array {
		if ( 0 === $this->size ) {
			return array();
		}
		$read  ??= Read_Words::read( $text );
		$words   = self::words( $read );
		$count   = count( $read['starts'] );
		$matches = array();
		for ( $i = 0; $i < $count; ) {
			$best   = array(
				'pattern' => null,
				'end'     => -1,
			);
			$folded = $words['folded'][ $i ];
			$raw    = $words['raw'][ $i ];
			$this->consider( $best, $this->by_word[ $folded ] ?? null, $i, $read, $words );
			$this->consider( $best, $this->by_word_cased[ $raw ] ?? null, $i, $read, $words );
			if ( $this->has_stems ) {
				$length = mb_strlen( $folded );
				for ( $at = $length - 1; $at >= self::PREFIX; $at-- ) {
					if ( isset( $this->suffixes[ mb_substr( $folded, $at ) ] ) ) {
						$this->consider( $best, $this->by_word[ mb_substr( $folded, 0, $at ) ] ?? null, $i, $read, $words );
						$this->consider( $best, $this->by_word_cased[ mb_substr( $raw, 0, $at ) ] ?? null, $i, $read, $words );
					}
				}
			}
			$found = $best['pattern'];
			if ( null === $found ) {
				++$i;
				continue;
			}
			$from      = Read_Words::original_offset( $read, $read['starts'][ $i ] - mb_strlen( $found['lead'] ) );
			$to        = Read_Words::original_offset( $read, $best['end'] );
			$matches[] = array(
				'entry' => $found['entry'],
				'start' => $from,
				'end'   => $to,
				'text'  => implode( '', array_slice( $read['chars'], $from, $to - $from ) ),
			);
			$i        += count( $found['words'] );
		}
		return $matches;
	}

	/**
	 * @param array{form: list<string>, starts: list<int>, ends: list<int>} $read A text read.
	 * @return array{raw: list<string>, folded: list<string>}
	 */
	private static function words( array $read ): array {
		$raw = array();
		foreach ( $read['starts'] as $i => $start ) {
			$raw[] = implode( '', array_slice( $read['form'], $start, $read['ends'][ $i ] - $start ) );
		}
		return array(
			'raw'    => $raw,
			'folded' => array_map( 'mb_strtolower', $raw ),
		);
	}

	/**
	 * A term in matching form: its words (folded unless case-sensitive), what stands between and around them.
	 *
	 * @param array{entry: array<string, mixed>, term: string, stem?: bool}                     $find    What to look for.
	 * @param array{suffixes: list<string>, replaces_ending: bool, inflects: string}|null $endings The language's endings.
	 * @return array<string, mixed>|null
	 */
	private static function pattern( array $find, int $order, ?array $endings ): ?array {
		$case_sensitive = ! empty( $find['entry']['case_sensitive'] );
		$read           = Read_Words::read( trim( $find['term'] ) );
		$count          = count( $read['starts'] );
		if ( 0 === $count ) {
			return null;
		}
		$stem  = ( $find['stem'] ?? ! empty( $find['entry']['stem'] ) ) && null !== $endings;
		$form  = $read['form'];
		$slice = static fn( int $from, int $to ): string => implode( '', array_slice( $form, $from, $to - $from ) );
		$words = array();
		foreach ( $read['starts'] as $i => $start ) {
			$raw      = $slice( $start, $read['ends'][ $i ] );
			$exact    = $case_sensitive ? $raw : mb_strtolower( $raw );
			$inflects = $stem && ( 'every' === $endings['inflects'] || $count - 1 === $i );
			$words[]  = array(
				'exact' => $exact,
				'stems' => $inflects ? self::stems_of( $exact, $endings ) : null,
			);
		}
		$separators = array();
		for ( $i = 1; $i < $count; $i++ ) {
			$separators[] = Read_Words::collapse_space( $slice( $read['ends'][ $i - 1 ], $read['starts'][ $i ] ) );
		}
		return array(
			'entry'          => $find['entry'],
			'order'          => $order,
			'case_sensitive' => $case_sensitive,
			'words'          => $words,
			'separators'     => $separators,
			'lead'           => $slice( 0, $read['starts'][0] ),
			'trail'          => $slice( $read['ends'][ $count - 1 ], count( $form ) ),
		);
	}

	/**
	 * The word itself, and for a language that replaces endings, the word without each ending it has (keeping a stem of 3 letters).
	 *
	 * @param array{suffixes: list<string>, replaces_ending: bool} $endings The language's endings.
	 * @return list<string>
	 */
	private static function stems_of( string $word, array $endings ): array {
		$stems = array( $word );
		if ( ! $endings['replaces_ending'] ) {
			return $stems;
		}
		$folded = mb_strtolower( $word );
		$length = mb_strlen( $word );
		foreach ( $endings['suffixes'] as $ending ) {
			$cut = mb_strlen( $ending );
			if ( '' !== $ending && str_ends_with( $folded, $ending ) && $length - $cut >= Endings::MIN_STEM ) {
				$stems[] = mb_substr( $word, 0, $length - $cut );
			}
		}
		return $stems;
	}

	/**
	 * Keeps in `best` the longest of `candidates` that matches from word `i` (then the earlier entry).
	 *
	 * @param array{pattern: array<string, mixed>|null, end: int} $best       The best so far.
	 * @param list<array<string, mixed>>|null                     $candidates Patterns to try.
	 * @param array<string, mixed>                                $read       The text read.
	 * @param array{raw: list<string>, folded: list<string>}      $words      Its words.
	 */
	private function consider( array &$best, ?array $candidates, int $i, array $read, array $words ): void {
		foreach ( $candidates ?? array() as $pattern ) {
			$end = $this->match_at( $pattern, $i, $read, $words );
			if ( -1 === $end ) {
				continue;
			}
			$current = $best['pattern'];
			$length  = count( $pattern['words'] );
			if ( null === $current || $length > count( $current['words'] ) || ( count( $current['words'] ) === $length && ( $end > $best['end'] || ( $end === $best['end'] && $pattern['order'] < $current['order'] ) ) ) ) {
				$best = array(
					'pattern' => $pattern,
					'end'     => $end,
				);
			}
		}
	}

	/**
	 * The end (in the matching form) of `pattern` read from word `i`, or -1.
	 *
	 * @param array<string, mixed>                            $pattern A term.
	 * @param array<string, mixed>                            $read    The text read.
	 * @param array{raw: list<string>, folded: list<string>} $words   Its words.
	 */
	private function match_at( array $pattern, int $i, array $read, array $words ): int {
		$form   = $read['form'];
		$starts = $read['starts'];
		$ends   = $read['ends'];
		$last   = $i + count( $pattern['words'] ) - 1;
		if ( $last >= count( $starts ) ) {
			return -1;
		}
		foreach ( $pattern['words'] as $j => $word_pattern ) {
			$k    = $i + $j;
			$word = $pattern['case_sensitive'] ? $words['raw'][ $k ] : $words['folded'][ $k ];
			if ( ! $this->word_matches( $word_pattern, $word, $pattern['case_sensitive'] ) ) {
				return -1;
			}
			if ( $j > 0 && ! self::separator_matches( array_slice( $form, $ends[ $k - 1 ], $starts[ $k ] - $ends[ $k - 1 ] ), $pattern['separators'][ $j - 1 ] ) ) {
				return -1;
			}
		}
		$start = $starts[ $i ];
		$lead  = mb_strlen( $pattern['lead'] );
		if ( $lead > 0 && ( $start < $lead || implode( '', array_slice( $form, $start - $lead, $lead ) ) !== $pattern['lead'] ) ) {
			return -1;
		}
		$end   = $ends[ $last ];
		$trail = mb_strlen( $pattern['trail'] );
		if ( $trail > 0 && implode( '', array_slice( $form, $end, $trail ) ) !== $pattern['trail'] ) {
			return -1;
		}
		return $end + $trail;
	}

	/**
	 * Whether what stands between two words of a text is the term's separator: one space stands for any run of whitespace.
	 *
	 * @param list<string> $gap The characters between the words.
	 */
	private static function separator_matches( array $gap, string $separator ): bool {
		if ( ' ' !== $separator ) {
			return Read_Words::collapse_space( implode( '', $gap ) ) === $separator;
		}
		if ( ! $gap ) {
			return false;
		}
		foreach ( $gap as $char ) {
			if ( ! Read_Words::is_space( $char ) ) {
				return false;
			}
		}
		return true;
	}

	/**
	 * `word` is folded unless case-sensitive (then the suffix is folded here, as the suffixes are).
	 *
	 * @param array{exact: string, stems: list<string>|null} $word_pattern One word of a term.
	 */
	private function word_matches( array $word_pattern, string $word, bool $case_sensitive ): bool {
		if ( null === $word_pattern['stems'] ) {
			return $word === $word_pattern['exact'];
		}
		foreach ( $word_pattern['stems'] as $stem ) {
			if ( ! str_starts_with( $word, $stem ) ) {
				continue;
			}
			$suffix = substr( $word, strlen( $stem ) );
			if ( isset( $this->suffixes[ $case_sensitive ? mb_strtolower( $suffix ) : $suffix ] ) ) {
				return true;
			}
		}
		return false;
	}
}
