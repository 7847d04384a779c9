<?php
/**
 * The texts the editor sends for classic content (a post without blocks, a Classic block), read
 * from saved markup as src/editor-tools/classic-paragraphs.js cuts it: a paragraph a text (a `<p>`
 * or heading with words sends its inner HTML; a blank line ends a paragraph of raw text; a list,
 * quote or other block element with words goes whole), what has no words (a lone gallery or
 * embed line, a page break, the breaks between paragraphs) not sent. Each part's text is
 * Block_Texts::to_marked's, its edges' spaces and wordless markers set apart as the editor sets
 * them apart, so the memory learns a classic translation's corrections under the very texts a
 * later translation asks for; a part holding a shortcode, URL or comment is left unread (null),
 * as a block's is.
 *
 * @package Circassian
 */

namespace Circassian\Memory;

use Circassian\Content;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.NamingConventions.ValidVariableName.NotSnakeCaseMemberVar, WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- DOM's own property names.

final class Classic_Texts {

	/** Elements that stand as paragraphs of their own: their inner HTML is sent. */
	private const PARAGRAPHS = array( 'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6' );
	/** Block-level elements that are not paragraphs: sent whole when they hold words. */
	private const BLOCKS = array( 'address', 'blockquote', 'div', 'dl', 'figure', 'hr', 'ol', 'pre', 'table', 'ul' );
	/** A blank line in raw text: the end of a paragraph. */
	private const BLANK_LINE = '/(\n[ \t]*\n\s*)/';
	/** Spaces and wordless markers at a text's start and end (translate.js's EDGES). */
	private const EDGES = '#^(\s*(?:<x\d+/>\s*)*)(.*?)(\s*(?:<x\d+/>\s*)*)$#s';

	/**
	 * Each part the editor sends, in order: its text and markers' shape, or null when unread.
	 *
	 * @return list<array{text: string, shape: string}|null>
	 */
	public static function of( string $content ): array {
		$root = Block_Texts::parsed( $content );
		if ( null === $root ) {
			return array();
		}
		$texts = array();
		foreach ( self::parts( $root ) as $html ) {
			$marked = Block_Texts::to_marked( $html );
			if ( null !== $marked && 1 === preg_match( self::EDGES, $marked['text'], $edges ) ) {
				$marked['text'] = $edges[2];
			}
			$texts[] = $marked;
		}
		return $texts;
	}

	/**
	 * The HTML of each part with words, in order (classicParts' parts to send).
	 *
	 * @return list<string>
	 */
	private static function parts( \DOMElement $root ): array {
		$parts = array();
		$run   = null;
		$end   = static function () use ( &$parts, &$run ): void {
			if ( null !== $run && self::has_words( html_entity_decode( wp_strip_all_tags( $run ), ENT_QUOTES, 'UTF-8' ) ) ) {
				$parts[] = $run;
			}
			$run = null;
		};
		foreach ( $root->childNodes as $child ) {
			$name = XML_ELEMENT_NODE === $child->nodeType ? strtolower( $child->nodeName ) : '';
			if ( XML_TEXT_NODE === $child->nodeType ) {
				foreach ( preg_split( self::BLANK_LINE, (string) $child->nodeValue, -1, PREG_SPLIT_DELIM_CAPTURE ) as $index => $text ) {
					if ( '' === $text ) {
						continue;
					}
					if ( 1 === $index % 2 || ( '' === trim( $text ) && null === $run ) ) {
						$end();
					} else {
						$run = ( $run ?? '' ) . esc_html( $text );
					}
				}
			} elseif ( in_array( $name, self::PARAGRAPHS, true ) && self::has_words( (string) $child->textContent ) ) {
				$end();
				$parts[] = self::inner_html( $child );
			} elseif ( '' === $name || in_array( $name, self::BLOCKS, true ) || in_array( $name, self::PARAGRAPHS, true ) ) {
				$end();
				if ( '' !== $name && self::has_words( (string) $child->textContent ) ) {
					$parts[] = (string) $child->ownerDocument->saveHTML( $child );
				}
			} else {
				$run = ( $run ?? '' ) . $child->ownerDocument->saveHTML( $child );
			}
		}
		$end();
		return $parts;
	}

	/** Letters outside shortcode tags and URLs (markers.js's hasWordsIn). */
	private static function has_words( string $text ): bool {
		$words = preg_replace( array( '#\[\[?/?[A-Za-z][\w-]*[^\[\]]*\]\]?#', Content\Content_Tokens::URL ), '', $text );
		return 1 === preg_match( '/\p{L}/u', (string) $words );
	}

	private static function inner_html( \DOMNode $node ): string {
		$html = '';
		foreach ( $node->childNodes as $child ) {
			$html .= $node->ownerDocument->saveHTML( $child );
		}
		return $html;
	}
}
