<?php
/**
 * The inline codes of a memory text, as TMX level 2 writes them: what in a stored text is not
 * words. Core's findCodes (packages/core/src/memory/tmx-codes.ts), the same patterns in the same
 * order, so an export here and one from the CLI or VS Code give the same bytes (PHPUnit holds both
 * to vectors/tmx-level2.json, written by core). A text may hold the pack's markers (`<x1>…</x1>`,
 * `<x2/>`), VS Code's masks (`⟦0⟧`), or code as typed: a placeholder (`{name}`, `{{count}}`, `%s`,
 * `%1$d`, `${user}`, `%{name}`), an ICU message's syntax, an HTML or XML tag, a URL, an e-mail
 * address, a character reference, a code span in backticks.
 *
 * Each code has a role: `standalone` (`<ph>`), `open` or `close` (a `<bpt>`/`<ept>` pair when both
 * are in the text, else `<it>`). An ICU plural or select message stays one unit: its syntax is
 * code and the words of its options are text. JavaScript's `\w`, `\d` are ASCII: they are written
 * out as ASCII classes here, since PHP's `/u` makes them Unicode.
 *
 * @package Circassian
 */

namespace Circassian\Memory;

defined( 'ABSPATH' ) || exit;

final class Tmx_Codes {

	private const MARKER = '/\G<(\/?)x([1-9][0-9]*)(\/?)>/u';
	private const MASK   = '/\G\x{27E6}[0-9]+\x{27E7}/u';
	/** An HTML, XML or JSX tag with its attributes (quoted values may hold `>`), or i18next's `<0>`, `</0>`, `<1/>`. */
	private const TAG = '/\G<(\/?)([A-Za-z][A-Za-z0-9_:.-]*|[0-9]+)((?:\s+(?:[^<>"\']|"[^"]*"|\'[^\']*\')*)?)(\/?)>/u';
	/** Elements HTML never closes: a standalone code, written or not with a slash. */
	private const VOID         = array( 'br', 'hr', 'img', 'input', 'meta', 'link', 'wbr', 'area', 'base', 'col', 'embed', 'source', 'track' );
	private const PLACEHOLDERS = array(
		// {{name}}, {name}, {0}, and an ICU simple argument with a format ({n, number}, {d, date, short}).
		'/\G(?:\{\{\s*[A-Za-z0-9_.-]+\s*\}\}|\{\s*[A-Za-z0-9_.-]+\s*(?:,\s*(?:number|date|time|spellout|ordinal|duration)\s*(?:,[^{}]*)?)?\})/u',
		// A template literal's substitution, Rails' %{name} and Ruby's %<name>s.
		'/\G(?:\$\{(?:[^{}]|\{[^{}]*\})*\}|%\{[^{}]+\}|%<[A-Za-z0-9_]+>[A-Za-z]?)/u',
		// A printf conversion with argument, flags, width, precision, length (no space flag: "100% of" is prose), or %%.
		'/\G%(?:%|(?:[0-9]+\$)?(?:\([^)]*\))?[-+0#\']*(?:[0-9]+|\*)?(?:\.(?:[0-9]+|\*))?(?:hh|ll|[hlLqjzt])?[diouxXeEfFgGaAcspn@])/u',
		// A URL with a scheme, without the sentence's closing punctuation.
		'/\G(?:(?:https?|ftp):\/\/|mailto:)[^\s\x{FEFF}<>"\'`]*[^\s\x{FEFF}<>"\'`.,;:!?)\]}]/u',
		// An e-mail address; its domain ends in letters, so a closing full stop stays text.
		'/\G[A-Za-z0-9][A-Za-z0-9._%+-]*@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}/u',
		// A character reference, and a code span.
		'/\G(?:&(?:[A-Za-z][A-Za-z0-9]*|#[0-9]+|#x[0-9A-Fa-f]+);|`+[^`\n]*?`+)/u',
	);
	private const ICU_HEADER   = '/\G\{\s*[A-Za-z0-9_.]+\s*,\s*(?:plural|select|selectordinal)\s*,\s*(?:offset:[0-9]+\s*)?/u';
	private const ICU_OPTION   = '/\G\s*(?:=[0-9]+|[A-Za-z0-9_-]+)\s*\{/u';
	private const ICU_END      = '/\G\s*\}/u';
	/** What a placeholder, reference or code span starts with (the mask's ⟦ is looked for apart: it is not one byte). */
	private const SYMBOL_START = '{$%&`';
	private const MASK_START   = "\u{27E6}";

