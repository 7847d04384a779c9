<?php
/**
 * Reads TMX (1.4b level 2, and others' older files) with XMLReader, one `<tu>` at a time, so a file
 * of any size imports in bounded memory, as core's readTmx reads it (tmx-read.ts): a unit's source
 * language is its `srclang`, else the header's (unless `*all*`), else its first `<tuv>`'s; languages
 * by their primary subtag (`ru-RU`, `kbd-RU`, `kbd-Cyrl`, TMX 1.1's `lang`); a `<tu>` with several
 * targets gives a unit per target the service translates into; `<hi>` keeps its text; inline codes
 * (`<ph>`, `<bpt>`/`<ept>`, `<it>`, `<ut>`, with `<sub>` inside them) become text again as
 * Tmx_Seg_Read says (their own text in our files and for placeholders, our markers for the rest);
 * no origin prop means `human` (CAT tools' memories hold translators' work); the provenance core
 * writes is read back (`creationid`/`changeid`, the `x-circassian-where`, `-context` and `-status`
 * props), and names and dates a tool writes on the target `<tuv>` (OmegaT) where the `<tu>` has
 * none. What is left out is told one item per `<tu>` (or per target left out beside ones read),
 * with core's reason and detail: `language`, `empty`, `no-target`, `origin`, `status`. A unit read
 * names people as the file does: it is no user's of this site (`creator_id` 0), so a suggestion in
 * a file answers nobody here until accepted.
 *
 * @package Circassian
 */

namespace Circassian\Memory;

use Circassian\Service;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.NamingConventions.ValidVariableName.NotSnakeCaseMemberVar, WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- XMLReader's and DOM's own property names.

final class Tmx_Reader {

	/** TMX's inline codes; `<sub>` and `<hi>` are read through (their text belongs to the code or the segment around them). */
	private const INLINE_CODE = array( 'bpt', 'ept', 'it', 'ph', 'ut' );
	/** The header's `o-tmf` in a file the pack wrote (core's TMX_OWN_FORMAT): its codes' texts are read back as written. */
	public const OWN_FORMAT = 'circassian';
	/** Items left out listed by an import (all are counted): a file of thousands of other languages answers in bounded size. */
	public const LISTED = 200;

