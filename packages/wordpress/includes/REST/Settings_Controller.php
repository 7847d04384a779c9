<?php
/**
 * GET/POST /circassian/v1/settings and POST /circassian/v1/settings/test, for administrators.
 * The key is write-only: responses carry its prefix and source, never the key.
 *
 * @package Circassian
 */

namespace Circassian\REST;

use Circassian\Podcast;
use Circassian\Post_Audio;
use Circassian\Service;
use Circassian\Spending;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

defined( 'ABSPATH' ) || exit;

final class Settings_Controller {

	public const ROUTE      = '/settings';
	public const TEST_ROUTE = '/settings/test';

	public function register_routes(): void {
		register_rest_route(
			Route_Permissions::NAMESPACE,
			self::ROUTE,
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => static fn() => new WP_REST_Response( Service\Connection::describe() ),
					'permission_callback' => array( Route_Permissions::class, 'can_manage_settings' ),
					'args'                => array(),
				),
				array(
					'methods'             => WP_REST_Server::EDITABLE,
					'callback'            => array( $this, 'update' ),
					'permission_callback' => array( Route_Permissions::class, 'can_manage_settings' ),
					'args'                => self::connection_args() + array(
						'language'      => array(
							'type'    => 'string',
							'pattern' => '^[a-z]{2,3}$',
						),
						'voice'         => array(
							'type'    => 'string',
							'pattern' => '^[A-Za-z0-9_-]{1,64}$',
						),
						'speed'         => array(
							'type'    => 'number',
							'minimum' => 0.25,
							'maximum' => 2.0,
						),
						// Post audio sentence by sentence, from the site's speech store (Speech_Memory).
						'speech_memory' => array( 'type' => 'boolean' ),
						'capability'    => array(
							'type' => 'string',
							'enum' => array_keys( Spending\Access::levels() ),
						),
						'request_chars' => array(
							'type'    => 'integer',
							'minimum' => 1,
							'maximum' => Spending\Access::MAX_CHARS,
						),
						'daily_chars'   => array(
							'type'    => 'integer',
							'minimum' => 1,
							'maximum' => Spending\Access::MAX_CHARS,
						),
						// Post types are checked against the site's public ones in Post_Audio\Settings::save().
						'post_audio'    => array(
							'type'                 => 'object',
							'properties'           => array(
								'post_types' => array(
									'type'  => 'array',
									'items' => array( 'type' => 'string' ),
								),
								'placement'  => array(
									'type' => 'string',
									'enum' => Post_Audio\Settings::PLACEMENTS,
								),
							),
							'additionalProperties' => false,
						),
						// The email is checked in Podcast_Details::check(), with WordPress's is_email().
						'podcast'       => array(
							'type'                 => 'object',
							'properties'           => array_fill_keys( Podcast\Podcast_Details::FIELDS, array( 'type' => 'string' ) ) + Podcast\Podcast_Show::schema(),
							'additionalProperties' => false,
						),
					) + self::policy_args(),
				),
			)
		);
		register_rest_route(
			Route_Permissions::NAMESPACE,
			self::TEST_ROUTE,
			array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => array( $this, 'test' ),
				'permission_callback' => array( Route_Permissions::class, 'can_manage_settings' ),
				// What the administrator typed, tested before it is saved (nothing is stored).
				'args'                => self::connection_args() + array(
					// The typed address the administrator confirmed the saved key may go to.
					'confirm_address' => array(
						'type'              => 'string',
						'sanitize_callback' => static fn( $value ) => trim( (string) $value ),
					),
				),
			)
		);
	}

	/**
	 * The key and address, as the settings route saves them and the test route tests them: one
	 * schema for both.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	private static function connection_args(): array {
		return array(
			'api_key'  => array(
				'type'              => 'string',
				'sanitize_callback' => 'sanitize_text_field',
			),
			// Checked whole by Service_Address (https, or http on loopback; no query or fragment).
			'base_url' => array(
				'type'              => 'string',
				'sanitize_callback' => static fn( $value ) => trim( (string) $value ),
			),
		);
	}

	/**
	 * The service's terms of use and privacy policy addresses: http(s), or empty to clear one.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	private static function policy_args(): array {
		$args = array();
		foreach ( Service\Service_Policies::FIELDS as $field ) {
			$args[ $field ] = array(
				'type'              => 'string',
				'validate_callback' => static fn( $value ) => is_string( $value ) && Service\Service_Policies::is_valid( $value ),
				'sanitize_callback' => static fn( $value ) => trim( (string) $value ),
			);
		}
		return $args;
	}

	public function update( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$saved = Service\Connection::save( $request->get_params() );
		return is_wp_error( $saved ) ? $saved : new WP_REST_Response( Service\Connection::describe() );
	}

	public function test( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$result = Service\Connection::test(
			array(
				'api_key'         => $request['api_key'],
				'base_url'        => $request['base_url'],
				'confirm_address' => $request['confirm_address'],
			)
		);
		return is_wp_error( $result )
			? $result
			: new WP_REST_Response(
				$result + array(
					'message'       => Service\Connection::connected_message( $result ),
					'usage_message' => Service\Connection::usage_message( $result ),
				)
			);
	}
}
