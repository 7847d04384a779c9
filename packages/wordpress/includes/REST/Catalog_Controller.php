<?php
/**
 * GET /circassian/v1/voices and /circassian/v1/languages: the service's listings (they grow over
 * time, so they are fetched, then kept for an hour).
 *
 * @package Circassian
 */

namespace Circassian\REST;

use Circassian\Service;
use WP_Error;
use WP_REST_Response;
use WP_REST_Server;

defined( 'ABSPATH' ) || exit;

final class Catalog_Controller {

	public const VOICES_ROUTE    = '/voices';
	public const LANGUAGES_ROUTE = '/languages';
	private const CACHE_SECONDS  = HOUR_IN_SECONDS;

	public function register_routes(): void {
		foreach ( array(
			self::VOICES_ROUTE    => '/v1/voices',
			self::LANGUAGES_ROUTE => '/v1/languages',
		) as $route => $path ) {
			register_rest_route(
				Route_Permissions::NAMESPACE,
				$route,
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => static function () use ( $path ) {
						$listing = self::listing( $path );
						return is_wp_error( $listing ) ? $listing : new WP_REST_Response( $listing );
					},
					'permission_callback' => array( Route_Permissions::class, 'can_read_catalog' ),
					'args'                => array(),
				)
			);
		}
	}

	/**
	 * One of the service's listings, from the hour's cache or the service.
	 *
	 * @return array<mixed>|WP_Error
	 */
	public static function listing( string $path ): array|WP_Error {
		$cache_key = 'circassian_listing_' . md5( $path );
		$cached    = get_transient( $cache_key );
		if ( is_array( $cached ) ) {
			return $cached;
		}
		$client = Service\Service_Client::from_settings();
		if ( is_wp_error( $client ) ) {
			return $client;
		}
		$listing = $client->json( 'GET', $path );
		if ( is_wp_error( $listing ) ) {
			return $listing;
		}
		set_transient( $cache_key, $listing, self::CACHE_SECONDS );
		return $listing;
	}
}