	/**
	 * The text as words and inline codes, open and close codes paired where the text holds both.
	 *
	 * @return list<array{kind: string, text: string, role?: string, tag?: bool, key?: string, partner?: int}>
	 *         A text piece: kind `text`; a code: kind `code`, its role, whether it is markup (`tag`), what
	 *         pairs it (`key`) and, for a paired open or close code, its partner's index.
	 */
	public static function find( string $text ): array {
		$pieces = array();
		self::scan( $text, $pieces );
		self::pair( $pieces );
		return $pieces;
	}

	/** The whole match of $pattern at byte $at, or null. */
	private static function at( string $pattern, string $text, int $at, ?array &$groups = null ): ?string {
		if ( 1 !== preg_match( $pattern, $text, $groups, 0, $at ) ) {
			return null;
		}
		return $groups[0];
	}

	private static function placeholder_at( string $text, int $at ): ?string {
		$mask = self::at( self::MASK, $text, $at );
		if ( null !== $mask ) {
			return $mask;
		}
		foreach ( self::PLACEHOLDERS as $pattern ) {
			$found = self::at( $pattern, $text, $at );
			if ( null !== $found ) {
				return $found;
			}
		}
		return null;
	}

	/**
	 * Adds text to the pieces (joined to a text piece before it).
	 *
	 * @param list<array<string, mixed>> $pieces The pieces so far.
	 */
	private static function text( array &$pieces, string $chars ): void {
		$last = count( $pieces ) - 1;
		if ( $last >= 0 && 'text' === $pieces[ $last ]['kind'] ) {
			$pieces[ $last ]['text'] .= $chars;
			return;
		}
		$pieces[] = array(
			'kind' => 'text',
			'text' => $chars,
		);
	}

	/**
	 * Adds a code. Placeholders side by side are one code (`} other {` after `#`): a CAT tool shows one tag.
	 *
	 * @param list<array<string, mixed>> $pieces The pieces so far.
	 */
	private static function code( array &$pieces, string $text, string $role, bool $tag, ?string $key = null ): void {
		$last = count( $pieces ) - 1;
		if ( $last >= 0 && 'code' === $pieces[ $last ]['kind'] && 'standalone' === $role && 'standalone' === $pieces[ $last ]['role'] && ! $tag && ! $pieces[ $last ]['tag'] ) {
			$pieces[ $last ]['text'] .= $text;
			return;
		}
		$code = array(
			'kind' => 'code',
			'text' => $text,
			'role' => $role,
			'tag'  => $tag,
		);
		if ( null !== $key ) {
			$code['key'] = $key;
		}
		$pieces[] = $code;
	}

	/** The byte index of the `}` closing the option body that starts at $from, or -1. */
	private static function option_end( string $text, int $from ): int {
		$depth  = 0;
		$length = strlen( $text );
		for ( $i = $from; $i < $length; $i++ ) {
			if ( '{' === $text[ $i ] ) {
				++$depth;
			} elseif ( '}' === $text[ $i ] && 0 === $depth-- ) {
				return $i;
			}
		}
		return -1;
	}

	/**
	 * The ICU plural or select message at $at into $pieces; its end, or -1 when it is not one.
	 *
	 * @param list<array<string, mixed>> $pieces The pieces so far.
	 */
	private static function icu( string $text, int $at, array &$pieces ): int {
		$header = self::at( self::ICU_HEADER, $text, $at );
		if ( null === $header ) {
			return -1;
		}
		// Parsed on a copy first: a message that does not close is not ICU, and its brace is text.
		$trial  = array();
		$syntax = $header;
		$i      = $at + strlen( $header );
		while ( true ) {
			$option = self::at( self::ICU_OPTION, $text, $i );
			if ( null === $option ) {
				$end = self::at( self::ICU_END, $text, $i );
				if ( null === $end ) {
					return -1;
				}
				self::code( $trial, $syntax . $end, 'standalone', false );
				array_push( $pieces, ...$trial );
				return $i + strlen( $end );
			}
			$syntax .= $option;
			$i      += strlen( $option );
			$close   = self::option_end( $text, $i );
			if ( -1 === $close ) {
				return -1;
			}
			self::code( $trial, $syntax, 'standalone', false );
			// Into the same copy: a `#` first in the body joins the syntax before it (`one {#`), as one code.
			self::scan( substr( $text, $i, $close - $i ), $trial, true );
			$syntax = '}';
			$i      = $close + 1;
		}
	}

