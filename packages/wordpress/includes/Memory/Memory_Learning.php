<?php
/**
 * The memory learns from people: when a linked translation (the draft "Translate post into a new
 * draft" made) is published or updated, each of its blocks whose text an editor changed is stored
 * as a `human` unit under the original block's text, so translating that text again gives the
 * correction with no request. Blocks are aligned one by one with the original's (depth first,
 * same block names in order, from the start and from the end); where the structure no longer
 * lines up, nothing is taught for that part, and a block whose inline elements no longer match
 * the original's teaches nothing either (the markers would point at other elements). Classic
 * content (no blocks on either side) is lined up part by part as the editor sends it
 * (Classic_Texts), when both sides have as many. Which texts
 * an editor changed: those that differ from every text the draft had when it was made (their
 * hashes, kept in the draft's meta), so the machine's own words are never stored as a person's.
 * And only beside the original's text it was translated from: the original's texts when the
 * translation was made or last updated are kept too (META_FROM), so a source changed since pairs
 * with nothing until the translation is updated (a correction of the old sentence is no
 * translation of the new one).
 *
 * Who taught it: the person saving (else, in WP-Cron's publishing of a scheduled post, the last
 * person who edited it). With the right to teach (Teaching_Right) the units are everyone's;
 * without it they are that person's suggestions, recalled for their own translations until a
 * reviewer accepts them. Each records where it was made (`post:ID`, the translation).
 *
 * @package Circassian
 */

namespace Circassian\Memory;

use Circassian\Translation;
use WP_Post;

defined( 'ABSPATH' ) || exit;

final class Memory_Learning {

	/** The language the draft was translated from (given, or detected by the service). */
	public const META_SOURCE = '_circassian_translation_source';
	/** Hashes of the draft's texts (and title) as the translation made them. */
	public const META_MADE = '_circassian_translation_made';
	/** Hashes of the original's texts (and title) the translation was made from, when it was made or last updated. */
	public const META_FROM = '_circassian_translation_from';
	/** Hashes of the translation's texts not to teach yet: blocks waiting for review (Translation\Translation_Review), which translate the original as it was. */
	public const META_HELD = '_circassian_translation_held';

	private const TAUGHT_STATUSES = array( 'publish', 'future', 'private' );

	public static function hook(): void {
		add_action( 'wp_after_insert_post', array( self::class, 'learn_from' ), 20, 2 );
	}

	/**
	 * Records, on a new linked draft, the language it was translated from, its texts as made and
	 * the original's texts it was made from.
	 */
	public static function remember_draft( int $draft, string $source, string $original_content, string $original_title ): void {
		$post = get_post( $draft );
		if ( ! $post instanceof WP_Post || '' === $source ) {
			return;
		}
		update_post_meta( $draft, self::META_SOURCE, $source );
		update_post_meta( $draft, self::META_MADE, self::hashes_of( $post->post_content, $post->post_title ) );
		update_post_meta( $draft, self::META_FROM, self::hashes_of( $original_content, $original_title ) );
	}

	/**
	 * Adds to a translation's texts as made those of blocks a new translation put in (an update of
	 * it), so they are not taken for an editor's; the texts an editor wrote stay out. The
	 * original's texts it is now translated from replace the earlier ones: a block whose original
	 * changed took the new translation, the others' originals are as they were.
	 */
	public static function remember_made( int $translation, string $source, string $content, string $title, string $original_content, string $original_title ): void {
		if ( '' === $source ) {
			return;
		}
		self::add_made( $translation, $content, $title );
		update_post_meta( $translation, self::META_SOURCE, $source );
		update_post_meta( $translation, self::META_FROM, self::hashes_of( $original_content, $original_title ) );
	}

	/** Adds texts of block markup (and a title) to a translation's texts as made: the machine's, put in by an update or by a person's choice (a block in review replaced). */
	public static function add_made( int $translation, string $content, string $title = '' ): void {
		$made = array_merge( (array) get_post_meta( $translation, self::META_MADE, true ), self::hashes_of( $content, $title ) );
		update_post_meta( $translation, self::META_MADE, array_values( array_unique( $made ) ) );
	}

	/**
	 * Sets the translation's texts not to teach until a person chose what they become (none: all
	 * may be taught again).
	 *
	 * @param list<string> $texts Block texts as the editor sends them.
	 */
	public static function hold( int $translation, array $texts ): void {
		if ( $texts ) {
			update_post_meta( $translation, self::META_HELD, array_values( array_unique( array_map( array( self::class, 'hash' ), $texts ) ) ) );
		} else {
			delete_post_meta( $translation, self::META_HELD );
		}
	}

	/** Whether block markup holds a text the machine did not make (an editor's), by the translation's texts as made. */
	public static function holds_correction( int $translation, string $content ): bool {
		$made = (array) get_post_meta( $translation, self::META_MADE, true );
		foreach ( self::texts( $content ) as $block ) {
			if ( null !== $block['text'] && ! in_array( self::hash( $block['text'] ), $made, true ) ) {
				return true;
			}
		}
		return false;
	}

	/** Whether a title is not the one the machine made. */
	public static function title_corrected( int $translation, string $title ): bool {
		return ! in_array( self::hash( $title ), (array) get_post_meta( $translation, self::META_MADE, true ), true );
	}

	/** @return list<string> The hashes of the title ('' leaves it out) and every block text. */
	private static function hashes_of( string $content, string $title ): array {
		$made = '' === $title ? array() : array( self::hash( $title ) );
		foreach ( self::texts( $content ) as $block ) {
			if ( null !== $block['text'] ) {
				$made[] = self::hash( $block['text'] );
			}
		}
		return array_values( array_unique( $made ) );
	}

