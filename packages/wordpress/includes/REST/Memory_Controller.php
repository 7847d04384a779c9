<?php
/**
 * The site's translation memory as TMX: GET /circassian/v1/memory/export (streamed;
 * `?origin=human` for the corrections only) and POST /circassian/v1/memory/import (a TMX body, or
 * a `file` upload). Administrators only (`manage_options`): the memory is the site's.
 *
 * @package Circassian
 */

namespace Circassian\REST;

use Circassian\Memory;
use WP_Error;
use WP_HTTP_Response;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

defined( 'ABSPATH' ) || exit;

final class Memory_Controller {

	public const EXPORT_ROUTE = '/memory/export';
	public const IMPORT_ROUTE = '/memory/import';

	public function register_routes(): void {
		register_rest_route(
			Route_Permissions::NAMESPACE,
			self::EXPORT_ROUTE,
			array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => static fn() => new WP_REST_Response( null, 200 ),
				'permission_callback' => array( Route_Permissions::class, 'can_manage_memory' ),
				'args'                => array(
					'origin' => array(
						'type' => 'string',
						'enum' => Memory\Memory_Store::ORIGINS,
					),
				),
			)
		);
		register_rest_route(
			Route_Permissions::NAMESPACE,
			self::IMPORT_ROUTE,
			array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => array( $this, 'import' ),
				'permission_callback' => array( Route_Permissions::class, 'can_manage_memory' ),
				// The TMX comes as the body (or a `file` upload), not as parameters.
				'args'                => array(),
			)
		);
		add_filter( 'rest_pre_serve_request', array( self::class, 'serve_export' ), 10, 4 );
	}

	/**
	 * The export goes out as TMX, streamed from the table, instead of as JSON: only for this
	 * route's own successful answer (a refusal stays a JSON error).
	 *
	 * @param bool             $served   Whether the request was served already.
	 * @param WP_HTTP_Response $result   The answer.
	 * @param WP_REST_Request  $request  The request.
	 */
	public static function serve_export( bool $served, WP_HTTP_Response $result, WP_REST_Request $request ): bool {
		if ( $served || 'GET' !== $request->get_method() || '/' . Route_Permissions::NAMESPACE . self::EXPORT_ROUTE !== $request->get_route() || 200 !== $result->get_status() || null !== $result->get_data() ) {
			return $served;
		}
		$origin = $request['origin'];
		Memory\Memory_Transfer::send_export( is_string( $origin ) ? $origin : null );
		return true;
	}

	public function import( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$file = $request->get_file_params()['file'] ?? null;
		if ( is_array( $file ) && isset( $file['tmp_name'] ) && is_uploaded_file( (string) $file['tmp_name'] ) ) {
			$result = Memory\Memory_Transfer::import_file( (string) $file['tmp_name'] );
		} elseif ( '' !== trim( (string) $request->get_body() ) ) {
			$result = Memory\Memory_Transfer::import_string( (string) $request->get_body() );
		} else {
			return new WP_Error( 'circassian_no_tmx', __( 'Send a TMX file: the request had none.', 'circassian' ), array( 'status' => 400 ) );
		}
		return is_wp_error( $result ) ? $result : new WP_REST_Response( $result );
	}
}
