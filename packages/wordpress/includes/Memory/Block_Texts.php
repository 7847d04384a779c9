<?php
/**
 * The texts the editor sends for a post's blocks (src/editor-tools/segments.js and markers.js),
 * read from saved block markup, so the memory can learn a linked translation's corrections under
 * the very texts a later translation of the original asks for: each text block's words as ONE
 * text, its inline elements as numbered markers (`<x1>…</x1>`, `<x2/>` for an element or run
 * without words), `<` in words written `‹`. Blocks are listed depth first, as the editor walks
 * them. A text holding what the editor keeps behind markers of its own making (shortcodes, URLs,
 * comments) is left unread: teaching it under a guessed text would teach nothing useful.
 *
 * @package Circassian
 */

namespace Circassian\Memory;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.NamingConventions.ValidVariableName.NotSnakeCaseMemberVar, WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- DOM's own property names.

final class Block_Texts {

	/** Blocks whose words are their element's own content (the rich-text attribute the editor translates). */
	private const TEXT_ELEMENT = array(
		'core/paragraph'    => 'p',
		'core/heading'      => 'h[1-6]',
		'core/list-item'    => 'li',
		'core/verse'        => 'pre',
		'core/preformatted' => 'pre',
	);

	/**
	 * Every block of the content, depth first: its name and its text with the shape of its markers
	 * (null: no text the editor would send as read here).
	 *
	 * @return list<array{name: string, text: ?string, shape: string}>
	 */
	public static function of( string $content ): array {
		$found = array();
		self::walk( parse_blocks( $content ), $found );
		return $found;
	}

	/**
	 * @param array<int, array<string, mixed>>                         $blocks From parse_blocks().
	 * @param list<array{name: string, text: ?string, shape: string}> $found  Filled in.
	 */
	private static function walk( array $blocks, array &$found ): void {
		foreach ( $blocks as $block ) {
			$name = (string) ( $block['blockName'] ?? '' );
			if ( '' === $name ) {
				continue; // Whitespace between blocks, or classic content: not a block the editor translates.
			}
			$marked  = self::marked_of( $block );
			$found[] = array(
				'name'  => $name,
				'text'  => $marked['text'] ?? null,
				'shape' => $marked['shape'] ?? '',
			);
			self::walk( (array) ( $block['innerBlocks'] ?? array() ), $found );
		}
	}

	/**
	 * @param array<string, mixed> $block From parse_blocks().
	 * @return array{text: string, shape: string}|null
	 */
	private static function marked_of( array $block ): ?array {
		$name = (string) $block['blockName'];
		if ( 'circassian/audio' === $name ) {
			$text = (string) ( $block['attrs']['text'] ?? '' );
			return '' !== trim( $text ) ? array(
				'text'  => $text,
				'shape' => '',
			) : null;
		}
		if ( ! isset( self::TEXT_ELEMENT[ $name ] ) ) {
			return null;
		}
		// The block's own markup, without its inner blocks (a list item's nested list).
		$own = implode( '', array_filter( (array) ( $block['innerContent'] ?? array() ), 'is_string' ) );
		if ( 1 !== preg_match( '#^\s*<(' . self::TEXT_ELEMENT[ $name ] . ')\b[^>]*>(.*)</\1>\s*$#si', $own, $match ) ) {
			return null;
		}
		return self::to_marked( $match[2] );
	}

	/**
	 * markers.js's toMarked for inline HTML without shortcodes, URLs or comments.
	 *
	 * @return array{text: string, shape: string}|null The text and its markers' elements in order; null when unread.
	 */
	public static function to_marked( string $html ): ?array {
		if ( str_contains( $html, '<!--' ) || 1 === preg_match( '#\[/?[a-zA-Z][\w-]*|://|www\.#', $html ) ) {
			return null;
		}
		$root = self::parsed( $html );
		if ( null === $root ) {
			return null;
		}
		$shape = array();
		$text  = self::walk_marked( $root, $shape );
		return array(
			'text'  => $text,
			'shape' => implode( ',', $shape ),
		);
	}

	/** An HTML fragment parsed as UTF-8 into a holder element (null: unreadable). */
	public static function parsed( string $html ): ?\DOMElement {
		$document = new \DOMDocument();
		$previous = libxml_use_internal_errors( true );
		$loaded   = $document->loadHTML( '<?xml encoding="utf-8" ?><html><body><div>' . $html . '</div></body></html>', LIBXML_NONET );
		libxml_clear_errors();
		libxml_use_internal_errors( $previous );
		$root = $loaded ? $document->getElementsByTagName( 'div' )->item( 0 ) : null;
		return $root instanceof \DOMElement ? $root : null;
	}

	/** @param list<string> $shape Each marker's element name ('' for a run without words), by number. */
	private static function walk_marked( \DOMNode $parent, array &$shape ): string {
		$out = '';
		foreach ( self::pieces( $parent ) as $piece ) {
			if ( 'kept' === $piece['kind'] ) {
				$shape[] = '';
				$out    .= '<x' . count( $shape ) . '/>';
			} elseif ( 'element' === $piece['kind'] ) {
				$shape[] = $piece['node']->nodeName;
				$id      = count( $shape );
				$out    .= '<x' . $id . '>' . self::walk_marked( $piece['node'], $shape ) . '</x' . $id . '>';
			} else {
				$out .= str_replace( '<', '‹', $piece['text'] );
			}
		}
		return $out;
	}

	/**
	 * A parent's children as pieces: words, an element with words, or a run of elements without
	 * words together with the paragraph breaks beside it (one marker).
	 *
	 * @return list<array{kind: string, text?: string, node?: \DOMNode}>
	 */
	private static function pieces( \DOMNode $parent ): array {
		$break = '/^\s*\n\s*$/';
		$found = array();
		foreach ( $parent->childNodes as $child ) {
			$last = count( $found ) - 1;
			if ( XML_TEXT_NODE === $child->nodeType ) {
				foreach ( preg_split( '/^(\s*\n\s*)|(\s*\n\s*)$/', (string) $child->nodeValue, -1, PREG_SPLIT_DELIM_CAPTURE | PREG_SPLIT_NO_EMPTY ) as $text ) {
					$last = count( $found ) - 1;
					if ( preg_match( $break, $text ) && $last >= 0 && 'kept' === $found[ $last ]['kind'] ) {
						continue;
					}
					$found[] = array(
						'kind' => 'text',
						'text' => $text,
					);
				}
			} elseif ( XML_ELEMENT_NODE === $child->nodeType && 1 !== preg_match( '/\p{L}/u', (string) $child->textContent ) ) {
				if ( $last < 0 || 'kept' !== $found[ $last ]['kind'] ) {
					$found[] = array( 'kind' => 'kept' );
				}
			} elseif ( XML_ELEMENT_NODE === $child->nodeType ) {
				$found[] = array(
					'kind' => 'element',
					'node' => $child,
				);
			}
		}
		// A break just before a run goes into it.
		for ( $index = count( $found ) - 1; $index > 0; $index-- ) {
			if ( 'kept' === $found[ $index ]['kind'] && 'text' === $found[ $index - 1 ]['kind'] && preg_match( $break, $found[ $index - 1 ]['text'] ) ) {
				array_splice( $found, $index - 1, 1 );
			}
		}
		return $found;
	}
}
