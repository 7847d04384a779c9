<?php
/**
 * Blocks in review (issue 33): when a translation is updated (Translation_Update) and a block's
 * original changed under a block an editor corrected, the block is not replaced: it stays as the
 * editor left it and waits here (post meta on the translation, so each language's translation
 * has its own and a choice in one never touches another), with the new machine translation of
 * the whole block and, where the block can be reviewed sentence by sentence (Sentence_Review),
 * each changed sentence: the source as it was, as it is now, and the kept translation. Three
 * choices: translate only the changed sentences (only those are sent; the editor's other
 * sentences stay, and stay corrections the memory learns), keep the block as it is, or replace
 * it with the new translation. While a block waits, publishing does not teach it to the memory
 * (it translates the original as it was, not as it is).
 *
 * @package Circassian
 */

namespace Circassian\Translation;

use Circassian\Memory;
use WP_Error;
use WP_Post;

defined( 'ABSPATH' ) || exit;

final class Translation_Review {

	/** The blocks waiting for review: list<array{id: string, block: string, kept: string, fresh: string, kept_text: string, fresh_text: string, source_now: string, changed: list<array{index: int, before: string, now: string, kept: string}>|null}>. */
	public const META_REVIEW = '_circassian_translation_review';

	public const CHOICES = array( 'sentences', 'keep', 'replace' );

	/**
	 * A block to review: the translation's block as kept, the new translation of the original's
	 * block as it is now, and the original's block's sentences as translated (null: not recorded).
	 *
	 * @param array<string, mixed> $kept   The translation's block.
	 * @param array<string, mixed> $fresh  The new translation's block.
	 * @param array<string, mixed> $now    The original's block now.
	 * @param list<string>|null    $before The original's block's sentences when it was translated.
	 * @return array<string, mixed>
	 */
	public static function entry( array $kept, array $fresh, array $now, ?array $before ): array {
		$kept_markup = serialize_block( $kept );
		$source_now  = Sentence_Review::sentences_of( $now );
		return array(
			'id'         => substr( sha1( $kept_markup . "\0" . serialize_block( $now ) ), 0, 12 ),
			'block'      => sha1( $kept_markup ),
			'kept'       => $kept_markup,
			'fresh'      => serialize_block( $fresh ),
			'kept_text'  => self::text( $kept ),
			'fresh_text' => self::text( $fresh ),
			'source_now' => self::text( $now ),
			'changed'    => Sentence_Review::changed( $before, $source_now, Sentence_Review::sentences_of( $kept ) ),
		);
	}

	/**
	 * Records the blocks an update put in review, beside those still waiting from before whose
	 * block is still in the translation as it was.
	 *
	 * @param list<array<string, mixed>> $entries From entry().
	 */
	public static function store( int $translation, array $entries, string $content ): void {
		$present = array_map( static fn( array $block ): string => sha1( serialize_block( $block ) ), Top_Blocks::of( $content ) );
		$ids     = array_column( $entries, 'block' );
		foreach ( self::waiting( $translation ) as $earlier ) {
			if ( in_array( $earlier['block'], $present, true ) && ! in_array( $earlier['block'], $ids, true ) ) {
				$entries[] = $earlier;
			}
		}
		self::save( $translation, $entries );
	}

	/** @param list<array<string, mixed>> $entries The blocks waiting, all of them. */
	private static function save( int $translation, array $entries ): void {
		if ( $entries ) {
			update_post_meta( $translation, self::META_REVIEW, array_values( $entries ) );
		} else {
			delete_post_meta( $translation, self::META_REVIEW );
		}
		// While a block waits, publishing does not teach it: it translates the original as it was.
		Memory\Memory_Learning::hold( $translation, array_column( $entries, 'kept_text' ) );
	}

	/** @return list<array<string, mixed>> The blocks waiting, as stored. */
	public static function waiting( int $translation ): array {
		$stored = get_post_meta( $translation, self::META_REVIEW, true );
		return is_array( $stored ) ? array_values( array_filter( $stored, 'is_array' ) ) : array();
	}

	/**
	 * The blocks waiting, as the review panel shows them (no markup).
	 *
	 * @return list<array{id: string, kept_text: string, fresh_text: string, source_now: string, changed: list<array{index: int, before: string, now: string, kept: string}>|null}>
	 */
	public static function shown( int $translation ): array {
		return array_map(
			static fn( array $entry ): array => array(
				'id'         => (string) $entry['id'],
				'kept_text'  => (string) $entry['kept_text'],
				'fresh_text' => (string) $entry['fresh_text'],
				'source_now' => (string) $entry['source_now'],
				'changed'    => $entry['changed'],
			),
			self::waiting( $translation )
		);
	}

