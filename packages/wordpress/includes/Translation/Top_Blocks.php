<?php
/**
 * A post's top-level blocks, as translation updates and reviews line them up: parsed without the
 * whitespace between them (classic content is one block, named ''), and joined back.
 *
 * @package Circassian
 */

namespace Circassian\Translation;

defined( 'ABSPATH' ) || exit;

final class Top_Blocks {

	/**
	 * Top-level blocks of markup, without the whitespace between them.
	 *
	 * @return list<array<string, mixed>>
	 */
	public static function of( string $content ): array {
		return array_values(
			array_filter(
				parse_blocks( $content ),
				static fn( array $block ): bool => null !== $block['blockName'] || '' !== trim( (string) $block['innerHTML'] )
			)
		);
	}

	/** @param list<array<string, mixed>> $blocks */
	public static function joined( array $blocks ): string {
		return implode( "\n\n", array_map( 'serialize_block', $blocks ) );
	}
}
