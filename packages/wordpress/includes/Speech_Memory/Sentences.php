<?php
/**
 * The sentences of a text to voice, core's splitSentences (packages/core/src/speech/sentences.ts)
 * in PHP: the unit the speech memory keeps audio for and the read-along highlights. The same rule,
 * held to the same cases (shared/vectors/speech.json, `sentences`; test/phpunit/Speech_Memory):
 *
 * - Every line break ends a sentence (a heading, a list item, a line of verse is said on its own).
 * - Within a line, a sentence ends after `.`, `!`, `?`, `…` (also `։`, `؟`, `。`), any closing quotes
 *   or brackets after them, and whitespace, when what follows is not a lowercase letter or a dash.
 * - No end after a single letter and a full stop (an initial), and none while the sentence so far
 *   holds no letter (a list number goes with what follows).
 * - Whitespace around a sentence is not part of it; a piece with no letter or digit is no sentence.
 *
 * Positions are not kept (core's are UTF-16 indexes, which mean nothing here): a sentence is its
 * text and its line, and the sentences of one line are one paragraph.
 *
 * @package Circassian
 */

namespace Circassian\Speech_Memory;

defined( 'ABSPATH' ) || exit;

final class Sentences {

	/** JavaScript's whitespace (what String.prototype.trim removes); `\v` would mean another set in PCRE. */
	private const SPACE      = '\x{09}-\x{0D}\x{20}\x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}';
	private const LINE_BREAK = '/\r\n|[\n\r\x{2028}\x{2029}]/u';
	/** A sentence end: terminal punctuation, closing quotes or brackets, then whitespace before anything but a lowercase letter or a dash. */
	private const SENTENCE_END = '/[.!?…։؟。]+["\'»”’)\]]*(?=[' . self::SPACE . ']+[^' . self::SPACE . '\p{Ll}—–-])/u';
	/** An initial at the end of a piece: one letter and a full stop, after the piece's start, a space or an opening mark. */
	private const INITIAL = '/(?:^|[' . self::SPACE . '("\'«“‘\[])\p{L}\.\z/u';

	/**
	 * The text's sentences, in order. A text with nothing to say gives none.
	 *
	 * @return list<array{text: string, line: int}>
	 */
	public static function split( string $text ): array {
		$lines     = preg_split( self::LINE_BREAK, $text );
		$sentences = array();
		foreach ( false === $lines ? array() : $lines as $line => $content ) {
			self::of_line( $content, $line, $sentences );
		}
		return $sentences;
	}

	/**
	 * @param list<array{text: string, line: int}> $into Sentences found so far.
	 */
	private static function of_line( string $content, int $line, array &$into ): void {
		$start = 0;
		preg_match_all( self::SENTENCE_END, $content, $ends, PREG_OFFSET_CAPTURE );
		foreach ( $ends[0] as $end ) {
			$cut   = $end[1] + strlen( $end[0] );
			$piece = substr( $content, $start, $cut - $start );
			if ( 1 !== preg_match( '/\p{L}/u', $piece ) || 1 === preg_match( self::INITIAL, self::trim( $piece ) ) ) {
				continue;
			}
			self::push( substr( $content, $start, $cut - $start ), $line, $into );
			$start = $cut;
		}
		self::push( substr( $content, $start ), $line, $into );
	}

	/**
	 * Adds the piece without its surrounding whitespace, when it has something to say.
	 *
	 * @param list<array{text: string, line: int}> $into Sentences found so far.
	 */
	private static function push( string $piece, int $line, array &$into ): void {
		$text = self::trim( $piece );
		if ( 1 === preg_match( '/[\p{L}\p{N}]/u', $text ) ) {
			$into[] = array(
				'text' => $text,
				'line' => $line,
			);
		}
	}

	/** The piece without JavaScript's whitespace around it. */
	private static function trim( string $piece ): string {
		return (string) preg_replace( '/^[' . self::SPACE . ']+|[' . self::SPACE . ']+\z/u', '', $piece );
	}
}
