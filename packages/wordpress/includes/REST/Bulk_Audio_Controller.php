<?php
/**
 * The tools page's routes for bulk post audio:
 * - GET  /circassian/v1/bulk-audio?post_type=post[&ids[]=…]: the post types with post audio on,
 *   the posts of one that need audio, the estimate, the key's daily limits and use, and the run;
 * - GET  /circassian/v1/bulk-audio/run: the run (progress, pause, errors);
 * - POST /circassian/v1/bulk-audio/run {post_type, ids?}: starts one over the posts that need audio;
 * - POST /circassian/v1/bulk-audio/run/pause|resume|cancel.
 * All need `manage_options` and the role the site lets spend its key (Route_Permissions).
 *
 * @package Circassian
 */

namespace Circassian\REST;

use Circassian\Bulk;
use Circassian\Post_Audio;
use Circassian\Service;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

defined( 'ABSPATH' ) || exit;

final class Bulk_Audio_Controller {

	public const ROUTE         = '/bulk-audio';
	public const RUN_ROUTE     = '/bulk-audio/run';
	public const CONTROL_ROUTE = '/bulk-audio/run/(?P<action>pause|resume|cancel)';
	/** Leaves one post out of post audio for good: its "Read aloud" switch off (no run, no podcast episode). */
	public const LEAVE_OUT_ROUTE = '/bulk-audio/posts/(?P<id>\d+)/leave-out';

