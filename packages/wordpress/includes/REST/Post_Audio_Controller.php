<?php
/**
 * POST /circassian/v1/post-audio/{id}/state: whether a post's audio matches the text being edited
 * (title, content and voice as they are in the editor, not yet saved), for the pre-publish check.
 * The hash is the one the site keeps with the audio (Post_Audio), so the editor never
 * re-implements how a post is read aloud. Nothing is voiced here.
 *
 * @package Circassian
 */

namespace Circassian\REST;

use Circassian\Post_Audio;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

defined( 'ABSPATH' ) || exit;

final class Post_Audio_Controller {

	public const ROUTE = '/post-audio/(?P<id>\d+)/state';

	public function register_routes(): void {
		register_rest_route(
			Route_Permissions::NAMESPACE,
			self::ROUTE,
			array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => array( $this, 'state' ),
				// Whoever may edit this post may see whether its audio matches.
				'permission_callback' => static fn( WP_REST_Request $request ) => current_user_can( 'edit_post', (int) $request['id'] )
					? true
					: new WP_Error( 'rest_forbidden', __( 'Sorry, you are not allowed to edit this post.', 'circassian' ), array( 'status' => rest_authorization_required_code() ) ),
				'args'                => array(
					'id'      => array(
						'type'     => 'integer',
						'required' => true,
						'minimum'  => 1,
					),
					'title'   => array(
						'type'     => 'string',
						'required' => true,
					),
					'content' => array(
						'type'     => 'string',
						'required' => true,
					),
					'voice'   => Post_Audio::VOICE_SCHEMA,
				),
			)
		);
	}

	public function state( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$post = get_post( (int) $request['id'] );
		if ( ! $post instanceof \WP_Post ) {
			return new WP_Error( 'rest_post_invalid_id', __( 'No such post.', 'circassian' ), array( 'status' => 404 ) );
		}
		$enabled = Post_Audio::enabled_for( $post->post_type );
		$edited  = new \WP_Post(
			(object) ( array(
				'post_title'   => (string) $request['title'],
				'post_content' => (string) $request['content'],
			) + get_object_vars( $post ) )
		);
		$voice   = null === $request['voice'] ? null : (array) $request['voice'];
		return new WP_REST_Response(
			array(
				'enabled' => $enabled,
				'state'   => $enabled ? Post_Audio::audio_state( $edited, $voice ) : null,
				// Why the last voicing made no audio (the author's role or caps, or the service).
				'error'   => $enabled ? Post_Audio::last_error( $post->ID ) : null,
			)
		);
	}
}
