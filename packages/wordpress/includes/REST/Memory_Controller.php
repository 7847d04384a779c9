<?php
/**
 * The site's translation memory as TMX: GET /circassian/v1/memory/export (streamed;
 * `?origin=human` for the corrections only) and POST /circassian/v1/memory/import (a TMX body, or
 * a `file` upload). Administrators only (`manage_options`): the memory is the site's. And
 * GET /circassian/v1/memory/fuzzy: the best near matches of one text for anyone who writes posts
 * (`edit_posts`; the REST nonce, as every cookie-authenticated route), of the units that may answer
 * them (their own suggestions, nobody else's: Memory\Memory_Fuzzy).
 *
 * @package Circassian
 */

namespace Circassian\REST;

use Circassian\Language;
use Circassian\Memory;
use Circassian\Service;
use WP_Error;
use WP_HTTP_Response;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

defined( 'ABSPATH' ) || exit;

final class Memory_Controller {

	public const EXPORT_ROUTE = '/memory/export';
	public const IMPORT_ROUTE = '/memory/import';
	public const FUZZY_ROUTE  = '/memory/fuzzy';

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
		register_rest_route(
			Route_Permissions::NAMESPACE,
			self::FUZZY_ROUTE,
			array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => array( $this, 'fuzzy' ),
				'permission_callback' => array( Route_Permissions::class, 'can_look_up_memory' ),
				'args'                => array(
					'text'        => array(
						'type'      => 'string',
						'required'  => true,
						'minLength' => 1,
						'maxLength' => Service\Service_Facts::BATCH_MAX_CHARS,
					),
					'target_lang' => array(
						'type'     => 'string',
						'required' => true,
						'pattern'  => Language\Language_Codes::PATTERN,
					),
					'source_lang' => array(
						'type'        => 'string',
						'default'     => '',
						'description' => 'The text\'s language; empty: units of every source language.',
						'pattern'     => Language\Language_Codes::optional_pattern(),
					),
					'context'     => array(
						'type'    => 'string',
						'default' => '',
					),
					'min'         => array(
						'type'    => 'integer',
						'default' => Memory\Memory_Fuzzy::DEFAULT_MIN,
						'minimum' => 1,
						'maximum' => 100,
					),
					'limit'       => array(
						'type'    => 'integer',
						'default' => Memory\Memory_Fuzzy::DEFAULT_LIMIT,
						'minimum' => 1,
						'maximum' => 10,
					),
				),
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

	/**
	 * The best near matches, best first, and whether one is exact (then a translation uses it by
	 * itself, and the others are only shown). Translations filtered as post content, as the
	 * translate route's are.
	 */
	public function fuzzy( WP_REST_Request $request ): WP_REST_Response {
		$found = Memory\Memory_Fuzzy::matches( (string) $request['source_lang'], (string) $request['target_lang'], (string) $request['text'], wp_get_current_user(), (string) $request['context'], (int) $request['min'], (int) $request['limit'] );
		return new WP_REST_Response(
			array(
				'exact'   => array() !== $found && 100 === $found[0]->percent,
				'matches' => array_map(
					static fn( object $unit ): array => array(
						'percent'     => (int) $unit->percent,
						'source_lang' => (string) $unit->source_lang,
						'target_lang' => (string) $unit->target_lang,
						'source'      => (string) $unit->source,
						'target'      => wp_kses_post( (string) $unit->target ),
						'origin'      => (string) $unit->origin,
						'suggestion'  => '' !== (string) $unit->suggested_by,
						'by'          => '' !== (string) $unit->changer ? (string) $unit->changer : (string) $unit->creator,
						'date'        => Memory\Memory_Rules::date_of( (array) $unit ),
					),
					$found
				),
			)
		);
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
