<?php
/**
 * Audio of a post nobody may read stays hidden: the plugin's attachments of posts that are not
 * public (private, draft, pending, scheduled) or ask for a password are left out of the REST
 * media listings and the Media Library's queries, refused one by one, and their attachment pages
 * are not found, for every user who may not edit that post. WordPress lists a password-protected
 * post's attachments to anyone (the post is "published"), and the Media Library shows every
 * attachment to Authors: the title of ours begins with the text read aloud.
 *
 * @package Circassian
 */

namespace Circassian\Audio;

use WP_Error;
use WP_Post;

defined( 'ABSPATH' ) || exit;

final class Audio_Privacy {

	public static function hook(): void {
		add_filter( 'rest_attachment_query', array( self::class, 'leave_out_hidden' ) );
		add_filter( 'ajax_query_attachments_args', array( self::class, 'leave_out_hidden' ) );
		add_filter( 'rest_request_before_callbacks', array( self::class, 'refuse_hidden' ), 10, 3 );
		// Before redirect_canonical (10), which sends an attachment page to its file.
		add_action( 'template_redirect', array( self::class, 'hide_attachment_page' ), 9 );
	}

	/**
	 * Whether anyone may read the whole post: published, of a viewable type, without a password.
	 * Only such a post is read aloud into a file at a public address, and shows its player.
	 */
	public static function is_public( WP_Post $post ): bool {
		return 'publish' === $post->post_status && '' === $post->post_password && is_post_type_viewable( $post->post_type );
	}

	/** Whether the post's author keeps it from the public: private, or password-protected. */
	public static function is_restricted( WP_Post $post ): bool {
		return 'private' === $post->post_status || '' !== $post->post_password;
	}

	/**
	 * Query arguments of a media listing, without the attachments hidden from the current user.
	 *
	 * @param array<string, mixed> $args WP_Query arguments.
	 * @return array<string, mixed>
	 */
	public static function leave_out_hidden( array $args ): array {
		$hidden = array_values( array_filter( self::attachments_of_unreadable_posts(), array( self::class, 'is_hidden' ) ) );
		if ( $hidden ) {
			$args['post__not_in'] = array_merge( array_map( 'intval', (array) ( $args['post__not_in'] ?? array() ) ), $hidden );
		}
		return $args;
	}

	/**
	 * /wp/v2/media/{id} of a hidden attachment: not found, as if it did not exist. (Listings never
	 * hold one: leave_out_hidden() took it out of their query.)
	 *
	 * @param mixed             $response What answers so far (null: the route's callback).
	 * @param array<mixed>      $handler  The route's handler.
	 * @param \WP_REST_Request $request  The request.
	 */
	public static function refuse_hidden( mixed $response, array $handler, \WP_REST_Request $request ): mixed {
		if ( is_wp_error( $response ) || 1 !== preg_match( '#^/wp/v2/media/(\d+)#', $request->get_route(), $match ) || ! self::is_hidden( (int) $match[1] ) ) {
			return $response;
		}
		return new WP_Error( 'rest_post_invalid_id', __( 'Invalid post ID.' ), array( 'status' => 404 ) ); // phpcs:ignore WordPress.WP.I18n.MissingArgDomain -- WordPress's own refusal, in its words.
	}

	/** An attachment page (`?attachment_id=`) of a hidden attachment is not found instead of sending its file. */
	public static function hide_attachment_page(): void {
		global $wp_query;
		if ( is_attachment() && self::is_hidden( get_queried_object_id() ) ) {
			$wp_query->set_404();
			status_header( 404 );
			nocache_headers();
			// Else it would send a 404 on to the attachment's permalink, whose slug is its title.
			remove_action( 'template_redirect', 'redirect_canonical' );
		}
	}

	/** One of this plugin's attachments, of a post the current user may neither read whole nor edit. */
	public static function is_hidden( int $attachment_id ): bool {
		$parent = Audio_Library::is_ours( $attachment_id ) ? get_post( (int) wp_get_post_parent_id( $attachment_id ) ) : null;
		return $parent instanceof WP_Post && ! self::is_public( $parent ) && ! current_user_can( 'edit_post', $parent->ID );
	}

	/**
	 * This plugin's attachments whose post is not public or has a password: few, and one query.
	 *
	 * @return list<int>
	 */
	private static function attachments_of_unreadable_posts(): array {
		global $wpdb;
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- a join no WP_Query can express; it changes with every post saved.
		$ids = $wpdb->get_col(
			$wpdb->prepare(
				"SELECT a.ID FROM %i a INNER JOIN %i m ON m.post_id = a.ID AND m.meta_key = %s INNER JOIN %i p ON p.ID = a.post_parent WHERE a.post_type = 'attachment' AND ( p.post_status <> 'publish' OR p.post_password <> '' )",
				$wpdb->posts,
				$wpdb->postmeta,
				Audio_Library::META_HASH,
				$wpdb->posts
			)
		);
		return array_map( 'intval', $ids );
	}
}
