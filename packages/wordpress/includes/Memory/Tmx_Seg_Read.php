<?php
/**
 * The memory texts of a `<tu>`'s segments with inline codes (`<ph>`, `<bpt>`/`<ept>`, `<it>`,
 * `<ut>`), as core's segTexts (tmx-seg-read.ts) reads them, one rule for source and targets:
 *
 * - in a file the pack wrote (header `o-tmf="circassian"`), a code holds the text the memory kept
 *   (a placeholder, a tag, one of our markers): it is put back as it was, so our export read back
 *   gives the same units, byte for byte;
 * - in another tool's file, a code holding one placeholder as apps write it (`{name}`, `%s`,
 *   `${x}`, an ICU argument, a URL, an e-mail address) keeps that text; every other code (a tag,
 *   OmegaT's `<f0>`, RTF, an `<img>` with its `<sub>`, an empty code) becomes one of our markers: a
 *   `<bpt>`…`<ept>` pair `<xN>`…`</xN>`, anything else `<xN/>`, numbered in the source's order. A
 *   target's code takes the number of the source code with its `x` (else the same element and
 *   text, else a number of its own).
 *
 * A segment is a list of pieces: a string (words), or a code `array{name, attributes, content}`.
 *
 * @package Circassian
 */

namespace Circassian\Memory;

defined( 'ABSPATH' ) || exit;

final class Tmx_Seg_Read {

	/** A marker of ours in a text, as core's highestMarker finds them. */
	private const MARKER = '/<(\/?)x([1-9][0-9]*)(\/?)>/i';

	/**
	 * The source's and each target's memory text.
	 *
	 * @param list<string|array{name: string, attributes: array<string, string>, content: string}>       $source  The source segment's pieces.
	 * @param list<list<string|array{name: string, attributes: array<string, string>, content: string}>> $targets Each target segment's pieces.
	 * @return array{source: string, targets: list<string>}
	 */
	public static function texts( array $source, array $targets, bool $own_file ): array {
		$plain_only = static fn( array $pieces ): bool => array_reduce( $pieces, static fn( bool $all, $piece ): bool => $all && is_string( $piece ), true );
		$joined     = static fn( array $pieces ): string => implode( '', array_map( static fn( $piece ): string => is_string( $piece ) ? $piece : $piece['content'], $pieces ) );
		if ( $plain_only( $source ) && array_reduce( $targets, static fn( bool $all, array $pieces ): bool => $all && $plain_only( $pieces ), true ) ) {
			return array(
				'source'  => $joined( $source ),
				'targets' => array_map( $joined, $targets ),
			);
		}
		$as_text = static fn( array $code ): bool => $own_file ? '' !== $code['content'] : self::placeholder_text( $code['content'] );
		// Numbers above any marker-like text already in the segments, so a new marker never repeats one.
		$next     = self::highest_marker( implode( ' ', array_map( $joined, array( $source, ...$targets ) ) ) );
		$numbered = array();

		$source_text  = self::text(
			$source,
			$as_text,
			$next,
			static function ( array $code ) use ( &$numbered, &$next ): int {
				$numbered[] = array(
					'code'   => $code,
					'number' => ++$next,
					'used'   => false,
				);
				return $next;
			}
		);
		$target_texts = array();
		foreach ( $targets as $pieces ) {
			foreach ( $numbered as &$entry ) {
				$entry['used'] = false;
			}
			unset( $entry );
			$target_texts[] = self::text(
				$pieces,
				$as_text,
				$next,
				static function ( array $code ) use ( &$numbered, &$next ): int {
					$x    = $code['attributes']['x'] ?? null;
					$same = null;
					foreach ( $numbered as $index => $entry ) {
						if ( ! $entry['used'] && null !== $x && ( $entry['code']['attributes']['x'] ?? null ) === $x ) {
							$same = $index;
							break;
						}
					}
					foreach ( null === $same ? $numbered : array() as $index => $entry ) {
						if ( ! $entry['used'] && $entry['code']['name'] === $code['name'] && $entry['code']['content'] === $code['content'] ) {
							$same = $index;
							break;
						}
					}
					if ( null === $same ) {
						return ++$next;
					}
					$numbered[ $same ]['used'] = true;
					return $numbered[ $same ]['number'];
				}
			);
		}
		return array(
			'source'  => $source_text,
			'targets' => $target_texts,
		);
	}

	/**
	 * One segment's memory text.
	 *
	 * @param list<string|array<string, mixed>> $pieces    The segment.
	 * @param callable(array): bool             $as_text   Whether a code is kept as its text.
	 * @param int                               $next      The last marker number given (a close without its open takes the next).
	 * @param callable(array): int              $number_of A marker's number for an open or wordless code.
	 */
	private static function text( array $pieces, callable $as_text, int &$next, callable $number_of ): string {
		$shape = self::shapes( $pieces, $as_text );
		$opens = array();
		$text  = '';
		foreach ( $pieces as $index => $piece ) {
			if ( is_string( $piece ) ) {
				$text .= $piece;
				continue;
			}
			$place = $shape[ $index ] ?? null;
			if ( null === $place ) {
				$text .= $piece['content'];
			} elseif ( 'close' === $place ) {
				$text .= '</x' . ( $opens[ $piece['attributes']['i'] ?? '' ] ?? ++$next ) . '>';
			} else {
				$number = $number_of( $piece );
				if ( 'open' === $place ) {
					$opens[ $piece['attributes']['i'] ?? '' ] = $number;
				}
				$text .= 'open' === $place ? "<x{$number}>" : "<x{$number}/>";
			}
		}
		return $text;
	}

	/**
	 * The codes of a segment that become markers, by their index, each with its place: around words
	 * (bpt/ept paired by `i`, the bpt first) or wordless.
	 *
	 * @param list<string|array<string, mixed>> $pieces  The segment.
	 * @param callable(array): bool             $as_text Whether a code is kept as its text.
	 * @return array<int, string> `open`, `close` or `wordless`.
	 */
	private static function shapes( array $pieces, callable $as_text ): array {
		$codes = array();
		foreach ( $pieces as $index => $piece ) {
			if ( ! is_string( $piece ) && ! $as_text( $piece ) ) {
				$codes[ $index ] = $piece;
			}
		}
		$shape = array();
		foreach ( $codes as $index => $code ) {
			$partner = null;
			$other   = array(
				'bpt' => 'ept',
				'ept' => 'bpt',
			)[ $code['name'] ] ?? null;
			foreach ( null === $other ? array() : $codes as $at => $candidate ) {
				if ( $candidate['name'] === $other && ( $candidate['attributes']['i'] ?? null ) === ( $code['attributes']['i'] ?? null ) ) {
					$partner = $at;
					break;
				}
			}
			$ordered         = null !== $partner && ( $index < $partner ) === ( 'bpt' === $code['name'] );
			$shape[ $index ] = ! $ordered ? 'wordless' : ( 'bpt' === $code['name'] ? 'open' : 'close' );
		}
		return $shape;
	}

	/** Whether another tool's code is kept as its text: exactly one placeholder that is not markup. */
	private static function placeholder_text( string $content ): bool {
		$pieces = Tmx_Codes::find( $content );
		return 1 === count( $pieces ) && 'code' === $pieces[0]['kind'] && ! $pieces[0]['tag'];
	}

	/** The highest number of a marker in $text (0 for none). */
	private static function highest_marker( string $text ): int {
		if ( ! str_contains( $text, '<' ) || ! preg_match_all( self::MARKER, $text, $matches ) ) {
			return 0;
		}
		return max( array_map( 'intval', $matches[2] ) );
	}
}
