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

	/** The original's top-level blocks and title as last translated: array{blocks: list<array{hash: string, name: string}>, title: string}. */
	public const META_SOURCES = '_circassian_translation_sources';

	/** Records what the original was (its blocks as the editor serialised them, its title) when translated. */
	public static function remember_sources( int $translation, string $original_content, string $original_title ): void {
		update_post_meta(
			$translation,
			self::META_SOURCES,
			array(
				'blocks' => self::described( self::top_blocks( $original_content ) ),
				'title'  => sha1( $original_title ),
			)
		);
	}

	/**
	 * Updates the translation with a new translation of the original (the same blocks as
	 * $original_content, in order), and says what it did.
	 *
	 * @return array{retranslated: int, kept: int, corrected: int, title_kept: bool}|WP_Error
	 */
	public static function apply( WP_Post $translation, string $source, string $content, string $title, string $original_content, string $original_title ): array|WP_Error {
		$fresh      = self::top_blocks( $content );
		$now        = self::top_blocks( $original_content );
		$then       = get_post_meta( $translation->ID, self::META_SOURCES, true );
		$merged     = is_array( $then ) && isset( $then['blocks'] ) && count( $fresh ) === count( $now )
			? self::merge( $fresh, self::described( $now ), (array) $then['blocks'], self::top_blocks( $translation->post_content ), $translation->ID )
			: self::merge_unremembered( $fresh, self::top_blocks( $translation->post_content ), $translation->ID );
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
					'post_content' => self::joined( $merged['blocks'] ),
				)
			),
			true
		);
		if ( is_wp_error( $saved ) ) {
			return $saved;
		}
		self::remember_sources( $translation->ID, $original_content, $original_title );
		return array(
			'retranslated' => count( $merged['fresh'] ),
			'kept'         => $merged['kept'],
			'corrected'    => $merged['corrected'],
			'title_kept'   => $title_kept,
		);
	}

	/**
	 * @param list<array<string, mixed>>                $fresh       The new translation's blocks, one per block of the original now.
	 * @param list<array{hash: string, name: string}>   $now         The original's blocks now.
	 * @param list<array{hash: string, name: string}>   $then        The original's blocks when last translated.
	 * @param list<array<string, mixed>>                $translation The translation's blocks.
	 * @return array{blocks: list<array<string, mixed>>, fresh: list<array<string, mixed>>, kept: int, corrected: int}
	 */
	private static function merge( array $fresh, array $now, array $then, array $translation, int $translation_id ): array {
		$unchanged = self::common( array_column( $now, 'hash' ), array_column( $then, 'hash' ) );
		$made_from = self::common( array_column( $then, 'name' ), array_map( array( self::class, 'name' ), $translation ) );
		$own       = array_diff_key( $translation, array_flip( $made_from ) );
		$result    = array(
			'blocks'    => array(),
			'fresh'     => array(),
			'kept'      => 0,
			'corrected' => 0,
		);
		$next      = 0;
		foreach ( $fresh as $index => $block ) {
			$kept = isset( $unchanged[ $index ], $made_from[ $unchanged[ $index ] ] ) ? $made_from[ $unchanged[ $index ] ] : null;
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
	 * @return array{blocks: list<array<string, mixed>>, fresh: list<array<string, mixed>>, kept: int, corrected: int}
	 */
	private static function merge_unremembered( array $fresh, array $translation, int $translation_id ): array {
		$paired = self::common( array_map( array( self::class, 'name' ), $fresh ), array_map( array( self::class, 'name' ), $translation ) );
		$result = array(
			'blocks'    => array(),
			'fresh'     => array(),
			'kept'      => 0,
			'corrected' => 0,
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
	 * @param array{blocks: list<array<string, mixed>>, fresh: list<array<string, mixed>>, kept: int, corrected: int} $result Filled in.
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
	 * Top-level blocks of markup, without the whitespace between them (classic content is one block, named '').
	 *
	 * @return list<array<string, mixed>>
	 */
	private static function top_blocks( string $content ): array {
		return array_values(
			array_filter(
				parse_blocks( $content ),
				static fn( array $block ): bool => null !== $block['blockName'] || '' !== trim( (string) $block['innerHTML'] )
			)
		);
	}

	/**
	 * @param list<array<string, mixed>> $blocks
	 * @return list<array{hash: string, name: string}>
	 */
	private static function described( array $blocks ): array {
		return array_map(
			static fn( array $block ): array => array(
				'hash' => sha1( serialize_block( $block ) ),
				'name' => self::name( $block ),
			),
			$blocks
		);
	}

	/** @param array<string, mixed> $block */
	private static function name( array $block ): string {
		return (string) ( $block['blockName'] ?? '' );
	}

	/** @param list<array<string, mixed>> $blocks */
	private static function joined( array $blocks ): string {
		return implode( "\n\n", array_map( 'serialize_block', $blocks ) );
	}
}
