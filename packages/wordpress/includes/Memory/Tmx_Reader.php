<?php
/**
 * Reads TMX (1.4b, and others' older files) with XMLReader, one `<tu>` at a time, so a file of
 * any size imports in bounded memory, as tolerantly as core's readTmx: a unit's source language
 * is its `srclang`, else the header's (unless `*all*`), else its first `<tuv>`'s; languages by
 * their primary subtag (`ru-RU`, `kbd-Cyrl`, TMX 1.1's `lang`); a `<tu>` with several targets
 * gives a unit per target the service translates into; `<hi>` keeps its text; a `<seg>` with
 * inline code or placeholders (`<bpt>`, `<ept>`, `<it>`, `<ph>`, `<ut>`, `<sub>`) skips its unit
 * (its code would go into translations, or the words around it would be joined); no origin prop
 * means `human` (CAT tools' memories hold translators' work); the provenance core writes is read
 * back (`creationid`/`changeid`, the `x-circassian-where`, `-context` and `-status` props); an
 * unknown origin, another language, an empty segment or a suggestion that names nobody skips the
 * unit, each counted by reason. A unit read names people as the file does: it is no user's of
 * this site (`creator_id` 0), so a suggestion in a file answers nobody here until accepted.
 *
 * @package Circassian
 */

namespace Circassian\Memory;

use Circassian\Service;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.NamingConventions.ValidVariableName.NotSnakeCaseMemberVar, WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- XMLReader's and DOM's own property names.

final class Tmx_Reader {

	private const INLINE_CODE = array( 'bpt', 'ept', 'it', 'ph', 'ut', 'sub' );

	/**
	 * Calls $take with each unit, in file order, and counts what it skipped.
	 *
	 * @param string   $path A TMX file.
	 * @param callable $take Receives one unit at a time (Memory_Store::store's shape).
	 * @return array{units: int, skipped: array<string, int>}|\WP_Error A file that is not XML, or not TMX.
	 */
	public static function read( string $path, callable $take ): array|\WP_Error {
		$reader = new \XMLReader();
		// No network, no entities from outside: LIBXML_NONET, and no LIBXML_NOENT.
		// phpcs:ignore Generic.PHP.NoSilencedErrors.Discouraged -- a file that cannot be opened is answered with an error below.
		if ( ! @$reader->open( $path, null, LIBXML_NONET | LIBXML_COMPACT ) ) {
			return self::not_tmx();
		}
		$previous = libxml_use_internal_errors( true );
		$header   = '';
		$units    = 0;
		$skipped  = array();
		$seen_tmx = false;
		try {
			$more = $reader->read();
			while ( $more ) {
				if ( \XMLReader::ELEMENT !== $reader->nodeType ) {
					$more = $reader->read();
					continue;
				}
				if ( 'tmx' === $reader->localName ) {
					$seen_tmx = true;
				} elseif ( 'header' === $reader->localName ) {
					$header = (string) $reader->getAttribute( 'srclang' );
					$header = '*all*' === $header ? '' : $header;
				} elseif ( 'tu' === $reader->localName ) {
					// expand() warns on XML cut short even with libxml's errors kept internal; the file is
					// then reported as not TMX, so the warning would only fill the site's log.
					$node = @$reader->expand(); // phpcs:ignore Generic.PHP.NoSilencedErrors.Discouraged -- see above.
					if ( ! $node instanceof \DOMElement ) {
						return self::not_tmx();
					}
					foreach ( self::units_of( $node, $header ) as $unit ) {
						if ( is_string( $unit ) ) {
							$skipped[ $unit ] = ( $skipped[ $unit ] ?? 0 ) + 1;
						} else {
							$take( $unit );
							++$units;
						}
					}
					// Past this <tu>: one unit at a time is all that is held.
					$more = $reader->next();
					continue;
				}
				$more = $reader->read();
			}
			if ( ! $seen_tmx || libxml_get_errors() ) {
				return self::not_tmx();
			}
		} finally {
			libxml_clear_errors();
			libxml_use_internal_errors( $previous );
			$reader->close();
		}
		return array(
			'units'   => $units,
			'skipped' => $skipped,
		);
	}

	private static function not_tmx(): \WP_Error {
		return new \WP_Error( 'circassian_not_tmx', __( 'This file is not a TMX translation memory (or its XML is broken): nothing was imported.', 'circassian' ), array( 'status' => 400 ) );
	}

