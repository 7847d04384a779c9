<?php
/**
 * A unit's two `<seg>`s in TMX 1.4b level 2, as core's writeSegs (tmx-seg-write.ts) writes them:
 * the inline codes Tmx_Codes finds as `<ph>` (standalone), `<bpt>`/`<ept>` (an open and close code
 * both in the segment) and `<it>` (one whose partner is outside it), each holding its text as the
 * memory keeps it, escaped. The source's codes are numbered `x` 1, 2, … in order; a target code
 * that is the same text as a source code takes that code's `x`, so a CAT tool pairs them; one the
 * source lacks gets a number after the source's. `i` pairs a `<bpt>` with its `<ept>` (the
 * `<bpt>`'s `x`).
 *
 * @package Circassian
 */

namespace Circassian\Memory;

defined( 'ABSPATH' ) || exit;

final class Tmx_Seg_Write {

	/**
	 * The `<seg>` contents of a source text and its translation, inline codes numbered across both.
	 *
	 * @return array{source: string, target: string}
	 */
	public static function segs( string $source, string $target ): array {
		$source_codes = array();
		$next         = 0;
		$source_xml   = self::write(
			Tmx_Codes::find( $source ),
			static function ( array $code ) use ( &$source_codes, &$next ): int {
				$source_codes[] = array(
					'code' => $code,
					'x'    => ++$next,
					'used' => false,
				);
				return $next;
			}
		);
		$target_xml   = self::write(
			Tmx_Codes::find( $target ),
			static function ( array $code ) use ( &$source_codes, &$next ): int {
				foreach ( $source_codes as &$same ) {
					if ( ! $same['used'] && $same['code']['text'] === $code['text'] && $same['code']['role'] === $code['role'] ) {
						$same['used'] = true;
						return $same['x'];
					}
				}
				return ++$next;
			}
		);
		return array(
			'source' => $source_xml,
			'target' => $target_xml,
		);
	}

	/**
	 * @param list<array<string, mixed>> $pieces    Tmx_Codes::find's pieces.
	 * @param callable(array): int       $number_of The `x` of a code that is not a paired close.
	 */
	private static function write( array $pieces, callable $number_of ): string {
		$numbers = array();
		$xml     = '';
		foreach ( $pieces as $index => $piece ) {
			if ( 'text' === $piece['kind'] ) {
				$xml .= Tmx_Writer::text( $piece['text'] );
				continue;
			}
			// A paired close is numbered by its open (`<ept>` has no `x`).
			$partner_x         = isset( $piece['partner'] ) ? ( $numbers[ $piece['partner'] ] ?? null ) : null;
			$x                 = 'close' === $piece['role'] && null !== $partner_x ? $partner_x : $number_of( $piece );
			$numbers[ $index ] = $x;
			$xml              .= self::element( $piece, $x, $partner_x );
		}
		return $xml;
	}

	/**
	 * @param array<string, mixed> $code A code piece.
	 */
	private static function element( array $code, int $x, ?int $partner_x ): string {
		$content = Tmx_Writer::text( $code['text'] );
		if ( 'standalone' === $code['role'] ) {
			return "<ph x=\"{$x}\">{$content}</ph>";
		}
		if ( ! isset( $code['partner'] ) ) {
			$pos = 'open' === $code['role'] ? 'begin' : 'end';
			return "<it pos=\"{$pos}\" x=\"{$x}\">{$content}</it>";
		}
		return 'open' === $code['role'] ? "<bpt i=\"{$x}\" x=\"{$x}\">{$content}</bpt>" : '<ept i="' . ( $partner_x ?? $x ) . "\">{$content}</ept>";
	}
}
