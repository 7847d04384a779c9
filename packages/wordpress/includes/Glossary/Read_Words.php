<?php
/**
 * A text read for term matching, core's readWords (packages/core/src/glossary/read-words.ts) in
 * PHP: Unicode NFC (Memory\Memory_Key's), then palochka look-alikes replaced by the service's own
 * rule (Memory\Palochka, one code point for one), so `кIуэ`, `к1уэ` and `кӀуэ` read alike. Words
 * are runs of letters, marks and digits; what lies between them is kept to compare phrases and
 * edges (`C++`). Offsets are code points of the original text, whatever NFC composed (core
 * counts UTF-16 units: the words found are the same).
 *
 * @package Circassian
 */

namespace Circassian\Glossary;

use Circassian\Memory;

defined( 'ABSPATH' ) || exit;

final class Read_Words {

	/** JavaScript's `\s`: what a phrase's words may have between them, read as one space. */
	public const SPACE = '[\x{09}-\x{0D}\x{20}\x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}]';

	/** @var array<string, bool> Whether a character is part of a word, by character. */
	private static array $word_chars = array();

	/**
	 * @return array{form: list<string>, starts: list<int>, ends: list<int>, original: list<int>|null, chars: list<string>}
	 *         The matching form's characters, word i spanning [starts[i], ends[i]) of it; the
	 *         original offset of each offset of the form (null when the same); the text's own characters.
	 */
	public static function read( string $text ): array {
		$chars    = '' === $text ? array() : mb_str_split( $text );
		$original = null;
		$form     = $chars;
		if ( 1 === preg_match( '/[^\x00-\x{02FF}\x{0400}-\x{0482}\x{048A}-\x{052F}\x{2002}-\x{206F}]/u', $text ) && Memory\Memory_Key::nfc( $text ) !== $text ) {
			$form     = array();
			$original = array();
			preg_match_all( '/\P{M}\p{M}*|\p{M}+/su', $text, $clusters, PREG_OFFSET_CAPTURE );
			foreach ( $clusters[0] as $cluster ) {
				$at = mb_strlen( substr( $text, 0, (int) $cluster[1] ) );
				foreach ( mb_str_split( Memory\Memory_Key::nfc( (string) $cluster[0] ) ) as $char ) {
					$form[]     = $char;
					$original[] = $at;
				}
			}
			$original[] = count( $chars );
		}
		$normalized = Memory\Palochka::normalize( implode( '', $form ) );
		$form       = '' === $normalized ? array() : mb_str_split( $normalized );
		$starts     = array();
		$ends       = array();
		$start      = -1;
		foreach ( $form as $at => $char ) {
			$word = self::is_word_char( $char );
			if ( $word && -1 === $start ) {
				$start = $at;
			} elseif ( ! $word && -1 !== $start ) {
				$starts[] = $start;
				$ends[]   = $at;
				$start    = -1;
			}
		}
		if ( -1 !== $start ) {
			$starts[] = $start;
			$ends[]   = count( $form );
		}
		return array(
			'form'     => $form,
			'starts'   => $starts,
			'ends'     => $ends,
			'original' => $original,
			'chars'    => $chars,
		);
	}

	/**
	 * The original offset of an offset of the matching form.
	 *
	 * @param array{original: list<int>|null} $read What read() gave.
	 */
	public static function original_offset( array $read, int $offset ): int {
		return null === $read['original'] ? $offset : ( $read['original'][ $offset ] ?? $offset );
	}

	/** Whitespace runs read as one space: a phrase matches across a line break or a double space. */
	public static function collapse_space( string $text ): string {
		return (string) preg_replace( '/' . self::SPACE . '+/u', ' ', $text );
	}

	public static function is_space( string $char ): bool {
		return 1 === preg_match( '/^' . self::SPACE . '$/u', $char );
	}

	private static function is_word_char( string $char ): bool {
		return self::$word_chars[ $char ] ??= 1 === preg_match( '/^[\p{L}\p{M}\p{N}]$/u', $char );
	}
}
