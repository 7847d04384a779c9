<?php
/**
 * A post translated again into a language it already has a linked translation in updates that
 * translation, as Polylang and WPML keep one post per language: only the blocks whose original
 * changed since the last translation take the new translation; the others stay as the
 * translation has them, an editor's corrections included. The original's top-level blocks are
 * remembered (a hash and name each) at every translation, so the next one can tell which changed:
 * the original then and now are lined up by hash, the original then and the translation by block
 * name (the translation was made block for block; an editor may have added or removed some since).
 * A translation made before this was remembered keeps the blocks an editor corrected, lined up by
 * name with the new translation, and takes the new translation for the rest.
 *
 * @package Circassian
 */

namespace Circassian\Translation;

use Circassian\Memory;
use WP_Error;
use WP_Post;

defined( 'ABSPATH' ) || exit;

final class Translation_Update {

	/**
	 * The original's top-level blocks and title as last translated: array{blocks: list<array{hash:
	 * string, name: string, sentences?: list<string>}>, title: string}. A block's sentences (its
	 * text as the editor sends it, cut by core's rule) let the next update show which sentences
	 * changed (Translation_Review); records made before keep hashes only.
	 */
	public const META_SOURCES = '_circassian_translation_sources';

	/** Records what the original was (its blocks as the editor serialised them, its title) when translated. */
	public static function remember_sources( int $translation, string $original_content, string $original_title ): void {
		update_post_meta(
			$translation,
			self::META_SOURCES,
			array(
				'blocks' => self::described( Top_Blocks::of( $original_content ), true ),
				'title'  => sha1( $original_title ),
			)
		);
	}

	/**
	 * Updates the translation with a new translation of the original (the same blocks as
	 * $original_content, in order), and says what it did.
	 *
	 * A block whose original changed under an editor's correction is not replaced: it stays and
	 * waits for review (Translation_Review), counted in `in_review`.
	 *
	 * @return array{retranslated: int, kept: int, corrected: int, in_review: int, title_kept: bool}|WP_Error
	 */
	public static function apply( WP_Post $translation, string $source, string $content, string $title, string $original_content, string $original_title ): array|WP_Error {
		$fresh      = Top_Blocks::of( $content );
		$now        = Top_Blocks::of( $original_content );
		$then       = get_post_meta( $translation->ID, self::META_SOURCES, true );
		$merged     = is_array( $then ) && isset( $then['blocks'] ) && count( $fresh ) === count( $now )
			? self::merge( $fresh, $now, (array) $then['blocks'], Top_Blocks::of( $translation->post_content ), $translation->ID )
			: self::merge_unremembered( $fresh, Top_Blocks::of( $translation->post_content ), $translation->ID );
		$title_kept = '' !== $translation->post_title && (
			is_array( $then ) && isset( $then['title'] )
				? sha1( $original_title ) === $then['title']
				: Memory\Memory_Learning::title_corrected( $translation->ID, $translation->post_title )
		);
		$new_title  = $title_kept || '' === $title ? $translation->post_title : sanitize_text_field( $title );
		// Before the update is saved: publishing it teaches the memory, which must not take the new blocks for an editor's.
		Memory\Memory_Learning::remember_made( $translation->ID, $source, serialize_blocks( $merged['fresh'] ), $title_kept ? '' : $new_title, $original_content, $original_title );
		$saved = wp_update_post(
			wp_slash(
				array(
					'ID'           => $translation->ID,
					'post_title'   => $new_title,
					'post_content' => Top_Blocks::joined( $merged['blocks'] ),
				)
			),
			true
		);
		if ( is_wp_error( $saved ) ) {
			return $saved;
		}
		self::remember_sources( $translation->ID, $original_content, $original_title );
		Translation_Review::store( $translation->ID, $merged['review'], Top_Blocks::joined( $merged['blocks'] ) );
		return array(
			'retranslated' => count( $merged['fresh'] ),
			'kept'         => $merged['kept'],
			'corrected'    => $merged['corrected'],
			'in_review'    => count( $merged['review'] ),
			'title_kept'   => $title_kept,
		);
	}