	public static function learn_from( int $post_id, WP_Post $post ): void {
		if ( ! in_array( $post->post_status, self::TAUGHT_STATUSES, true ) || wp_is_post_revision( $post ) || wp_is_post_autosave( $post ) ) {
			return;
		}
		$source   = (string) get_post_meta( $post_id, self::META_SOURCE, true );
		$target   = (string) get_post_meta( $post_id, Translation\Linked_Translations::META_LANGUAGE, true );
		$made     = (array) get_post_meta( $post_id, self::META_MADE, true );
		$from     = get_post_meta( $post_id, self::META_FROM, true );
		$held     = (array) get_post_meta( $post_id, self::META_HELD, true );
		$original = get_post( (int) get_post_meta( $post_id, Translation\Linked_Translations::META_ORIGINAL, true ) );
		// A translation made before its originals were recorded teaches once it is updated: what it was made from is unknown.
		if ( '' === $source || '' === $target || $source === $target || ! $original instanceof WP_Post || ! is_array( $from ) ) {
			return;
		}
		$teacher = self::teacher( $post );
		$units   = array();
		$pairs   = self::paired( $original->post_content, $post->post_content );
		$pairs[] = array(
			array(
				'text'  => $original->post_title,
				'shape' => '',
			),
			array(
				'text'  => $post->post_title,
				'shape' => '',
			),
		);
		foreach ( $pairs as [ $original_text, $into ] ) {
			// A block waiting for review translates the original as it was, not as it is: not taught until someone chooses.
			if ( null === $original_text['text'] || null === $into['text'] || $original_text['shape'] !== $into['shape'] || '' === trim( $into['text'] ) || in_array( self::hash( $into['text'] ), $made, true ) || ! in_array( self::hash( $original_text['text'] ), $from, true ) || in_array( self::hash( $into['text'] ), $held, true ) ) {
				continue;
			}
			$units[] = array(
				'source_lang' => $source,
				'target_lang' => $target,
				'source'      => $original_text['text'],
				'target'      => $into['text'],
				'origin'      => 'human',
				'creator'     => $teacher instanceof \WP_User ? (string) $teacher->user_login : '',
				'creator_id'  => $teacher instanceof \WP_User ? $teacher->ID : 0,
				'where'       => 'post:' . $post_id,
				'suggestion'  => ! ( $teacher instanceof \WP_User && Teaching_Right::may_teach( $teacher->ID ) ),
			);
		}
		if ( $units && null !== $teacher ) {
			Memory_Store::store( $units );
		}
	}

	/**
	 * Who wrote what is being saved: the user saving it, else (WP-Cron publishing a scheduled
	 * post) whoever edited it last; null when nobody is known (nothing is taught then, not even a
	 * suggestion: a suggestion is someone's).
	 */
	private static function teacher( WP_Post $post ): ?\WP_User {
		$id   = get_current_user_id() ?: (int) get_post_meta( $post->ID, '_edit_last', true );
		$user = $id > 0 ? get_userdata( $id ) : false;
		return $user instanceof \WP_User ? $user : null;
	}

	/**
	 * The original's texts beside the translation's: block by block, or, for classic content (no
	 * blocks on either side), part by part as the editor sent them, when both have as many.
	 *
	 * @return list<array{0: array{text: ?string, shape: string}, 1: array{text: ?string, shape: string}}>
	 */
	private static function paired( string $original, string $translation ): array {
		if ( has_blocks( $original ) || has_blocks( $translation ) ) {
			return self::aligned( Block_Texts::of( $original ), Block_Texts::of( $translation ) );
		}
		$from = self::texts( $original );
		$into = self::texts( $translation );
		return count( $from ) === count( $into ) ? array_map( null, $from, $into ) : array();
	}

	/**
	 * The texts the editor sends for markup: its blocks', or classic content's parts.
	 *
	 * @return list<array{text: ?string, shape: string}>
	 */
	private static function texts( string $content ): array {
		if ( has_blocks( $content ) ) {
			return Block_Texts::of( $content );
		}
		return array_map(
			static fn( ?array $part ): array => $part ?? array(
				'text'  => null,
				'shape' => '',
			),
			Classic_Texts::of( $content )
		);
	}

	/**
	 * The blocks that line up: from the start while the names agree, then from the end.
	 *
	 * @param list<array{name: string, text: ?string, shape: string}> $original The original's blocks.
	 * @param list<array{name: string, text: ?string, shape: string}> $draft    The translation's.
	 * @return list<array{0: array{text: ?string, shape: string}, 1: array{text: ?string, shape: string}}>
	 */
	public static function aligned( array $original, array $draft ): array {
		$pairs = array();
		$count = min( count( $original ), count( $draft ) );
		$start = 0;
		while ( $start < $count && $original[ $start ]['name'] === $draft[ $start ]['name'] ) {
			$pairs[] = array( $original[ $start ], $draft[ $start ] );
			++$start;
		}
		for ( $back = 1; $back <= $count - $start; $back++ ) {
			$from = $original[ count( $original ) - $back ];
			$into = $draft[ count( $draft ) - $back ];
			if ( $from['name'] !== $into['name'] ) {
				break;
			}
			$pairs[] = array( $from, $into );
		}
		return $pairs;
	}

	private static function hash( string $text ): string {
		return sha1( Memory_Key::key( $text ) );
	}
}
