<?php
/**
 * POST /circassian/v1/translate: text segments (the text between a block's inline tags, so bold,
 * links and the rest stay as they are) translated in the fewest batch calls.
 *
 * @package Circassian
 */

namespace Circassian\REST;

use Circassian\Language;
use Circassian\Service;
use Circassian\Spending;
use Circassian\Translation;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

defined( 'ABSPATH' ) || exit;

final class Translate_Controller {

	public const ROUTE        = '/translate';
	public const MAX_SEGMENTS = 5000;

	public function register_routes(): void {
		register_rest_route(
			Route_Permissions::NAMESPACE,
			self::ROUTE,
			array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => array( $this, 'translate_texts' ),
				'permission_callback' => array( Route_Permissions::class, 'can_translate' ),
				'args'                => array(
					'texts'       => array(
						'type'     => 'array',
						'required' => true,
						'minItems' => 1,
						'maxItems' => self::MAX_SEGMENTS,
						'items'    => array(
							'type'      => 'string',
							'maxLength' => Service\Service_Facts::BATCH_MAX_CHARS,
						),
					),
					'target_lang' => array(
						'type'     => 'string',
						'required' => true,
						'pattern'  => Language\Language_Codes::PATTERN,
					),
					'title'       => array(
						'type'        => 'string',
						'description' => 'A post title to translate with the texts; it comes back as plain text.',
						'maxLength'   => Service\Service_Facts::BATCH_MAX_CHARS,
					),
					'source_lang' => array(
						'type'    => array( 'string', 'null' ),
						'default' => null,
						'pattern' => Language\Language_Codes::PATTERN,
					),
					'post'        => array(
						'type'        => 'integer',
						'minimum'     => 1,
						'description' => 'The post the texts are from: without source_lang, its language is their source (Post_Language::translated_from()).',
					),
				),
			)
		);
	}

	/**
	 * Every translation is filtered as post content (wp_kses_post) before the editor stores it,
	 * and the title as plain text: the service's answer is not trusted markup.
	 */
	public function translate_texts( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$post = null === $request['post'] ? null : get_post( (int) $request['post'] );
		if ( null !== $request['post'] && ( ! $post instanceof \WP_Post || ! current_user_can( 'edit_post', $post->ID ) ) ) {
			// Its language would be read and a detection kept on it.
			return Route_Permissions::cannot_edit_post();
		}
		$texts = array_values( array_map( 'strval', (array) $request['texts'] ) );
		$title = is_string( $request['title'] ) && '' !== trim( $request['title'] ) ? $request['title'] : null;
		$all   = null === $title ? $texts : array_merge( array( $title ), $texts );
		// "Detect the language": the memory is keyed by a source language, so the post's own (or one
		// detection) stands in before any text is looked up or sent.
		$source = is_string( $request['source_lang'] ) && '' !== $request['source_lang'] ? $request['source_lang'] : Language\Post_Language::translated_from( $post, $all );
		$source = '' === $source ? null : $source;
		$target = (string) $request['target_lang'];
		// Already in the target language (the post's own, or detected so): the editor keeps the text.
		$same = $source === $target;
		// What the memory knows is neither sent nor counted in the user's characters of the day.
		$known = $same ? null : Translation\Translator::remembered( $all, $target, $source );
		$chars = null === $known ? 0 : array_sum( array_map( static fn( string $text ): int => isset( $known['answers'][ $text ] ) ? 0 : mb_strlen( $text ), $all ) );
		$held  = Spending\Access::reserve( $chars );
		if ( is_wp_error( $held ) ) {
			return $held;
		}
		$result = $same ? Translation\Translator::as_is( $all, $target ) : Translation\Translator::translate_texts( $all, $target, $source, $known, null === $post ? '' : 'post:' . $post->ID );
		if ( is_wp_error( $result ) ) {
			// Nothing was translated: the characters go back to the user's day.
			Spending\Access::refund( $held );
			return $result;
		}
		if ( null !== $title ) {
			$result['title'] = sanitize_text_field( (string) array_shift( $result['translations'] ) );
		}
		$result['translations'] = array_map( array( self::class, 'filter_marked' ), $result['translations'] );
		return new WP_REST_Response( $result );
	}

	/**
	 * wp_kses_post on the text between inline markers (`<x1>`, `</x1>`, `<x1/>`), which the editor
	 * turns back into the original's own elements: the markers themselves carry no markup.
	 */
	public static function filter_marked( string $text ): string {
		$parts = preg_split( '#(</?x[1-9][0-9]*/?>)#', $text, -1, PREG_SPLIT_DELIM_CAPTURE );
		if ( false === $parts ) {
			return wp_kses_post( $text );
		}
		foreach ( $parts as $index => $part ) {
			if ( 0 === $index % 2 ) {
				$parts[ $index ] = wp_kses_post( $part );
			}
		}
		return implode( '', $parts );
	}
}
