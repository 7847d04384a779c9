<?php
/**
 * POST /circassian/v1/post-audio/{id}/state: whether a post's audio matches the text being edited
 * (title, content and voice as they are in the editor, not yet saved), for the pre-publish check.
 * The hash is the one the site keeps with the audio (Post_Audio\Audio_State), so the editor never
 * re-implements how a post is read aloud. Nothing is voiced here.
 *
 * @package Circassian
 */

namespace Circassian\REST;

use Circassian\Audio;
use Circassian\Bulk;
use Circassian\Post_Audio;
use Circassian\Service;
use Circassian\Spending;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

defined( 'ABSPATH' ) || exit;

final class Post_Audio_Controller {

	public const ROUTE = '/post-audio/(?P<id>\d+)/state';
	/** Try again: voices the post as it is saved now (the path publishing takes). */
	public const GENERATE_ROUTE = '/post-audio/(?P<id>\d+)/generate';
	private const ID_ARG        = array(
		'type'     => 'integer',
		'required' => true,
		'minimum'  => 1,
	);

	public function register_routes(): void {
		register_rest_route(
			Route_Permissions::NAMESPACE,
			self::GENERATE_ROUTE,
			array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => array( $this, 'generate' ),
				'permission_callback' => array( self::class, 'may_edit' ),
				'args'                => array( 'id' => self::ID_ARG ),
			)
		);
		register_rest_route(
			Route_Permissions::NAMESPACE,
			self::ROUTE,
			array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => array( $this, 'state' ),
				// Whoever may edit this post may see whether its audio matches.
				'permission_callback' => array( self::class, 'may_edit' ),
				'args'                => array(
					'id'         => self::ID_ARG,
					'title'      => array(
						'type'     => 'string',
						'required' => true,
					),
					'content'    => array(
						'type'     => 'string',
						'required' => true,
					),
					'voice'      => Post_Audio\Post_Meta::VOICE_SCHEMA,
					'read_aloud' => array(
						'type' => 'string',
						'enum' => Post_Audio\Settings::READ_ALOUD_VALUES,
					),
					// The visibility as edited (unsaved): private and password-protected posts get no audio.
					'status'     => array( 'type' => 'string' ),
					'password'   => array( 'type' => 'string' ),
				),
			)
		);
	}

	/** Whoever may edit the post may see its audio's state and ask for it again. */
	public static function may_edit( WP_REST_Request $request ): true | WP_Error {
		return current_user_can( 'edit_post', (int) $request['id'] )
			? true
			: Route_Permissions::cannot_edit_post();
	}

	/**
	 * Try again: the post voiced now, under its publisher's rights, else its author's, else those of
	 * whoever asks (Post_Audio\Payer, Post_Audio\Voicing::generate()), or the reason it was not.
	 */
	public function generate( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$result = Post_Audio\Voicing::generate( (int) $request['id'], get_current_user_id() );
		return is_wp_error( $result ) ? $result : new WP_REST_Response( $result );
	}

	public function state( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$post = get_post( (int) $request['id'] );
		if ( ! $post instanceof \WP_Post ) {
			return new WP_Error( 'rest_post_invalid_id', __( 'No such post.', 'circassian' ), array( 'status' => 404 ) );
		}
		// The post's language is said whether or not it is read aloud: the translation panel's
		// default target is the first language that is not the post's own. The "Read aloud" switch
		// as edited (unsaved) when sent, else as stored.
		$switch  = null !== $request['read_aloud'] ? (string) $request['read_aloud'] : (string) get_post_meta( $post->ID, Post_Audio\Settings::READ_ALOUD, true );
		$enabled = Post_Audio\Settings::enabled_with_switch( $post->post_type, $switch );
		$edited  = new \WP_Post(
			(object) ( array(
				'post_title'    => (string) $request['title'],
				'post_content'  => (string) $request['content'],
				'post_status'   => (string) ( $request['status'] ?? $post->post_status ),
				'post_password' => (string) ( $request['password'] ?? $post->post_password ),
			) + get_object_vars( $post ) )
		);
		// Private or password-protected as edited: it will not be read aloud, so nothing is quoted.
		$restricted = Audio\Audio_Privacy::is_restricted( $edited );
		$voice      = null === $request['voice'] ? null : (array) $request['voice'];
		$described  = Post_Audio\Speech_Request::described( $edited, $voice, true );
		$speech     = $enabled && ! $restricted ? $described['request'] : null;
		$payer      = null === $speech ? null : Post_Audio\Payer::on_publish( $edited );
		$failure    = $enabled ? Post_Audio\Audio_State::last_error( $post->ID ) : null;
		return new WP_REST_Response(
			array(
				'enabled'         => $enabled,
				'state'           => null === $speech ? null : Post_Audio\Audio_State::for_request( $post->ID, $speech ),
				// Why the last voicing made no audio: its type (the editor says each service type in its
				// own words, never the service's), and the site's own refusals in the site's words.
				'error_type'      => null === $failure ? null : $failure['type'],
				'error'           => null === $failure || Service\Error_Policy::is_service_type( $failure['type'] ) ? null : $failure['message'],
				// When the site tries again by itself: after passing trouble, or once a spent allowance resets (ISO 8601, UTC).
				'retry_at'        => $enabled && null !== Post_Audio\Audio_State::retry_at( $post->ID ) ? gmdate( 'c', (int) Post_Audio\Audio_State::retry_at( $post->ID ) ) : null,
				// Whether visitors hear earlier audio of the post meanwhile.
				'has_audio'       => Post_Audio\Audio_State::attachment_id( $post->ID ) > 0,
				// The post's language and where it came from; with post audio on, what publishing will
				// voice: its length and the estimate.
				'language'        => $described['request']['language'],
				'language_source' => $described['language_source'],
				'characters'      => null === $speech ? null : mb_strlen( $speech['text'] ),
				'seconds'         => null === $speech ? null : Bulk\Candidates::seconds( mb_strlen( $speech['text'] ), $speech['speed'] ),
				// Private or password-protected (as edited): no audio will be made.
				'restricted'      => $enabled && $restricted,
				// Who pays when the post is published by the current user (Payer::on_publish: 'you', 'author',
				// 'publisher', 'editor' when an editor will publish it; null when nobody may), why nobody may,
				// and what it costs against the payer's characters today on this site.
				'payer'           => null === $payer ? null : $payer['who'],
				'refusal'         => null !== $speech && null === $payer ? Spending\Access::refusal()->get_error_message() : null,
				'allowance'       => null === $payer || $payer['user'] <= 0 ? null : array(
					'used' => Spending\Daily_Chars::used( $payer['user'] ),
					'cap'  => Spending\Access::settings()['daily_chars'],
				),
			)
		);
	}
}
