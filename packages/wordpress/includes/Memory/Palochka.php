<?php
/**
 * Core's normalizePalochka (packages/core/src/palochka.ts) in PHP, for the memory's match key:
 * the same decisions, so a text matches here exactly when it matches in every other host. Read
 * core's module comment for the rules; shared/vectors/memory-keys.json holds the PHP side to them.
 * Text is read as code points (core reads UTF-16 units: an astral character is a word boundary
 * in both, so the decisions are the same).
 *
 * @package Circassian
 */

namespace Circassian\Memory;

defined( 'ABSPATH' ) || exit;

final class Palochka {

	public const PALOCHKA = 0x4C0;

	private const BOUNDARY  = 0;
	private const CYRILLIC  = 1;
	private const FOREIGN   = 2;
	private const DIGIT     = 3;
	private const LOOKALIKE = 4;
	private const MARK      = 5;

	private const LOOKALIKES = array( 0x49, 0x6C, 0x69, 0x31, 0x7C, 0x406, 0x456, 0x4C0, 0x4CF );

	/** @var array<int, int> Classes met so far, by code point. */
	private static array $classes = array();

	/** The text with every palochka look-alike replaced by U+04C0; the same string when none. */
	public static function normalize( string $text ): string {
		if ( 1 !== preg_match( '/[\x{0400}-\x{052F}\x{1C80}-\x{1C8F}\x{1D2B}\x{1D78}\x{A640}-\x{A69F}]/u', $text ) ) {
			return $text;
		}
		$codes = array_map( 'mb_ord', mb_str_split( $text ) );
		$found = self::scan( $codes );
		if ( ! $found ) {
			return $text;
		}
		foreach ( $found as $index ) {
			$codes[ $index ] = self::PALOCHKA;
		}
		return implode( '', array_map( 'mb_chr', $codes ) );
	}

	/**
	 * @param list<int> $codes Code points.
	 * @return list<int> Indices to replace.
	 */
	private static function scan( array $codes ): array {
		$length = count( $codes );
		$found  = array();
		$urls   = null;
		for ( $i = 0; $i < $length; $i++ ) {
			$code = $codes[ $i ];
			if ( self::LOOKALIKE !== self::class_of( $code ) ) {
				continue;
			}
			if ( self::PALOCHKA === $code && ! self::is_run_class( self::class_at( $codes, $i + 1 ) ) ) {
				continue;
			}
			$end = $i + 1;
			while ( $end < $length && self::is_run_class( self::class_at( $codes, $end ) ) ) {
				++$end;
			}
			foreach ( self::scan_run( $codes, $i, $end ) as $index ) {
				$urls ??= self::protected_chunks( $codes );
				if ( ! self::protects( $urls, $index ) ) {
					$found[] = $index;
				}
			}
			$i = $end - 1;
		}
		return $found;
	}

	/**
	 * @param list<int> $codes Code points.
	 * @return list<int> Indices of the run [start, end) to replace, before the URL check.
	 */
	private static function scan_run( array $codes, int $start, int $end ): array {
		$before = $start - 1;
		while ( self::MARK === self::class_at( $codes, $before ) ) {
			--$before;
		}
		$before_class     = self::class_at( $codes, $before );
		$after_class      = self::class_at( $codes, $end );
		$touches_cyrillic = self::CYRILLIC === $before_class || self::CYRILLIC === $after_class;
		$touches_foreign  = self::FOREIGN === $before_class || self::FOREIGN === $after_class;
		$roman            = null;
		$found            = array();
		for ( $i = $start; $i < $end; $i++ ) {
			switch ( $codes[ $i ] ) {
				case 0x4C0:
					$replace = false;
					break;
				case 0x4CF:
					$replace = true;
					break;
				case 0x49:
				case 0x406:
					$replace = $touches_cyrillic && ! $touches_foreign && ! ( $roman ??= self::is_roman_numeral_word( $codes, $start ) );
					break;
				case 0x6C:
				case 0x456:
					$replace = $touches_cyrillic && ! $touches_foreign;
					break;
				case 0x69:
				case 0x7C:
					$replace = self::CYRILLIC === self::class_at( $codes, $i - 1 ) && self::CYRILLIC === self::class_at( $codes, $i + 1 );
					break;
				case 0x31:
					$replace = $touches_cyrillic && self::is_palochka_digit( $codes, $i, $before, $end, $before_class, $after_class );
					break;
				default:
					$replace = false;
			}
			if ( $replace ) {
				$found[] = $i;
			}
		}
		return $found;
	}

	/** @param list<int> $codes Code points. */
	private static function is_palochka_digit( array $codes, int $index, int $before, int $after, int $before_class, int $after_class ): bool {
		if ( self::is_ascii_digit( $codes[ $index - 1 ] ?? -1 ) || self::is_ascii_digit( $codes[ $index + 1 ] ?? -1 ) ) {
			return false;
		}
		if ( self::CYRILLIC === $before_class && self::CYRILLIC === $after_class ) {
			return true;
		}
		if ( self::BOUNDARY === $before_class && self::CYRILLIC === $after_class ) {
			$next = $codes[ $after ] ?? -1;
			if ( in_array( $next, array( 0x44D, 0x42D, 0x44B, 0x42B ), true ) ) {
				return true;
			}
			return in_array( $next, array( 0x443, 0x423 ), true ) && self::CYRILLIC === self::class_at( $codes, $after + 1 );
		}
		if ( self::CYRILLIC === $before_class && self::BOUNDARY === $after_class ) {
			$char = mb_chr( $codes[ $before ] );
			return mb_strtolower( $char ) === $char && mb_strtoupper( $char ) !== $char;
		}
		return false;
	}

