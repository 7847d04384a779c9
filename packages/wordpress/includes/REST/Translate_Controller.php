<?php
/**
 * POST /circassian/v1/translate: text segments (the text between a block's inline tags, so bold,
 * links and the rest stay as they are) translated in the fewest batch calls.
 *
 * @package Circassian
 */

namespace Circassian\REST;

use Circassian\Translator;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

defined( 'ABSPATH' ) || exit;

final class Translate_Controller {

	public const ROUTE        = '/translate';
	public const MAX_SEGMENTS = 5000;
	private const LANGUAGE    = '^[a-z]{2,3}$';

	public function register_routes(): void {
		register_rest_route(
			Route_Permissions::NAMESPACE,
			self::ROUTE,
			array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => array( $this, 'translate' ),
				'permission_callback' => array( Route_Permissions::class, 'can_translate' ),
				'args'                => array(
					'texts'       => array(
						'type'     => 'array',
						'required' => true,
						'minItems' => 1,
						'maxItems' => self::MAX_SEGMENTS,
						'items'    => array(
							'type'      => 'string',
							'maxLength' => Translator::BATCH_MAX_CHARS,
						),
					),
					'target_lang' => array(
						'type'     => 'string',
						'required' => true,
						'pattern'  => self::LANGUAGE,
					),
					'source_lang' => array(
						'type'    => array( 'string', 'null' ),
						'default' => null,
						'pattern' => self::LANGUAGE,
					),
				),
			)
		);
	}

	public function translate( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$source = $request['source_lang'];
		$result = Translator::translate(
			array_values( array_map( 'strval', (array) $request['texts'] ) ),
			(string) $request['target_lang'],
			is_string( $source ) && '' !== $source ? $source : null
		);
		return is_wp_error( $result ) ? $result : new WP_REST_Response( $result );
	}
}