	/**
	 * @param list<array<string, mixed>>                $fresh       The new translation's blocks, one per block of the original now.
	 * @param list<array<string, mixed>>                $now         The original's blocks now.
	 * @param list<array{hash: string, name: string, sentences?: list<string>}> $then The original's blocks when last translated.
	 * @param list<array<string, mixed>>                $translation The translation's blocks.
	 * @return array{blocks: list<array<string, mixed>>, fresh: list<array<string, mixed>>, kept: int, corrected: int, review: list<array<string, mixed>>}
	 */
	private static function merge( array $fresh, array $now, array $then, array $translation, int $translation_id ): array {
		$unchanged = self::common( array_column( self::described( $now ), 'hash' ), array_column( $then, 'hash' ) );
		$replaced  = self::replaced( $unchanged, count( $now ), count( $then ) );
		$made_from = self::common( array_column( $then, 'name' ), array_map( array( self::class, 'name' ), $translation ) );
		$own       = array_diff_key( $translation, array_flip( $made_from ) );
		$result    = array(
			'blocks'    => array(),
			'fresh'     => array(),
			'kept'      => 0,
			'corrected' => 0,
			'review'    => array(),
		);
		$next      = 0;
		foreach ( $fresh as $index => $block ) {
			$kept   = isset( $unchanged[ $index ], $made_from[ $unchanged[ $index ] ] ) ? $made_from[ $unchanged[ $index ] ] : null;
			$was    = $replaced[ $index ] ?? null;
			$review = null === $kept && null !== $was && isset( $made_from[ $was ] )
				&& Memory\Memory_Learning::holds_correction( $translation_id, serialize_block( $translation[ $made_from[ $was ] ] ) );
			if ( $review ) {
				// Its original changed under an editor's correction: kept as it is, until someone chooses.
				$kept               = $made_from[ $was ];
				$result['review'][] = Translation_Review::entry( $translation[ $kept ], $block, $now[ $index ], $then[ $was ]['sentences'] ?? null );
			}
			if ( null === $kept ) {
				$result['blocks'][] = $block;
				$result['fresh'][]  = $block;
				continue;
			}
			// What an editor added to the translation before this block stays before it.
			for ( ; $next < $kept; $next++ ) {
				if ( isset( $own[ $next ] ) ) {
					$result['blocks'][] = $own[ $next ];
				}
			}
			$next = $kept + 1;
			if ( $review ) {
				$result['blocks'][] = $translation[ $kept ];
				continue;
			}
			self::keep( $result, $translation[ $kept ], $translation_id );
		}
		$total = count( $translation );
		for ( ; $next < $total; $next++ ) {
			if ( isset( $own[ $next ] ) ) {
				$result['blocks'][] = $own[ $next ];
			}
		}
		return $result;
	}

	/**
	 * No record of the original as last translated: the translation's blocks an editor corrected
	 * are kept where they line up by name with the new translation's, the new translation elsewhere.
	 *
	 * @param list<array<string, mixed>> $fresh       The new translation's blocks.
	 * @param list<array<string, mixed>> $translation The translation's blocks.
	 * @return array{blocks: list<array<string, mixed>>, fresh: list<array<string, mixed>>, kept: int, corrected: int, review: list<array<string, mixed>>}
	 */
	private static function merge_unremembered( array $fresh, array $translation, int $translation_id ): array {
		$paired = self::common( array_map( array( self::class, 'name' ), $fresh ), array_map( array( self::class, 'name' ), $translation ) );
		$result = array(
			'blocks'    => array(),
			'fresh'     => array(),
			'kept'      => 0,
			'corrected' => 0,
			'review'    => array(),
		);
		foreach ( $fresh as $index => $block ) {
			$old = isset( $paired[ $index ] ) ? $translation[ $paired[ $index ] ] : null;
			if ( null !== $old && Memory\Memory_Learning::holds_correction( $translation_id, serialize_block( $old ) ) ) {
				self::keep( $result, $old, $translation_id );
				continue;
			}
			$result['blocks'][] = $block;
			$result['fresh'][]  = $block;
		}
		return $result;
	}