	private static function is_ascii_digit( int $code ): bool {
		return $code >= 0x30 && $code <= 0x39;
	}

	private static function is_run_class( int $cls ): bool {
		return self::LOOKALIKE === $cls || self::MARK === $cls;
	}

	/** @param list<int> $codes Code points. */
	private static function class_at( array $codes, int $index ): int {
		return isset( $codes[ $index ] ) ? self::class_of( $codes[ $index ] ) : self::BOUNDARY;
	}

	private static function class_of( int $code ): int {
		if ( isset( self::$classes[ $code ] ) ) {
			return self::$classes[ $code ];
		}
		if ( in_array( $code, self::LOOKALIKES, true ) ) {
			$cls = self::LOOKALIKE;
		} elseif ( self::is_ascii_digit( $code ) ) {
			$cls = self::DIGIT;
		} elseif ( $code > 0xFFFF ) {
			// Core reads UTF-16: an astral character is two surrogates, each a boundary.
			$cls = self::BOUNDARY;
		} else {
			$char = mb_chr( $code );
			if ( 0xAD === $code || preg_match( '/\p{M}/u', $char ) ) {
				$cls = self::MARK;
			} elseif ( preg_match( '/\p{L}/u', $char ) ) {
				$cls = preg_match( '/\p{Cyrillic}/u', $char ) ? self::CYRILLIC : self::FOREIGN;
			} elseif ( preg_match( '/\p{N}/u', $char ) ) {
				$cls = self::FOREIGN;
			} else {
				$cls = self::BOUNDARY;
			}
		}
		self::$classes[ $code ] = $cls;
		return $cls;
	}

	private static function roman_letter( int $code ): string {
		$letters = array(
			0x49  => 'I',
			0x406 => 'I',
			0x58  => 'X',
			0x425 => 'X',
			0x43  => 'C',
			0x421 => 'C',
			0x4D  => 'M',
			0x41C => 'M',
			0x56  => 'V',
			0x4C  => 'L',
			0x44  => 'D',
		);
		return $letters[ $code ] ?? '';
	}

	/** @param list<int> $codes Code points. */
	private static function is_roman_numeral_word( array $codes, int $index ): bool {
		$max   = 15;
		$start = $index;
		while ( $start > 0 && $index - $start <= $max && '' !== self::roman_letter( $codes[ $start - 1 ] ) ) {
			--$start;
		}
		if ( self::BOUNDARY !== self::class_at( $codes, $start - 1 ) ) {
			return false;
		}
		$end = $index;
		while ( $end - $start <= $max && '' !== self::roman_letter( $codes[ $end ] ?? -1 ) ) {
			++$end;
		}
		if ( $end - $start > $max || self::BOUNDARY !== self::class_at( $codes, $end ) ) {
			return false;
		}
		$latin = '';
		for ( $i = $start; $i < $end; $i++ ) {
			$latin .= self::roman_letter( $codes[ $i ] );
		}
		return 1 === preg_match( '/^M{0,3}(?:CM|CD|D?C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})$/', $latin );
	}

	/**
	 * URLs and e-mail addresses, left as typed: whitespace-delimited chunks holding `://` or an
	 * address's `@`, or starting with `www.`.
	 *
	 * @param list<int> $codes Code points.
	 * @return list<array{int, int}> Chunks [start, end).
	 */
	private static function protected_chunks( array $codes ): array {
		$chunks = array();
		$length = count( $codes );
		$start  = 0;
		while ( $start < $length ) {
			while ( $start < $length && self::is_chunk_break( $codes[ $start ] ) ) {
				++$start;
			}
			$end = $start;
			while ( $end < $length && ! self::is_chunk_break( $codes[ $end ] ) ) {
				++$end;
			}
			if ( $end > $start ) {
				$chunk = implode( '', array_map( 'mb_chr', array_slice( $codes, $start, $end - $start ) ) );
				if ( preg_match( '/^[([]?www\./i', $chunk ) || str_contains( $chunk, '://' ) || preg_match( '/[\p{L}\p{N}_.+-]@[\p{L}\p{N}]/u', $chunk ) ) {
					$chunks[] = array( $start, $end );
				}
			}
			$start = $end;
		}
		return $chunks;
	}

	/** @param list<array{int, int}> $chunks From protected_chunks(). */
	private static function protects( array $chunks, int $index ): bool {
		foreach ( $chunks as [ $start, $end ] ) {
			if ( $index >= $start && $index < $end ) {
				return true;
			}
		}
		return false;
	}

	private static function is_chunk_break( int $code ): bool {
		if ( $code < 0x80 ) {
			return 0x20 === $code || ( $code >= 0x09 && $code <= 0x0D ) || 0x22 === $code || 0x3C === $code || 0x3E === $code;
		}
		if ( $code < 0x2000 ) {
			return in_array( $code, array( 0xAB, 0xBB, 0x85, 0xA0, 0x1680 ), true );
		}
		return $code <= 0x200A || in_array( $code, array( 0x2028, 0x2029, 0x202F, 0x205F, 0x3000 ), true );
	}
}
