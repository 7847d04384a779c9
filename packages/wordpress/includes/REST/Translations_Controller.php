<?php
/**
 * POST /circassian/v1/translations: a post's translation saved as a new draft linked to it;
 * GET /circassian/v1/translations/{id}: the post's original (when it is a translation) and the
 * translations made from it, for the editors' "Circassian translation" panel, and its blocks
 * waiting for review; POST /circassian/v1/translations/{id}: a person's choice for one of them.
 *
 * @package Circassian
 */

namespace Circassian\REST;

use Circassian\Language;
use Circassian\Memory;
use Circassian\Translation;
use WP_Error;
use WP_Post;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

defined( 'ABSPATH' ) || exit;

final class Translations_Controller {

	public const ROUTE      = '/translations';
	public const LINK_ROUTE = '/translations/(?P<id>\d+)';

	public function register_routes(): void {
		register_rest_route(
			Route_Permissions::NAMESPACE,
			self::ROUTE,
			array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => array( $this, 'create' ),
				'permission_callback' => array( $this, 'can_create' ),
				'args'                => array(
					'original'         => array(
						'type'     => 'integer',
						'minimum'  => 1,
						'required' => true,
					),
					'language'         => array(
						'type'     => 'string',
						'pattern'  => Language\Language_Codes::PATTERN,
						'required' => true,
					),
					'title'            => array(
						'type'    => 'string',
						'default' => '',
					),
					// The language translated from (chosen or detected): the memory learns the draft's corrections under it.
					'source'           => array(
						'type'    => 'string',
						'pattern' => '^([a-z]{2,3})?$',
						'default' => '',
					),
					// Block markup, as the editor serialised the translated blocks.
					'content'          => array(
						'type'    => 'string',
						'default' => '',
					),
					// The original's blocks and title as translated (the editor's, saved or not): the next update compares them.
					'original_content' => array(
						'type' => 'string',
					),
					'original_title'   => array(
						'type' => 'string',
					),
					// Into the translation the post already has in that language, instead of refusing a second one.
					'update'           => array(
						'type'    => 'boolean',
						'default' => false,
					),
				),
			)
		);
		$may_edit = static fn( WP_REST_Request $request ) => current_user_can( 'edit_post', (int) $request['id'] ) ? true : Route_Permissions::cannot_edit_post();
		$the_post = array(
			'type'     => 'integer',
			'minimum'  => 1,
			'required' => true,
		);
		register_rest_route(
			Route_Permissions::NAMESPACE,
			self::LINK_ROUTE,
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					// The links, and the blocks of this translation waiting for review (Translation_Review).
					'callback'            => static fn( WP_REST_Request $request ) => new WP_REST_Response(
						Translation\Linked_Translations::links( (int) $request['id'] ) + array( 'review' => Translation\Translation_Review::shown( (int) $request['id'] ) )
					),
					'permission_callback' => $may_edit,
					'args'                => array( 'id' => $the_post ),
				),
				array(
					// A person's choice for one block in review: on this translation only (each language's is its own post).
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( $this, 'review' ),
					'permission_callback' => $may_edit,
					'args'                => array(
						'id'     => $the_post,
						'block'  => array(
							'type'     => 'string',
							'pattern'  => '^[0-9a-f]{12}$',
							'required' => true,
						),
						'choice' => array(
							'type'     => 'string',
							'enum'     => Translation\Translation_Review::CHOICES,
							'required' => true,
						),
					),
				),
			)
		);
	}

	/** Whoever may edit the original and create posts of its type; the translation itself was paid by the translate route. */
	public function can_create( WP_REST_Request $request ): bool|WP_Error {
		$original = get_post( (int) $request['original'] );
		if ( ! $original instanceof WP_Post || ! current_user_can( 'edit_post', $original->ID ) ) {
			return Route_Permissions::cannot_edit_post();
		}
		$type = get_post_type_object( $original->post_type );
		return $type && current_user_can( $type->cap->create_posts ) ? true : Route_Permissions::cannot_edit_post();
	}

	public function create( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$original = get_post( (int) $request['original'] );
		if ( ! $original instanceof WP_Post ) {
			return new WP_Error( 'rest_post_invalid_id', __( 'The post to translate no longer exists.', 'circassian' ), array( 'status' => 404 ) );
		}
		$language         = (string) $request['language'];
		$original_content = $request['original_content'] ?? $original->post_content;
		$original_title   = $request['original_title'] ?? $original->post_title;
		$existing         = Translation\Linked_Translations::existing( $original, $language );
		if ( $existing instanceof WP_Post ) {
			return $request['update'] ? $this->update( $existing, $request, (string) $original_content, (string) $original_title ) : self::exists( $existing );
		}
		$draft = Translation\Linked_Translations::create_draft( $original, $language, (string) $request['title'], (string) $request['content'] );
		if ( is_wp_error( $draft ) ) {
			return $draft;
		}
		Memory\Memory_Learning::remember_draft( $draft, (string) $request['source'], (string) $original_content, (string) $original_title );
		Translation\Translation_Update::remember_sources( $draft, (string) $original_content, (string) $original_title );
		return new WP_REST_Response(
			array(
				'id'        => $draft,
				'title'     => get_post_field( 'post_title', $draft, 'raw' ),
				'language'  => $language,
				'edit_link' => (string) get_edit_post_link( $draft, 'raw' ),
			),
			201
		);
	}

	/** Only blocks whose original changed since take the new translation (Translation_Update). */
	private function update( WP_Post $translation, WP_REST_Request $request, string $original_content, string $original_title ): WP_REST_Response|WP_Error {
		if ( ! current_user_can( 'edit_post', $translation->ID ) ) {
			return Route_Permissions::cannot_edit_post();
		}
		$updated = Translation\Translation_Update::apply( $translation, (string) $request['source'], (string) $request['content'], (string) $request['title'], $original_content, $original_title );
		if ( is_wp_error( $updated ) ) {
			return $updated;
		}
		return new WP_REST_Response(
			array(
				'id'        => $translation->ID,
				'title'     => get_post_field( 'post_title', $translation->ID, 'raw' ),
				'language'  => (string) $request['language'],
				'edit_link' => (string) get_edit_post_link( $translation->ID, 'raw' ),
				'status'    => get_post_status( $translation->ID ),
				'updated'   => $updated,
			),
			200
		);
	}

	/** "Translate only the changed sentences", "Keep my text" or "Replace with a new translation" for a block in review. */
	public function review( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$translation = get_post( (int) $request['id'] );
		if ( ! $translation instanceof WP_Post ) {
			return new WP_Error( 'rest_post_invalid_id', __( 'This translation no longer exists.', 'circassian' ), array( 'status' => 404 ) );
		}
		$chosen = Translation\Translation_Review::choose( $translation, (string) $request['block'], (string) $request['choice'] );
		return is_wp_error( $chosen ) ? $chosen : new WP_REST_Response( $chosen + array( 'review' => Translation\Translation_Review::shown( $translation->ID ) ) );
	}

	/** A second translation into a language the post has one in is refused, naming the one it has (Polylang and WPML keep one per language). */
	private static function exists( WP_Post $translation ): WP_Error {
		return new WP_Error(
			'circassian_translation_exists',
			__( 'This post already has a translation into that language: update it instead of making another.', 'circassian' ),
			array(
				'status'      => 409,
				'id'          => $translation->ID,
				'post_status' => $translation->post_status,
				'edit_link'   => current_user_can( 'edit_post', $translation->ID ) ? (string) get_edit_post_link( $translation->ID, 'raw' ) : '',
			)
		);
	}
}
