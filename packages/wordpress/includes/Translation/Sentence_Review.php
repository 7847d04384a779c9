<?php
/**
 * Review by sentence (issue 33), the pure part: a block's sentences as the editor's translation
 * sends its text (Memory\Block_Texts: the block's words as one text, inline elements as markers),
 * cut by core's sentence rule (Speech_Memory\Sentences); which of a block's sentences stand for a
 * source sentence that changed since the block was translated; and the block's markup with kept
 * sentences replaced by new ones. As Strapi's sentence-review.ts: where the source gained or lost
 * sentences, or the translation's sentences no longer line up one to one with the source's as it
 * was (a person joined or split sentences), there is no sentence-by-sentence answer (null) and
 * the review offers the whole block only. Sentences are paired by place: the translation was
 * made sentence for sentence from the source as it was. A sentence holding inline markup
 * (a link, bold) is offered whole-block only too: its markers could not be put back here.
 *
 * @package Circassian
 */

namespace Circassian\Translation;

use Circassian\Memory;
use Circassian\Speech_Memory;

defined( 'ABSPATH' ) || exit;

final class Sentence_Review {

	/**
	 * The sentences of a top-level block's own text; null when it has none the editor translates
	 * as one text (a list, a group, an image), or it holds inner blocks.
	 *
	 * @param array<string, mixed> $block From parse_blocks().
	 * @return list<string>|null
	 */
	public static function sentences_of( array $block ): ?array {
		if ( ! empty( $block['innerBlocks'] ) ) {
			return null;
		}
		$texts = Memory\Block_Texts::of( serialize_block( $block ) );
		$text  = 1 === count( $texts ) ? $texts[0]['text'] : null;
		return null === $text ? null : array_column( Speech_Memory\Sentences::split( $text ), 'text' );
	}

	/**
	 * The translation's sentences whose source sentence changed, each with the source as it was
	 * and as it is now; null where the block can only be kept or replaced whole.
	 *
	 * @param list<string>|null $before The source block's sentences as translated (null: a record of an earlier version, hashes only).
	 * @param list<string>|null $now    The source block's sentences now.
	 * @param list<string>|null $kept   The translation block's sentences, as kept.
	 * @return list<array{index: int, before: string, now: string, kept: string}>|null
	 */
	public static function changed( ?array $before, ?array $now, ?array $kept ): ?array {
		if ( null === $before || null === $now || null === $kept || count( $before ) !== count( $now ) || count( $kept ) !== count( $before ) ) {
			return null;
		}
		$changed = array();
		foreach ( $now as $index => $sentence ) {
			if ( $sentence === $before[ $index ] ) {
				continue;
			}
			if ( self::has_markers( $sentence ) || self::has_markers( $before[ $index ] ) || self::has_markers( $kept[ $index ] ) ) {
				return null;
			}
			$changed[] = array(
				'index'  => $index,
				'before' => $before[ $index ],
				'now'    => $sentence,
				'kept'   => $kept[ $index ],
			);
		}
		// Only its markup changed (a link's address, a class): nothing a sentence can say.
		return $changed ? $changed : null;
	}

	/**
	 * The block's markup with each kept sentence replaced by its new translation; null when a kept
	 * sentence is not found exactly once in the markup as written (the person changed it since,
	 * or it is written with entities the text does not show).
	 *
	 * @param array<string, string> $replacements New sentence by kept sentence.
	 */
	public static function replaced( string $markup, array $replacements ): ?string {
		foreach ( $replacements as $kept => $new ) {
			$written = self::as_html( (string) $kept );
			if ( '' === $written || 1 !== substr_count( $markup, $written ) ) {
				return null;
			}
			$markup = str_replace( $written, self::as_html( $new ), $markup );
		}
		return $markup;
	}

	/** A sentence of marked text as the block's HTML writes it (`‹` stands for `<` in the words). */
	private static function as_html( string $sentence ): string {
		return htmlspecialchars( str_replace( '‹', '<', $sentence ), ENT_NOQUOTES, 'UTF-8' );
	}

	private static function has_markers( string $sentence ): bool {
		return 1 === preg_match( '#</?x\d+/?>#', $sentence );
	}
}
