<?php
/**
 * Linked translations: a draft made by "Translate post into a new draft" records the post it was
 * translated from and its language (post meta, set when POST /circassian/v1/translations creates
 * the draft, and shown in the REST API), so both editors can show the link: the draft "Translation of …", the original its
 * translations. With Polylang active, the draft also becomes the original's Polylang translation
 * in that language, when Polylang has that language and the original has one.
 *
 * @package Circassian
 */

namespace Circassian\Translation;

use Circassian\Language;
use WP_Error;
use WP_Post;

defined( 'ABSPATH' ) || exit;

final class Linked_Translations {

	/** The post a translation was made from (its ID). */
	public const META_ORIGINAL = '_circassian_translation_of';
	/** The translation's language: a code of the service's translation languages (ru, kbd…). */
	public const META_LANGUAGE = '_circassian_translation_language';
	/** More would not fit a sidebar; a post rarely has more than the service's five languages. */
	private const MAX_LISTED = 50;

	public static function hook(): void {
		add_action( 'init', array( self::class, 'register_meta' ) );
		// After the draft's meta is stored (wp_insert_post's meta_input, or the REST API's meta).
		add_action( 'wp_after_insert_post', array( self::class, 'link_in_polylang' ), 10, 2 );
		// The meta's auth_callback sees the post, not the value: the original is checked here.
		add_action( 'rest_api_init', array( self::class, 'check_rest_links' ) );
		add_filter( 'add_post_metadata', array( self::class, 'refuse_foreign_original' ), 10, 4 );
		add_filter( 'update_post_metadata', array( self::class, 'refuse_foreign_original' ), 10, 4 );
		add_filter( 'wp_insert_post_data', array( self::class, 'keep_private' ), 10, 2 );
	}

	/**
	 * A translation of a private post is published privately: the draft copies what the original
	 * keeps beside its text (its password included), and a private original's translation would
	 * otherwise go public the moment its draft is published.
	 *
	 * @param array<string, mixed> $data    The post about to be saved (slashed).
	 * @param array<string, mixed> $postarr What it was saved from.
	 * @return array<string, mixed>
	 */
	public static function keep_private( array $data, array $postarr ): array {
		if ( ! in_array( $data['post_status'] ?? '', array( 'publish', 'future' ), true ) ) {
			return $data;
		}
		$original = (int) ( $postarr['meta_input'][ self::META_ORIGINAL ] ?? ( empty( $postarr['ID'] ) ? 0 : get_post_meta( (int) $postarr['ID'], self::META_ORIGINAL, true ) ) );
		if ( $original > 0 && 'private' === get_post_status( $original ) ) {
			$data['post_status'] = 'private';
		}
		return $data;
	}

	/** Every post type in the REST API checks the original named in `meta` before anything is saved. */
	public static function check_rest_links(): void {
		foreach ( get_post_types( array( 'show_in_rest' => true ) ) as $type ) {
			add_filter( "rest_pre_insert_{$type}", array( self::class, 'check_rest_link' ), 10, 2 );
		}
	}

	/**
	 * POST /wp/v2/{type}(/{id}) naming an original in its meta: refused whole (the post is not
	 * saved) unless the user may edit that original, as POST /circassian/v1/translations asks.
	 *
	 * @param \stdClass|WP_Error $prepared The post about to be saved.
	 * @param \WP_REST_Request    $request  The request.
	 * @return \stdClass|WP_Error
	 */
	public static function check_rest_link( mixed $prepared, \WP_REST_Request $request ): mixed {
		$meta = $request['meta'];
		if ( is_wp_error( $prepared ) || ! is_array( $meta ) || ! isset( $meta[ self::META_ORIGINAL ] ) ) {
			return $prepared;
		}
		$post_id = isset( $prepared->ID ) ? (int) $prepared->ID : 0;
		return self::may_link( $post_id, absint( $meta[ self::META_ORIGINAL ] ) ) ? $prepared : self::cannot_link();
	}

	/**
	 * Any other way to store the link (XML-RPC, a plugin calling update_post_meta for a user):
	 * refused when a logged-in user could not edit the original. WordPress's own code running
	 * for nobody (WP-Cron, imports from the command line) is left alone.
	 *
	 * @param null|bool $check   A short-circuit from an earlier filter.
	 * @param int       $post_id The post.
	 * @param string    $key     The meta key.
	 * @param mixed     $value   The value to store.
	 */
	public static function refuse_foreign_original( mixed $check, int $post_id, string $key, mixed $value ): mixed {
		if ( self::META_ORIGINAL !== $key || null !== $check || ! is_user_logged_in() ) {
			return $check;
		}
		return self::may_link( $post_id, absint( $value ) ) ? $check : false;
	}