	/**
	 * Acts on a person's choice for one block in review, and says what the block reads now.
	 *
	 * @return array{choice: string, text: string, retranslated: int, waiting: int}|WP_Error
	 */
	public static function choose( WP_Post $translation, string $id, string $choice ): array|WP_Error {
		$entries = self::waiting( $translation->ID );
		$at      = array_search( $id, array_column( $entries, 'id' ), true );
		if ( false === $at ) {
			return new WP_Error( 'circassian_review_gone', __( 'This block is no longer waiting for review: reload the editor to see the translation as it is.', 'circassian' ), array( 'status' => 404 ) );
		}
		$entry  = $entries[ $at ];
		$blocks = Top_Blocks::of( $translation->post_content );
		$place  = array_search( $entry['block'], array_map( static fn( array $block ): string => sha1( serialize_block( $block ) ), $blocks ), true );
		if ( false === $place && 'keep' !== $choice ) {
			return self::changed_since();
		}
		$sent = 0;
		$text = (string) $entry['kept_text'];
		if ( 'keep' !== $choice ) {
			$new = 'replace' === $choice ? (string) $entry['fresh'] : self::retranslated( $translation, $entry );
			if ( is_wp_error( $new ) ) {
				return $new;
			}
			if ( 'replace' === $choice ) {
				// The machine's words: saving (a published translation teaches as it is saved) must not take them for an editor's.
				Memory\Memory_Learning::add_made( $translation->ID, $new );
			}
			$saved = self::write_block( $translation, $blocks, (int) $place, $new );
			if ( is_wp_error( $saved ) ) {
				return $saved;
			}
			$sent = 'sentences' === $choice ? count( (array) $entry['changed'] ) : 0;
			$text = self::text( Top_Blocks::of( $new )[0] ?? array() );
		}
		array_splice( $entries, (int) $at, 1 );
		self::save( $translation->ID, $entries );
		return array(
			'choice'       => $choice,
			'text'         => $text,
			'retranslated' => $sent,
			'waiting'      => count( $entries ),
		);
	}

	/**
	 * The kept block with only its changed sentences translated again (the memory first, then the
	 * service), the others as the editor left them.
	 *
	 * @param array<string, mixed> $entry A block in review.
	 */
	private static function retranslated( WP_Post $translation, array $entry ): string|WP_Error {
		if ( ! is_array( $entry['changed'] ) ) {
			return new WP_Error( 'circassian_review_whole_block', __( 'This block cannot be translated sentence by sentence: keep your text or replace it with the new translation.', 'circassian' ), array( 'status' => 409 ) );
		}
		$source     = (string) get_post_meta( $translation->ID, Memory\Memory_Learning::META_SOURCE, true );
		$target     = (string) get_post_meta( $translation->ID, Linked_Translations::META_LANGUAGE, true );
		$now        = array_column( $entry['changed'], 'now' );
		$translated = Translator::translate_texts( $now, $target, '' === $source ? null : $source, null, 'post:' . $translation->ID );
		if ( is_wp_error( $translated ) ) {
			return $translated;
		}
		$markup = Sentence_Review::replaced( (string) $entry['kept'], array_combine( array_column( $entry['changed'], 'kept' ), $translated['translations'] ) );
		return null === $markup ? self::changed_since() : $markup;
	}

	/**
	 * @param list<array<string, mixed>> $blocks The translation's top-level blocks.
	 */
	private static function write_block( WP_Post $translation, array $blocks, int $place, string $markup ): true | WP_Error {
		$new = Top_Blocks::of( $markup );
		array_splice( $blocks, $place, 1, $new );
		$saved = wp_update_post(
			wp_slash(
				array(
					'ID'           => $translation->ID,
					'post_content' => Top_Blocks::joined( $blocks ),
				)
			),
			true
		);
		return is_wp_error( $saved ) ? $saved : true;
	}

	private static function changed_since(): WP_Error {
		return new WP_Error( 'circassian_review_block_changed', __( 'This block was edited since it was put in review: keep your text, or translate the post again.', 'circassian' ), array( 'status' => 409 ) );
	}

	/** @param array<string, mixed> $block From parse_blocks(). */
	private static function text( array $block ): string {
		if ( ! $block ) {
			return '';
		}
		$texts = Memory\Block_Texts::of( serialize_block( $block ) );
		return 1 === count( $texts ) && null !== $texts[0]['text'] ? $texts[0]['text'] : trim( wp_strip_all_tags( serialize_block( $block ) ) );
	}
}
