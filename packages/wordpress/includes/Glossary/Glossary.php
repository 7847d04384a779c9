<?php
/**
 * A glossary: checked entries, with the matchers every use needs built on first use and kept
 * (core's Glossary, packages/core/src/glossary/glossary.ts). Which entries apply where:
 * `keep` and `translate` their pair; `forbidden` every target text in their target language,
 * whatever it was translated from; `say` speech in their source language.
 *
 * @package Circassian
 */

namespace Circassian\Glossary;

defined( 'ABSPATH' ) || exit;

final class Glossary {

	/** @var list<array<string, mixed>> */
	public readonly array $entries;
	/** @var array<string, Term_Matcher> */
	private array $matchers = array();

	/**
	 * Throws Glossary_Error naming the first entry that cannot be used.
	 *
	 * @param list<array<string, mixed>> $entries Entries.
	 */
	public function __construct( array $entries = array() ) {
		$checked = array();
		foreach ( array_values( $entries ) as $i => $entry ) {
			$checked[] = Glossary_Entry::checked( $entry, 'entry ' . ( $i + 1 ) );
		}
		$this->entries = $checked;
	}

	/**
	 * The entries a pair's CSV carries: its keep and translate terms, forbidden words of its target, respellings of its source.
	 *
	 * @return list<array<string, mixed>>
	 */
	public function entries_for( string $source, string $target ): array {
		return array_values(
			array_filter(
				$this->entries,
				static fn( array $entry ): bool => match ( $entry['type'] ) {
					'forbidden' => $entry['target_lang'] === $target,
					'say'       => $entry['source_lang'] === $source,
					default     => $entry['source_lang'] === $source && $entry['target_lang'] === $target,
				}
			)
		);
	}

	/** Keep and translate terms of the pair, found in source texts. */
	public function source_terms( string $source, string $target ): Term_Matcher {
		return $this->matcher(
			"source $source $target",
			$source,
			fn() => array_map(
				static fn( array $entry ): array => array(
					'entry' => $entry,
					'term'  => $entry['source'],
				),
				$this->terms( $source, $target )
			)
		);
	}

	/** The agreed forms of the pair's terms, found in target texts with the target language's endings (a translator inflects them). */
	public function agreed_terms( string $source, string $target ): Term_Matcher {
		return $this->matcher(
			"agreed $source $target",
			$target,
			fn() => array_map(
				static fn( array $entry ): array => array(
					'entry' => $entry,
					'term'  => $entry['target'],
					'stem'  => true,
				),
				$this->terms( $source, $target )
			)
		);
	}

	/** Forbidden words of a target language. */
	public function forbidden_words( string $language ): Term_Matcher {
		return $this->matcher( "forbidden $language", $language, fn() => $this->of_type( 'forbidden', 'target_lang', $language, 'target' ) );
	}

	/** Words of a speech language that have a respelling. */
	public function respelled_words( string $language ): Term_Matcher {
		return $this->matcher( "say $language", $language, fn() => $this->of_type( 'say', 'source_lang', $language, 'source' ) );
	}

	/** @return list<array<string, mixed>> */
	private function terms( string $source, string $target ): array {
		return array_values( array_filter( $this->entries, static fn( array $entry ): bool => in_array( $entry['type'], array( 'keep', 'translate' ), true ) && $entry['source_lang'] === $source && $entry['target_lang'] === $target ) );
	}

	/** @return list<array{entry: array<string, mixed>, term: string}> */
	private function of_type( string $type, string $language_field, string $language, string $term_field ): array {
		$found = array();
		foreach ( $this->entries as $entry ) {
			if ( $entry['type'] === $type && $entry[ $language_field ] === $language ) {
				$found[] = array(
					'entry' => $entry,
					'term'  => $entry[ $term_field ],
				);
			}
		}
		return $found;
	}

	/** @param callable(): list<array<string, mixed>> $terms The terms, asked for on first use. */
	private function matcher( string $key, string $language, callable $terms ): Term_Matcher {
		return $this->matchers[ $key ] ??= new Term_Matcher( $terms(), $language );
	}
}