	/**
	 * Codes and text of $text into $pieces; $in_plural: a `#` is the number.
	 *
	 * @param list<array<string, mixed>> $pieces The pieces so far.
	 */
	private static function scan( string $text, array &$pieces, bool $in_plural = false ): void {
		$i      = 0;
		$length = strlen( $text );
		while ( $i < $length ) {
			$char = $text[ $i ];
			if ( '<' === $char ) {
				$found = self::at( self::MARKER, $text, $i, $groups );
				if ( null !== $found ) {
					self::code( $pieces, $found, '' !== $groups[3] ? 'standalone' : ( '' !== $groups[1] ? 'close' : 'open' ), true, 'x' . $groups[2] );
					$i += strlen( $found );
					continue;
				}
				$found = self::at( self::TAG, $text, $i, $groups );
				if ( null !== $found ) {
					$name       = strtolower( $groups[2] );
					$standalone = '' !== $groups[4] || in_array( $name, self::VOID, true );
					self::code( $pieces, $found, $standalone ? 'standalone' : ( '' !== $groups[1] ? 'close' : 'open' ), true, $name );
					$i += strlen( $found );
					continue;
				}
			}
			if ( '{' === $char ) {
				$end = self::icu( $text, $i, $pieces );
				if ( -1 !== $end ) {
					$i = $end;
					continue;
				}
			}
			if ( $in_plural && '#' === $char ) {
				self::code( $pieces, '#', 'standalone', false );
				++$i;
				continue;
			}
			// An e-mail address or URL is found at its start only (not at a letter inside a word).
			$symbol = str_contains( self::SYMBOL_START, $char ) || str_starts_with( substr( $text, $i, 3 ), self::MASK_START );
			$word   = 1 === preg_match( '/[A-Za-z0-9]/', $char ) && ( 0 === $i || 1 !== preg_match( '/[A-Za-z0-9._%+-]/', $text[ $i - 1 ] ) );
			$found  = $symbol || $word ? self::placeholder_at( $text, $i ) : null;
			if ( null !== $found ) {
				self::code( $pieces, $found, 'standalone', false );
				$i += strlen( $found );
				continue;
			}
			// One whole character (UTF-8: its lead byte says how long it is).
			$bytes = ord( $char ) < 0x80 ? 1 : ( ord( $char ) >= 0xF0 ? 4 : ( ord( $char ) >= 0xE0 ? 3 : 2 ) );
			self::text( $pieces, substr( $text, $i, $bytes ) );
			$i += $bytes;
		}
	}

	/**
	 * Pairs each open code with the next close of its key at the same level; what stays unpaired has no partner.
	 *
	 * @param list<array<string, mixed>> $pieces The pieces found.
	 */
	private static function pair( array &$pieces ): void {
		$open = array();
		foreach ( $pieces as $index => $piece ) {
			if ( 'code' !== $piece['kind'] || 'standalone' === $piece['role'] ) {
				continue;
			}
			if ( 'open' === $piece['role'] ) {
				$open[] = $index;
				continue;
			}
			$depth = -1;
			for ( $candidate = count( $open ) - 1; $candidate >= 0; $candidate-- ) {
				if ( $pieces[ $open[ $candidate ] ]['key'] === $piece['key'] ) {
					$depth = $candidate;
					break;
				}
			}
			if ( -1 === $depth ) {
				continue;
			}
			$partner = $open[ $depth ];
			// Opens inside the pair that were never closed stay unpaired (crossed markup).
			$open                          = array_slice( $open, 0, $depth );
			$pieces[ $partner ]['partner'] = $index;
			$pieces[ $index ]['partner']   = $partner;
		}
	}
}