	/** Whether the current user may record $original as the post's original: unchanged, cleared, or one they may edit. */
	private static function may_link( int $post_id, int $original ): bool {
		return 0 === $original
			|| ( $post_id > 0 && (int) get_post_meta( $post_id, self::META_ORIGINAL, true ) === $original )
			|| current_user_can( 'edit_post', $original );
	}

	private static function cannot_link(): WP_Error {
		return new WP_Error(
			'circassian_cannot_link',
			__( 'A post can only be recorded as the translation of a post you may edit.', 'circassian' ),
			array(
				'status' => 403,
				'type'   => 'not_allowed',
			)
		);
	}

	public static function register_meta(): void {
		$auth = static fn( bool $allowed, string $meta_key, int $post_id ): bool => current_user_can( 'edit_post', $post_id );
		// An empty subtype: every post type (the draft is of the original's type, whatever it is).
		register_post_meta(
			'',
			self::META_ORIGINAL,
			array(
				'type'              => 'integer',
				'single'            => true,
				'description'       => __( 'The post this one was translated from.', 'circassian' ),
				'show_in_rest'      => true,
				'sanitize_callback' => 'absint',
				'auth_callback'     => $auth,
			)
		);
		register_post_meta(
			'',
			self::META_LANGUAGE,
			array(
				'type'              => 'string',
				'single'            => true,
				'description'       => __( 'The language this translation is in.', 'circassian' ),
				'show_in_rest'      => array( 'schema' => array( 'pattern' => Language\Language_Codes::optional_pattern() ) ),
				'sanitize_callback' => static fn( $value ) => preg_match( '/' . Language\Language_Codes::PATTERN . '/', (string) $value ) ? (string) $value : '',
				'auth_callback'     => $auth,
			)
		);
	}

	/**
	 * A new draft of the original's type holding its translation, linked to the original (and
	 * in Polylang when it is active). The author is the current user; content goes through
	 * WordPress's own filters (kses for users without unfiltered_html), the title as plain text.
	 * It keeps what the original stores beside its text, as Polylang's synchronisation does: the
	 * password (published, the translation is as protected as its original), its privacy (a
	 * private original's translation is published privately, keep_private()), sticky, the menu
	 * order, the parent (the parent's translation into that language when there is one), the
	 * terms (categories, tags, format), the featured image, the page template and the discussion
	 * settings.
	 *
	 * @return int|WP_Error The draft's ID.
	 */
	public static function create_draft( WP_Post $original, string $language, string $title, string $content ): int|WP_Error {
		$draft = wp_insert_post(
			wp_slash(
				array(
					'post_type'      => $original->post_type,
					'post_status'    => 'draft',
					'post_author'    => get_current_user_id(),
					'post_title'     => sanitize_text_field( $title ),
					'post_content'   => $content,
					'post_password'  => $original->post_password,
					'post_parent'    => self::parent_in( $original, $language ),
					'menu_order'     => $original->menu_order,
					'comment_status' => $original->comment_status,
					'ping_status'    => $original->ping_status,
					'meta_input'     => array_filter(
						array(
							self::META_ORIGINAL => $original->ID,
							self::META_LANGUAGE => $language,
							'_thumbnail_id'     => (int) get_post_meta( $original->ID, '_thumbnail_id', true ),
							'_wp_page_template' => (string) get_post_meta( $original->ID, '_wp_page_template', true ),
						)
					),
				)
			),
			true
		);
		if ( is_wp_error( $draft ) ) {
			return $draft;
		}
		if ( is_sticky( $original->ID ) ) {
			stick_post( (int) $draft );
		}
		self::copy_terms( $original, (int) $draft );
		return (int) $draft;
	}

	/** The original's terms in every taxonomy of its type, but Polylang's own (its language and group are set by link_in_polylang). */
	private static function copy_terms( WP_Post $original, int $draft ): void {
		foreach ( array_diff( get_object_taxonomies( $original->post_type ), array( 'language', 'post_translations' ) ) as $taxonomy ) {
			$terms = wp_get_object_terms( $original->ID, $taxonomy, array( 'fields' => 'ids' ) );
			if ( is_array( $terms ) && $terms ) {
				wp_set_object_terms( $draft, array_map( 'intval', $terms ), $taxonomy );
			}
		}
	}

	/** The newest translation of the original's parent into the language, else that parent itself. */
	private static function parent_in( WP_Post $original, string $language ): int {
		if ( $original->post_parent <= 0 ) {
			return 0;
		}
		$translated = self::newest_linked( $original->post_parent, $original->post_type, $language );
		return $translated > 0 ? $translated : $original->post_parent;
	}

