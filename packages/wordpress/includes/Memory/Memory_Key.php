<?php
/**
 * The memory's match rule, core's memoryKey (packages/core/src/memory/memory-key.ts) in PHP: two
 * source texts share a unit when the service would see the same text in them. Unicode NFC, then
 * palochka look-alikes replaced (Palochka, as the service does before its model), and the
 * whitespace around the text (as JavaScript's trim() sees it) kept aside and put back around the
 * stored answer. Case, inner whitespace and punctuation count. shared/vectors/memory-keys.json
 * holds both languages to the same cases (test/phpunit/Memory/Memory_Key_Tests.php).
 *
 * NFC comes from PHP's intl (Normalizer) where it is installed. Without intl, from a table of
 * Unicode's canonical compositions (nfc-table.json, written by tools/nfc-table.ts from Node's
 * own): each character NFC replaces, and each character plus the mark after it that NFC joins.
 * That covers the text people type (й as и + breve, é as e + acute, stacked accents in their
 * usual order); marks typed out of canonical order stay apart, so such a text misses the memory
 * and is sent, never wrongly matched.
 *
 * @package Circassian
 */

namespace Circassian\Memory;

defined( 'ABSPATH' ) || exit;

final class Memory_Key {

	/** JavaScript's whitespace (String.prototype.trim): ASCII spaces and breaks, NBSP, Unicode spaces, BOM. */
	private const SPACE = '[\x{09}-\x{0D}\x{20}\x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}]';

	/** @var array{singles: array<string, string>, pairs: array<string, string>}|null */
	private static ?array $table = null;

	/** The text the memory matches on. */
	public static function key( string $text ): string {
		return Palochka::normalize( self::nfc( self::split( $text )['core'] ) );
	}

	/** The key's hash, for the table's index (a key may be long). */
	public static function hash( string $key ): string {
		return sha1( $key );
	}

	/** The unit's one lookup column: a hash of its language pair and key (fixed length, indexed). */
	public static function pair_hash( string $source_lang, string $target_lang, string $key ): string {
		return sha1( $source_lang . ':' . $target_lang . ':' . $key );
	}

	/**
	 * The text cut into its surrounding whitespace and the part between (which is translated).
	 *
	 * @return array{leading: string, core: string, trailing: string}
	 */
	public static function split( string $text ): array {
		if ( 1 !== preg_match( '/^(' . self::SPACE . '*)(.*?)(' . self::SPACE . '*)$/su', $text, $parts ) ) {
			// Not UTF-8: kept whole, so it matches only itself.
			return array(
				'leading'  => '',
				'core'     => $text,
				'trailing' => '',
			);
		}
		if ( '' === $parts[2] ) {
			return array(
				'leading'  => $text,
				'core'     => '',
				'trailing' => '',
			);
		}
		return array(
			'leading'  => $parts[1],
			'core'     => $parts[2],
			'trailing' => $parts[3],
		);
	}

	/**
	 * A stored answer (kept without surrounding whitespace) between the query's own whitespace.
	 *
	 * @param string $query  The text asked for.
	 * @param string $answer The unit's target.
	 */
	public static function restore( string $query, string $answer ): string {
		$around = self::split( $query );
		return $around['leading'] . self::split( $answer )['core'] . $around['trailing'];
	}

	public static function nfc( string $text ): string {
		if ( class_exists( \Normalizer::class ) ) {
			$normalized = \Normalizer::normalize( $text, \Normalizer::FORM_C );
			return is_string( $normalized ) ? $normalized : $text;
		}
		// ASCII is NFC already.
		if ( 1 !== preg_match( '/[^\x00-\x7F]/', $text ) ) {
			return $text;
		}
		$table = self::table();
		$out   = array();
		foreach ( mb_str_split( $text ) as $char ) {
			$char = $table['singles'][ $char ] ?? $char;
			$last = count( $out ) - 1;
			if ( $last >= 0 && isset( $table['pairs'][ $out[ $last ] . $char ] ) ) {
				$out[ $last ] = $table['pairs'][ $out[ $last ] . $char ];
				continue;
			}
			$out[] = $char;
		}
		return implode( '', $out );
	}

	/** @return array{singles: array<string, string>, pairs: array<string, string>} */
	private static function table(): array {
		if ( null === self::$table ) {
			// phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents, WordPress.WP.AlternativeFunctions.file_system_read_file_get_contents, WordPress.WP.AlternativeFunctions.file_system_operations_file_get_contents -- the plugin's own file.
			$decoded     = json_decode( (string) file_get_contents( __DIR__ . '/nfc-table.json' ), true );
			self::$table = is_array( $decoded ) ? $decoded + array(
				'singles' => array(),
				'pairs'   => array(),
			) : array(
				'singles' => array(),
				'pairs'   => array(),
			);
		}
		return self::$table;
	}
}