	/**
	 * @param array{blocks: list<array<string, mixed>>, fresh: list<array<string, mixed>>, kept: int, corrected: int, review: list<array<string, mixed>>} $result Filled in.
	 * @param array<string, mixed>                                                                                      $block  The translation's block.
	 */
	private static function keep( array &$result, array $block, int $translation_id ): void {
		$result['blocks'][] = $block;
		++$result['kept'];
		if ( Memory\Memory_Learning::holds_correction( $translation_id, serialize_block( $block ) ) ) {
			++$result['corrected'];
		}
	}

	/**
	 * The longest common subsequence of two lists: each index of $a that is in it, to its index in $b.
	 *
	 * @param list<string> $a
	 * @param list<string> $b
	 * @return array<int, int>
	 */
	private static function common( array $a, array $b ): array {
		$rows   = count( $a );
		$cols   = count( $b );
		$length = array_fill( 0, $rows + 1, array_fill( 0, $cols + 1, 0 ) );
		for ( $i = $rows - 1; $i >= 0; $i-- ) {
			for ( $j = $cols - 1; $j >= 0; $j-- ) {
				$length[ $i ][ $j ] = $a[ $i ] === $b[ $j ] ? $length[ $i + 1 ][ $j + 1 ] + 1 : max( $length[ $i + 1 ][ $j ], $length[ $i ][ $j + 1 ] );
			}
		}
		$pairs = array();
		for ( $i = 0, $j = 0; $i < $rows && $j < $cols; ) {
			if ( $a[ $i ] === $b[ $j ] ) {
				$pairs[ $i++ ] = $j++;
			} elseif ( $length[ $i + 1 ][ $j ] >= $length[ $i ][ $j + 1 ] ) {
				++$i;
			} else {
				++$j;
			}
		}
		return $pairs;
	}

	/**
	 * Per block of the original now whose original changed, the block it was when last translated:
	 * the blocks of a run that replaced as many between two unchanged ones (or the ends), by place.
	 * A run that replaced another number of blocks (blocks added or removed) pairs with nothing.
	 *
	 * @param array<int, int> $unchanged Index now to index then, of the blocks that did not change.
	 * @return array<int, int>
	 */
	private static function replaced( array $unchanged, int $now_count, int $then_count ): array {
		$replaced = array();
		$last_now = -1;
		$last_was = -1;
		foreach ( $unchanged + array( $now_count => $then_count ) as $now => $was ) {
			if ( $now - $last_now === $was - $last_was ) {
				for ( $step = 1; $step < $now - $last_now; $step++ ) {
					$replaced[ $last_now + $step ] = $last_was + $step;
				}
			}
			$last_now = $now;
			$last_was = $was;
		}
		return $replaced;
	}

	/**
	 * @param list<array<string, mixed>> $blocks
	 * @param bool                       $with_sentences Whether to keep each block's sentences too (the record), or only what lines blocks up.
	 * @return list<array{hash: string, name: string, sentences?: list<string>}>
	 */
	private static function described( array $blocks, bool $with_sentences = false ): array {
		$described = array();
		foreach ( $blocks as $block ) {
			$one       = array(
				'hash' => sha1( serialize_block( $block ) ),
				'name' => self::name( $block ),
			);
			$sentences = $with_sentences ? Sentence_Review::sentences_of( $block ) : null;
			if ( null !== $sentences ) {
				$one['sentences'] = $sentences;
			}
			$described[] = $one;
		}
		return $described;
	}

	/** @param array<string, mixed> $block */
	private static function name( array $block ): string {
		return (string) ( $block['blockName'] ?? '' );
	}
}
