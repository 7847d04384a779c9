<?php
/**
 * POST /circassian/v1/speech starts audio for a block; GET /circassian/v1/speech/jobs/{id} moves a
 * long one on and reports its progress.
 *
 * @package Circassian
 */

namespace Circassian\REST;

use Circassian\Glossary;
use Circassian\Service;
use Circassian\Speech;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

defined( 'ABSPATH' ) || exit;

final class Speech_Controller {

	public const ROUTE     = '/speech';
	public const JOB_ROUTE = '/speech/jobs/(?P<id>[a-f0-9-]{36})';
	/** The current user's jobs not yet collected: a reloaded editor offers them again. */
	public const JOBS_ROUTE = '/speech/jobs';

	public function register_routes(): void {
		register_rest_route(
			Route_Permissions::NAMESPACE,
			self::ROUTE,
			array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => array( $this, 'create' ),
				'permission_callback' => array( Route_Permissions::class, 'can_generate_audio' ),
				'args'                => self::speech_args(),
			)
		);
		register_rest_route(
			Route_Permissions::NAMESPACE,
			self::JOBS_ROUTE,
			array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => static fn() => new WP_REST_Response( Speech\Speech_Jobs::list_for_user() ),
				'permission_callback' => array( Route_Permissions::class, 'can_generate_audio' ),
				'args'                => array(),
			)
		);
		register_rest_route(
			Route_Permissions::NAMESPACE,
			self::JOB_ROUTE,
			array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => array( $this, 'poll' ),
				'permission_callback' => array( Route_Permissions::class, 'can_generate_audio' ),
				'args'                => array(
					'id' => array(
						'type'     => 'string',
						'required' => true,
						'pattern'  => '^[a-f0-9-]{36}$',
					),
				),
			)
		);
	}

	public function create( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$post_id = (int) $request['post_id'];
		if ( $post_id > 0 && ! current_user_can( 'edit_post', $post_id ) ) {
			return Route_Permissions::cannot_edit_post();
		}
		// Speech_Jobs::start() passes the spending gate (Access::reserve()) itself, as every path does.
		$result = Speech\Speech_Jobs::start(
			array(
				'text'     => (string) $request['text'],
				'language' => (string) $request['language'],
				'voice'    => (string) $request['voice'],
				'speed'    => (float) $request['speed'],
				'instruct' => (string) $request['instruct'],
				// The glossary's respellings go into what is voiced only: the block keeps the text as
				// written, and its audio's hash is that text's (the editor compares the two).
				'said'     => Glossary\Say_As::text( Glossary\Glossary_Store::glossary(), (string) $request['language'], (string) $request['text'] ),
			),
			$post_id,
			(int) $request['replace_id'],
			(string) $request['block_id']
		);
		return is_wp_error( $result ) ? $result : new WP_REST_Response( $result );
	}

	public function poll( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$result = Speech\Speech_Jobs::poll( (string) $request['id'] );
		return is_wp_error( $result ) ? $result : new WP_REST_Response( $result );
	}

	/**
	 * @return array<string, array<string, mixed>>
	 */
	private static function speech_args(): array {
		$defaults = Service\Settings::defaults();
		return array(
			'text'       => array(
				'type'              => 'string',
				'required'          => true,
				'description'       => __( 'Plain text to voice, taken from the blocks (not filtered HTML).', 'circassian' ),
				// Ten of the service's longest requests: a long article, not an unbounded chain of jobs.
				'maxLength'         => 200000,
				'sanitize_callback' => static fn( $value ) => trim( wp_strip_all_tags( (string) $value ) ),
				'validate_callback' => static fn( $value ) => '' !== trim( wp_strip_all_tags( (string) $value ) )
					? true
					: new WP_Error( 'rest_invalid_param', __( 'There is no text to voice.', 'circassian' ), array( 'status' => 400 ) ),
			),
			'language'   => array(
				'type'              => 'string',
				'default'           => $defaults['language'],
				'pattern'           => '^[a-z]{2,3}(-[a-zA-Z0-9]+)?$',
				'sanitize_callback' => 'sanitize_text_field',
			),
			'voice'      => array(
				'type'              => 'string',
				'default'           => $defaults['voice'],
				'pattern'           => '^[A-Za-z0-9_-]{1,64}$',
				'sanitize_callback' => 'sanitize_text_field',
			),
			'speed'      => array(
				'type'             => 'number',
				'default'          => $defaults['speed'],
				'minimum'          => 0.2,
				'exclusiveMinimum' => true,
				'maximum'          => 2.0,
			),
			'instruct'   => array(
				'type'              => 'string',
				'default'           => '',
				'maxLength'         => Service\Service_Facts::INSTRUCT_MAX_CHARS,
				'sanitize_callback' => 'sanitize_text_field',
			),
			'post_id'    => array(
				'type'    => 'integer',
				'default' => 0,
				'minimum' => 0,
			),
			'replace_id' => array(
				'type'    => 'integer',
				'default' => 0,
				'minimum' => 0,
			),
			'block_id'   => array(
				'type'        => 'string',
				'default'     => '',
				'description' => __( 'The audio block\'s own id (its blockId attribute): the attachment records it as its owner.', 'circassian' ),
				'pattern'     => '^[A-Za-z0-9-]{0,64}$',
			),
		);
	}
}