	/**
	 * Calls $take with each unit, in file order, and tells what it left out.
	 *
	 * @param string   $path A TMX file.
	 * @param callable $take Receives one unit at a time (Memory_Store::store's shape).
	 * @return array{units: int, skipped: array<string, int>, left_out: list<array{tu: int, reason: string, detail: string}>}|\WP_Error
	 *         `skipped`: what was left out, counted by reason; `left_out`: the first LISTED of them, each
	 *         with its `<tu>`'s position (from 1), reason and detail. A file that is not XML, or not TMX: an error.
	 */
	public static function read( string $path, callable $take ): array|\WP_Error {
		$reader = new \XMLReader();
		// No network, no entities from outside: LIBXML_NONET, and no LIBXML_NOENT.
		// phpcs:ignore Generic.PHP.NoSilencedErrors.Discouraged -- a file that cannot be opened is answered with an error below.
		if ( ! @$reader->open( $path, null, LIBXML_NONET | LIBXML_COMPACT ) ) {
			return self::not_tmx();
		}
		$previous = libxml_use_internal_errors( true );
		$header   = array(
			'source' => '',
			'own'    => false,
		);
		$units    = 0;
		$tus      = 0;
		$skipped  = array();
		$left_out = array();
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
					$source = (string) $reader->getAttribute( 'srclang' );
					$header = array(
						'source' => '*all*' === $source ? '' : $source,
						'own'    => self::OWN_FORMAT === $reader->getAttribute( 'o-tmf' ),
					);
				} elseif ( 'tu' === $reader->localName ) {
					// expand() warns on XML cut short even with libxml's errors kept internal; the file is
					// then reported as not TMX, so the warning would only fill the site's log.
					$node = @$reader->expand(); // phpcs:ignore Generic.PHP.NoSilencedErrors.Discouraged -- see above.
					if ( ! $node instanceof \DOMElement ) {
						return self::not_tmx();
					}
					++$tus;
					foreach ( self::units_of( $node, $header['source'], $header['own'] ) as $unit ) {
						if ( isset( $unit['reason'] ) ) {
							$skipped[ $unit['reason'] ] = ( $skipped[ $unit['reason'] ] ?? 0 ) + 1;
							if ( count( $left_out ) < self::LISTED ) {
								$left_out[] = array( 'tu' => $tus ) + $unit;
							}
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
			'units'    => $units,
			'skipped'  => $skipped,
			'left_out' => $left_out,
		);
	}

	private static function not_tmx(): \WP_Error {
		return new \WP_Error( 'circassian_not_tmx', __( 'This file is not a TMX translation memory (or its XML is broken): nothing was imported.', 'circassian' ), array( 'status' => 400 ) );
	}

	private static function primary( string $tag ): string {
		return strtolower( (string) preg_split( '/[-_]/', $tag )[0] );
	}

	/** Whether a segment holds nothing but white space, its codes' texts included (JavaScript's trim: Unicode spaces). */
	private static function blank( array $pieces ): bool {
		foreach ( $pieces as $piece ) {
			if ( 1 !== preg_match( '/^[\s\x{FEFF}]*$/u', is_string( $piece ) ? $piece : $piece['content'] ) ) {
				return false;
			}
		}
		return true;
	}

	/**
	 * A `<seg>` as pieces: words (strings), and inline codes with their text (`<sub>` inside them included).
	 *
	 * @return list<string|array{name: string, attributes: array<string, string>, content: string}>
	 */
	private static function pieces( ?\DOMElement $seg ): array {
		$pieces = array();
		$add    = static function ( \DOMNode $parent ) use ( &$pieces, &$add ): void {
			foreach ( $parent->childNodes as $node ) {
				if ( $node instanceof \DOMText ) {
					// CDATA too (DOMCdataSection is a DOMText).
					$last = count( $pieces ) - 1;
					if ( $last >= 0 && is_string( $pieces[ $last ] ) ) {
						$pieces[ $last ] .= $node->data;
					} else {
						$pieces[] = $node->data;
					}
				} elseif ( $node instanceof \DOMElement && in_array( $node->localName, self::INLINE_CODE, true ) ) {
					$attributes = array();
					foreach ( $node->attributes as $attribute ) {
						$attributes[ $attribute->nodeName ] = $attribute->value;
					}
					$pieces[] = array(
						'name'       => $node->localName,
						'attributes' => $attributes,
						'content'    => $node->textContent,
					);
				} elseif ( $node instanceof \DOMElement ) {
					// <hi>, and whatever else a tool puts around words: its text is the segment's.
					$add( $node );
				}
			}
		};
		if ( $seg ) {
			$add( $seg );
		}
		return $pieces;
	}

	/**
	 * @return list<array<string, mixed>> Units, or what was left out: `array{reason, detail}`.
	 */
	private static function units_of( \DOMElement $tu, string $header, bool $own_file ): array {
		$tuvs  = array();
		$props = array();
		foreach ( $tu->childNodes as $child ) {
			if ( ! $child instanceof \DOMElement ) {
				continue;
			}
			if ( 'prop' === $child->localName ) {
				$props[ $child->getAttribute( 'type' ) ] = $child->textContent;
			} elseif ( 'tuv' === $child->localName ) {
				$lang   = $child->getAttributeNS( 'http://www.w3.org/XML/1998/namespace', 'lang' );
				$tuvs[] = array(
					'tag'    => '' !== $lang ? $lang : $child->getAttribute( 'lang' ),
					'node'   => $child,
					'pieces' => self::pieces( $child->getElementsByTagName( 'seg' )->item( 0 ) ),
				);
			}
		}
		$left    = static fn( string $reason, string $detail ): array => array(
			'reason' => $reason,
			'detail' => $detail,
		);
		$srclang = $tu->hasAttribute( 'srclang' ) && '*all*' !== $tu->getAttribute( 'srclang' ) ? $tu->getAttribute( 'srclang' ) : $header;
		$source  = self::primary( $srclang );
		$source  = '' !== $source ? $source : self::primary( $tuvs[0]['tag'] ?? '' );
		$found   = null;
		foreach ( $tuvs as $index => $tuv ) {
			if ( self::primary( $tuv['tag'] ) === $source ) {
				$found = $index;
				break;
			}
		}
		if ( ! in_array( $source, Service\Service_Facts::TRANSLATION_LANGUAGES, true ) ) {
			return array( $left( 'language', "source language \"{$source}\", not one the service translates" ) );
		}
		if ( null === $found ) {
			return array( $left( 'language', "no <tuv> in its source language \"{$source}\"" ) );
		}
		$origin = trim( $props[ Tmx_Writer::ORIGIN_PROP ] ?? 'human' );
		if ( ! in_array( $origin, Memory_Store::ORIGINS, true ) ) {
			return array( $left( 'origin', Tmx_Writer::ORIGIN_PROP . " \"{$origin}\"" ) );
		}
		$status = isset( $props[ Tmx_Writer::STATUS_PROP ] ) ? trim( $props[ Tmx_Writer::STATUS_PROP ] ) : null;
		if ( null !== $status && Tmx_Writer::SUGGESTION !== $status ) {
			return array( $left( 'status', Tmx_Writer::STATUS_PROP . " \"{$status}\"" ) );
		}
		// A suggestion is someone's: one that names nobody could answer nobody.
		if ( null !== $status && '' === $tu->getAttribute( 'creationid' ) ) {
			return array( $left( 'status', 'a suggestion without creationid (whose is it?)' ) );
		}
		if ( self::blank( $tuvs[ $found ]['pieces'] ) ) {
			return array( $left( 'empty', 'empty source segment' ) );
		}
		$targets  = array();
		$left_out = array();
		foreach ( $tuvs as $index => $tuv ) {
			$lang = self::primary( $tuv['tag'] );
			if ( $index === $found || $lang === $source ) {
				continue;
			}
			if ( ! in_array( $lang, Service\Service_Facts::TRANSLATION_LANGUAGES, true ) ) {
				$left_out[] = $left( 'language', "target language \"{$tuv['tag']}\", not one the service translates" );
			} elseif ( self::blank( $tuv['pieces'] ) ) {
				$left_out[] = $left( 'empty', "empty {$tuv['tag']} segment" );
			} else {
				$targets[] = $tuv;
			}
		}
		if ( ! $targets ) {
			// Why each target was left out, or that there was none.
			return $left_out ? $left_out : array( $left( 'no-target', "no translation beside the {$tuvs[ $found ]['tag']} source" ) );
		}
		$texts = Tmx_Seg_Read::texts( $tuvs[ $found ]['pieces'], array_column( $targets, 'pieces' ), $own_file );
		$units = array();
		foreach ( $targets as $position => $tuv ) {
			// OmegaT dates and names the translation on its <tuv>: read there when the <tu> has none.
			$attribute = static fn( string $name ): string => $tu->hasAttribute( $name ) ? $tu->getAttribute( $name ) : $tuv['node']->getAttribute( $name );
			$units[]   = array_filter(
				array(
					'source_lang' => $source,
					'target_lang' => self::primary( $tuv['tag'] ),
					'source'      => $texts['source'],
					'target'      => $texts['targets'][ $position ],
					'origin'      => $origin,
					'created'     => self::date( $attribute( 'creationdate' ) ),
					'changed'     => self::date( $attribute( 'changedate' ) ),
					'creator'     => $attribute( 'creationid' ),
					'changer'     => $attribute( 'changeid' ),
					'where'       => $props[ Tmx_Writer::WHERE_PROP ] ?? '',
					'context'     => $props[ Tmx_Writer::CONTEXT_PROP ] ?? '',
					'suggestion'  => null !== $status,
					'usage_count' => max( 0, (int) $tu->getAttribute( 'usagecount' ) ),
				),
				static fn( $value ): bool => null !== $value && '' !== $value && 0 !== $value && false !== $value
			);
		}
		// A target left out beside ones read: the rest of the <tu> is in the memory, this part is not.
		return array_merge( $units, $left_out );
	}

	/** A TMX date (YYYYMMDDThhmmssZ) as a DATETIME, or null when it is not one. */
	private static function date( string $value ): ?string {
		if ( 1 !== preg_match( '/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/', $value, $m ) || ! checkdate( (int) $m[2], (int) $m[3], (int) $m[1] ) ) {
			return null;
		}
		return "{$m[1]}-{$m[2]}-{$m[3]} {$m[4]}:{$m[5]}:{$m[6]}";
	}
}