	public function register_routes(): void {
		$permission = array( Route_Permissions::class, 'can_run_bulk_audio' );
		register_rest_route(
			Route_Permissions::NAMESPACE,
			self::ROUTE,
			array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => array( $this, 'overview' ),
				'permission_callback' => $permission,
				'args'                => self::selection_args( false ),
			)
		);
		register_rest_route(
			Route_Permissions::NAMESPACE,
			self::RUN_ROUTE,
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $this, 'status' ),
					'permission_callback' => $permission,
					'args'                => array(),
				),
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( $this, 'start' ),
					'permission_callback' => $permission,
					'args'                => self::selection_args( true ),
				),
			)
		);
		register_rest_route(
			Route_Permissions::NAMESPACE,
			self::CONTROL_ROUTE,
			array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => array( $this, 'control' ),
				'permission_callback' => $permission,
				'args'                => array(
					'action' => array(
						'type'     => 'string',
						'required' => true,
						'enum'     => array( 'pause', 'resume', 'cancel' ),
					),
				),
			)
		);
		register_rest_route(
			Route_Permissions::NAMESPACE,
			self::LEAVE_OUT_ROUTE,
			array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => array( $this, 'leave_out' ),
				'permission_callback' => array( self::class, 'may_leave_out' ),
				'args'                => array(
					'id' => array(
						'type'     => 'integer',
						'required' => true,
						'minimum'  => 1,
					),
				),
			)
		);
	}

	/** A post left out of post audio from the bulk page: its own "Read aloud" switch turned off. */
	public function leave_out( WP_REST_Request $request ): WP_REST_Response {
		update_post_meta( (int) $request['id'], Post_Audio\Settings::READ_ALOUD, 'off' );
		return new WP_REST_Response(
			array(
				'id'         => (int) $request['id'],
				'read_aloud' => 'off',
			)
		);
	}

	/** Whoever may run bulk audio and edit the post may leave it out. */
	public static function may_leave_out( WP_REST_Request $request ): true | WP_Error {
		$may_run = Route_Permissions::can_run_bulk_audio();
		if ( true !== $may_run ) {
			return $may_run;
		}
		return current_user_can( 'edit_post', (int) $request['id'] ) ? true : Route_Permissions::cannot_edit_post();
	}

	/**
	 * @return array<string, array<string, mixed>>
	 */
	private static function selection_args( bool $required ): array {
		return array(
			// Checked against the types with post audio on in the callbacks (the setting may change).
			'post_type' => array(
				'type'     => 'string',
				'required' => $required,
				'pattern'  => '^[a-z0-9_-]{1,20}$',
			),
			'ids'       => array(
				'type'     => 'array',
				'items'    => array(
					'type'    => 'integer',
					'minimum' => 1,
				),
				'maxItems' => Bulk\Candidates::MAX_POSTS,
			),
		);
	}

	public function status(): WP_REST_Response {
		return new WP_REST_Response( array( 'run' => self::run_now() ) );
	}

	/**
	 * The run as the page shows it, given back its step first when that went missing (Watchdog).
	 *
	 * @return array<string, mixed>|null
	 */
	private static function run_now(): ?array {
		Bulk\Watchdog::watch();
		return Bulk\Run::view( Bulk\Run::get() );
	}

	public function overview( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$types     = Bulk\Candidates::post_types();
		$post_type = (string) ( $request['post_type'] ?? ( $types[0]['name'] ?? '' ) );
		if ( '' !== $post_type && ! Post_Audio\Settings::enabled_for( $post_type ) ) {
			return self::not_enabled( $post_type );
		}
		$ids       = null === $request['ids'] ? null : array_map( 'intval', (array) $request['ids'] );
		$posts     = '' === $post_type ? array() : Bulk\Candidates::posts( $post_type, $ids );
		$allowance = Service\Key_Allowance::fetch();
		return new WP_REST_Response(
			array(
				'post_types'      => $types,
				'post_type'       => $post_type,
				'selected'        => null === $ids ? null : count( $ids ),
				'posts'           => $posts,
				'estimate'        => Bulk\Candidates::estimate( $posts ),
				'allowance'       => is_wp_error( $allowance ) ? null : $allowance + array( 'labels' => array_combine( Service\Service_Facts::KEY_LIMIT_NAMES, array_map( array( Service\Service_Facts::class, 'key_limit_label' ), Service\Service_Facts::KEY_LIMIT_NAMES ) ) ),
				'allowance_error' => is_wp_error( $allowance ) ? $allowance->get_error_message() : null,
				'run'             => self::run_now(),
			)
		);
	}

	public function start( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$post_type = (string) $request['post_type'];
		if ( ! Post_Audio\Settings::enabled_for( $post_type ) ) {
			return self::not_enabled( $post_type );
		}
		$ids   = null === $request['ids'] ? null : array_map( 'intval', (array) $request['ids'] );
		$posts = Bulk\Candidates::posts( $post_type, $ids );
		if ( array() === $posts ) {
			return new WP_Error(
				'circassian_bulk_nothing',
				__( 'Every one of these posts already has audio of its current text.', 'circassian' ),
				array(
					'status' => 400,
					'type'   => 'invalid_request',
				)
			);
		}
		$run = Bulk\Runner::start( $post_type, array_column( $posts, 'id' ) );
		return is_wp_error( $run ) ? $run : new WP_REST_Response( array( 'run' => Bulk\Run::view( $run ) ), 201 );
	}

	public function control( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$run = match ( (string) $request['action'] ) {
			'pause'  => Bulk\Runner::pause(),
			'resume' => Bulk\Runner::resume(),
			default  => Bulk\Runner::cancel(),
		};
		if ( null === $run ) {
			return new WP_Error(
				'circassian_bulk_none',
				__( 'There is no bulk run to change (or it is busy: try again in a moment).', 'circassian' ),
				array(
					'status' => 409,
					'type'   => 'invalid_request',
				)
			);
		}
		return new WP_REST_Response( array( 'run' => Bulk\Run::view( $run ) ) );
	}

	private static function not_enabled( string $post_type ): WP_Error {
		return new WP_Error(
			'rest_invalid_param',
			/* translators: %s: post type name. */
			sprintf( __( 'Post audio is not switched on for the post type "%s".', 'circassian' ), $post_type ),
			array(
				'status' => 400,
				'type'   => 'validation_error',
			)
		);
	}
}
