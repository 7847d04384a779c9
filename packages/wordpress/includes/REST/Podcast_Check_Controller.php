<?php
/**
 * POST circassian/v1/podcast/check {lang}: the podcast settings' "Check the feed as a directory
 * would" (Podcast\Directory_Check). The site's administrators only: it makes the server fetch
 * its own addresses.
 *
 * @package Circassian
 */

namespace Circassian\REST;

use Circassian\Podcast;
use Circassian\Service;
use WP_REST_Request;
use WP_REST_Server;

defined( 'ABSPATH' ) || exit;

final class Podcast_Check_Controller {

	public const ROUTE = '/podcast/check';

	public function register_routes(): void {
		register_rest_route(
			Route_Permissions::NAMESPACE,
			self::ROUTE,
			array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => array( $this, 'check' ),
				'permission_callback' => array( Route_Permissions::class, 'can_manage_settings' ),
				'args'                => array(
					'lang' => array(
						'type'     => 'string',
						'enum'     => Service\Service_Facts::SPEECH_LANGUAGES,
						'required' => true,
					),
				),
			)
		);
	}

	/**
	 * @param WP_REST_Request $request The feed's language.
	 * @return array{passed: bool, checks: list<array{check: string, passed: bool, message: string}>}
	 */
	public function check( WP_REST_Request $request ): array {
		return Podcast\Directory_Check::run( (string) $request['lang'] );
	}
}