	/**
	 * The original's translation into the language, if it has one (not in the trash): the newest
	 * linked one, else, with Polylang active, its Polylang translation in that language.
	 */
	public static function existing( WP_Post $original, string $language ): ?WP_Post {
		$linked = self::newest_linked( $original->ID, $original->post_type, $language );
		$id     = $linked > 0 ? $linked : Language\Polylang::translation_of( $original->ID, $language );
		$post   = $id > 0 ? get_post( $id ) : null;
		return $post instanceof WP_Post && 'trash' !== $post->post_status && $post->ID !== $original->ID ? $post : null;
	}

	/** The newest post of the type linked as the original's translation into the language (0: none; the trash left out). */
	private static function newest_linked( int $original, string $post_type, string $language ): int {
		$translated = get_posts(
			array(
				'post_type'      => $post_type,
				'post_status'    => array( 'publish', 'future', 'draft', 'pending', 'private' ),
				// phpcs:ignore WordPress.DB.SlowDBQuery -- two meta keys, one post asked for.
				'meta_query'     => array(
					array(
						'key'   => self::META_ORIGINAL,
						'value' => (string) $original,
					),
					array(
						'key'   => self::META_LANGUAGE,
						'value' => $language,
					),
				),
				'fields'         => 'ids',
				'orderby'        => 'ID',
				'order'          => 'DESC',
				'posts_per_page' => 1,
			)
		);
		return $translated ? (int) $translated[0] : 0;
	}

	/**
	 * The original a post was translated from, and the translations made from it, as far as the
	 * current user may see them.
	 *
	 * @return array{original: array<string, mixed>|null, translations: list<array<string, mixed>>, language: string}
	 */
	public static function links( int $post_id ): array {
		$original_id = (int) get_post_meta( $post_id, self::META_ORIGINAL, true );
		$original    = $original_id > 0 ? get_post( $original_id ) : null;
		$ids         = get_posts(
			array(
				// Every type an editor works with ('any' would leave out those excluded from search).
				'post_type'      => array_values( get_post_types( array( 'show_ui' => true ) ) ),
				'post_status'    => array( 'publish', 'future', 'draft', 'pending', 'private' ),
				// phpcs:disable WordPress.DB.SlowDBQuery -- one meta key, and at most MAX_LISTED posts listed.
				'meta_key'       => self::META_ORIGINAL,
				'meta_value'     => (string) $post_id,
				// phpcs:enable WordPress.DB.SlowDBQuery
				'fields'         => 'ids',
				'orderby'        => 'ID',
				'order'          => 'ASC',
				'posts_per_page' => self::MAX_LISTED,
			)
		);
		$translations = array();
		foreach ( $ids as $id ) {
			$translation = get_post( (int) $id );
			if ( $translation instanceof WP_Post && current_user_can( 'read_post', $translation->ID ) ) {
				$translations[] = self::describe( $translation, (string) get_post_meta( $translation->ID, self::META_LANGUAGE, true ) );
			}
		}
		return array(
			'original'     => $original instanceof WP_Post && 'trash' !== $original->post_status && current_user_can( 'read_post', $original->ID )
				? self::describe( $original, '' )
				: null,
			'translations' => $translations,
			// The language of this post, when it is a translation.
			'language'     => (string) get_post_meta( $post_id, self::META_LANGUAGE, true ),
		);
	}

	/**
	 * @return array{id: int, title: string, status: string, language: string, edit_link: string}
	 */
	private static function describe( WP_Post $post, string $language ): array {
		return array(
			'id'        => $post->ID,
			'title'     => html_entity_decode( get_the_title( $post ), ENT_QUOTES, 'UTF-8' ),
			'status'    => $post->post_status,
			'language'  => $language,
			'edit_link' => current_user_can( 'edit_post', $post->ID ) ? (string) get_edit_post_link( $post->ID, 'raw' ) : '',
		);
	}

	/**
	 * Makes a translated draft the original's Polylang translation in its language (Polylang's
	 * own rules: see Language\Polylang::join()), for whoever may edit the original only: joining
	 * its group replaces its translation in that language.
	 */
	public static function link_in_polylang( int $post_id, WP_Post $post ): void {
		$original_id = (int) get_post_meta( $post_id, self::META_ORIGINAL, true );
		$language    = (string) get_post_meta( $post_id, self::META_LANGUAGE, true );
		if ( $original_id <= 0 || '' === $language || 'revision' === $post->post_type || ! current_user_can( 'edit_post', $original_id ) ) {
			return;
		}
		Language\Polylang::join( $post_id, $original_id, $language );
	}
}
