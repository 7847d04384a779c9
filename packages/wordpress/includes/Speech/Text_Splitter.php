<?php
/**
 * Splits text longer than one speech request allows at sentence ends (then at spaces, then
 * anywhere), so each part is at most the limit and no part is empty.
 *
 * @package Circassian
 */

namespace Circassian\Speech;

defined( 'ABSPATH' ) || exit;

final class Text_Splitter {

	/**
	 * @return list<string>
	 */
	public static function split( string $text, int $max_chars ): array {
		$text = trim( $text );
		if ( mb_strlen( $text ) <= $max_chars ) {
			return '' === $text ? array() : array( $text );
		}
		$sentences = preg_split( '/(?<=[.!?…։。])\s+|\n{2,}/u', $text ) ?: array( $text );
		$parts     = array();
		$current   = '';
		foreach ( $sentences as $sentence ) {
			foreach ( self::hard_split( trim( $sentence ), $max_chars ) as $piece ) {
				$joined = '' === $current ? $piece : $current . ' ' . $piece;
				if ( mb_strlen( $joined ) <= $max_chars ) {
					$current = $joined;
					continue;
				}
				if ( '' !== $current ) {
					$parts[] = $current;
				}
				$current = $piece;
			}
		}
		if ( '' !== $current ) {
			$parts[] = $current;
		}
		return $parts;
	}

	/**
	 * A sentence longer than the limit: cut at the last space before it, else at the limit.
	 *
	 * @return list<string>
	 */
	private static function hard_split( string $sentence, int $max_chars ): array {
		$pieces = array();
		while ( mb_strlen( $sentence ) > $max_chars ) {
			$head     = mb_substr( $sentence, 0, $max_chars );
			$space    = mb_strrpos( $head, ' ' );
			$cut      = false !== $space && $space > 0 ? $space : $max_chars;
			$pieces[] = trim( mb_substr( $sentence, 0, $cut ) );
			$sentence = trim( mb_substr( $sentence, $cut ) );
		}
		if ( '' !== $sentence ) {
			$pieces[] = $sentence;
		}
		return $pieces;
	}
}