	private static function primary( string $tag ): string {
		return strtolower( (string) preg_split( '/[-_]/', $tag )[0] );
	}

	/**
	 * @return list<array<string, mixed>|string> Units, or the reason a unit was skipped.
	 */
	private static function units_of( \DOMElement $tu, string $header ): array {
		$tuvs  = array();
		$props = array();
		foreach ( $tu->childNodes as $child ) {
			if ( ! $child instanceof \DOMElement ) {
				continue;
			}
			if ( 'prop' === $child->localName ) {
				$props[ $child->getAttribute( 'type' ) ] = $child->textContent;
			} elseif ( 'tuv' === $child->localName ) {
				$seg = $child->getElementsByTagName( 'seg' )->item( 0 );
				if ( $seg && self::has_inline_code( $seg ) ) {
					return array( 'inline-code' );
				}
				$lang   = $child->getAttributeNS( 'http://www.w3.org/XML/1998/namespace', 'lang' );
				$tuvs[] = array(
					'lang' => self::primary( '' !== $lang ? $lang : $child->getAttribute( 'lang' ) ),
					'seg'  => $seg ? $seg->textContent : '',
				);
			}
		}
		$srclang = $tu->hasAttribute( 'srclang' ) ? $tu->getAttribute( 'srclang' ) : $header;
		$source  = self::primary( '' !== $srclang && '*all*' !== $srclang ? $srclang : ( $tuvs[0]['lang'] ?? '' ) );
		$found   = array_values( array_filter( $tuvs, static fn( array $tuv ): bool => $tuv['lang'] === $source ) );
		if ( ! in_array( $source, Service\Service_Facts::TRANSLATION_LANGUAGES, true ) || ! $found ) {
			return array( 'language' );
		}
		$origin     = trim( $props[ Tmx_Writer::ORIGIN_PROP ] ?? 'human' );
		$suggestion = Tmx_Writer::SUGGESTION === trim( $props[ Tmx_Writer::STATUS_PROP ] ?? '' );
		if ( ! in_array( $origin, Memory_Store::ORIGINS, true ) ) {
			return array( 'origin' );
		}
		// A suggestion is someone's: one that names nobody could answer nobody.
		if ( $suggestion && '' === $tu->getAttribute( 'creationid' ) ) {
			return array( 'suggestion-without-creator' );
		}
		if ( '' === trim( $found[0]['seg'] ) ) {
			return array( 'empty' );
		}
		$units = array();
		foreach ( $tuvs as $tuv ) {
			if ( $tuv === $found[0] || $tuv['lang'] === $source || '' === trim( $tuv['seg'] ) || ! in_array( $tuv['lang'], Service\Service_Facts::TRANSLATION_LANGUAGES, true ) ) {
				continue;
			}
			$units[] = array_filter(
				array(
					'source_lang' => $source,
					'target_lang' => $tuv['lang'],
					'source'      => $found[0]['seg'],
					'target'      => $tuv['seg'],
					'origin'      => $origin,
					'created'     => self::date( $tu->getAttribute( 'creationdate' ) ),
					'changed'     => self::date( $tu->getAttribute( 'changedate' ) ),
					'creator'     => $tu->getAttribute( 'creationid' ),
					'changer'     => $tu->getAttribute( 'changeid' ),
					'where'       => $props[ Tmx_Writer::WHERE_PROP ] ?? '',
					'context'     => $props[ Tmx_Writer::CONTEXT_PROP ] ?? '',
					'suggestion'  => $suggestion,
					'usage_count' => max( 0, (int) $tu->getAttribute( 'usagecount' ) ),
				),
				static fn( $value ): bool => null !== $value && '' !== $value && 0 !== $value && false !== $value
			);
		}
		return $units ? $units : array( 'no-target' );
	}

	private static function has_inline_code( \DOMElement $seg ): bool {
		foreach ( self::INLINE_CODE as $name ) {
			if ( $seg->getElementsByTagName( $name )->length > 0 ) {
				return true;
			}
		}
		return false;
	}

	/** A TMX date (YYYYMMDDThhmmssZ) as a DATETIME, or null when it is not one. */
	private static function date( string $value ): ?string {
		if ( 1 !== preg_match( '/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/', $value, $m ) || ! checkdate( (int) $m[2], (int) $m[3], (int) $m[1] ) ) {
			return null;
		}
		return "{$m[1]}-{$m[2]}-{$m[3]} {$m[4]}:{$m[5]}:{$m[6]}";
	}
}
