<?php
/**
 * The site's glossary over REST: GET /circassian/v1/glossary (every entry) and
 * GET /circassian/v1/glossary/export?source_lang=ru&target_lang=kbd (a pair's CSV, the contract's
 * file; `&format=tbx` for TBX-Basic) for anyone who writes posts; POST /glossary (add), PUT and DELETE /glossary/ID, and
 * POST /glossary/import (a CSV or TBX body, or a `file` upload) for whoever may teach the memory
 * (Memory\Teaching_Right). POST /glossary/check: the term problems of a source and its
 * translation; POST /glossary/post-check/ID: those of a linked translation as edited, against its
 * original (the pre-publish panel). A file or entry that cannot be used is answered 400 with why, and changes nothing.
 *
 * @package Circassian
 */

namespace Circassian\REST;

use Circassian\Glossary;
use Circassian\Memory;
use Circassian\Post_Audio;
use Circassian\Service;
use Circassian\Translation;
use WP_Error;
use WP_HTTP_Response;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

defined( 'ABSPATH' ) || exit;

final class Glossary_Controller {

	public const ROUTE = '/glossary';

	public function register_routes(): void {
		$languages = array(
			'type'     => 'string',
			'enum'     => Service\Service_Facts::TRANSLATION_LANGUAGES,
			'required' => true,
		);
		register_rest_route(
			Route_Permissions::NAMESPACE,
			self::ROUTE,
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => static fn() => new WP_REST_Response( array( 'entries' => Glossary\Glossary_Store::all() ) ),
					'permission_callback' => array( Route_Permissions::class, 'can_read_glossary' ),
				),
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( $this, 'save' ),
					'permission_callback' => array( Route_Permissions::class, 'can_edit_glossary' ),
					'args'                => self::entry_args(),
				),
			)
		);
		register_rest_route(
			Route_Permissions::NAMESPACE,
			self::ROUTE . '/(?P<id>\d+)',
			array(
				array(
					'methods'             => WP_REST_Server::EDITABLE,
					'callback'            => array( $this, 'save' ),
					'permission_callback' => array( Route_Permissions::class, 'can_edit_glossary' ),
					'args'                => self::entry_args(),
				),
				array(
					'methods'             => WP_REST_Server::DELETABLE,
					'callback'            => array( $this, 'delete' ),
					'permission_callback' => array( Route_Permissions::class, 'can_edit_glossary' ),
				),
			)
		);
		register_rest_route(
			Route_Permissions::NAMESPACE,
			self::ROUTE . '/import',
			array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => array( $this, 'import' ),
				'permission_callback' => array( Route_Permissions::class, 'can_edit_glossary' ),
				'args'                => array(),
			)
		);
		register_rest_route(
			Route_Permissions::NAMESPACE,
			self::ROUTE . '/export',
			array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => array( $this, 'export' ),
				'permission_callback' => array( Route_Permissions::class, 'can_read_glossary' ),
				'args'                => array(
					'source_lang' => $languages,
					'target_lang' => $languages,
					'format'      => array(
						'type'    => 'string',
						'enum'    => Glossary\Glossary_Transfer::FORMATS,
						'default' => 'csv',
					),
				),
			)
		);
		register_rest_route(
			Route_Permissions::NAMESPACE,
			self::ROUTE . '/post-check/(?P<id>\d+)',
			array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => array( $this, 'check_post' ),
				'permission_callback' => array( Route_Permissions::class, 'can_read_glossary' ),
				'args'                => array(
					'title'   => array( 'type' => 'string' ),
					'content' => array( 'type' => 'string' ),
				),
			)
		);
		register_rest_route(
			Route_Permissions::NAMESPACE,
			self::ROUTE . '/check',
			array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => array( $this, 'check' ),
				'permission_callback' => array( Route_Permissions::class, 'can_read_glossary' ),
				'args'                => array(
					'source_lang' => $languages,
					'target_lang' => $languages,
					'source'      => array(
						'type'     => 'string',
						'required' => true,
					),
					'target'      => array(
						'type'     => 'string',
						'required' => true,
					),
				),
			)
		);
	}

	/**
	 * An entry's fields (Glossary\Glossary_Entry checks what they say together).
	 *
	 * @return array<string, array<string, mixed>>
	 */
	private static function entry_args(): array {
		$text = array( 'type' => 'string' );
		return array(
			'source_lang'    => array(
				'type' => 'string',
				'enum' => Service\Service_Facts::TRANSLATION_LANGUAGES,
			),
			'target_lang'    => array(
				'type' => 'string',
				'enum' => Service\Service_Facts::TRANSLATION_LANGUAGES,
			),
			'type'           => array(
				'type' => 'string',
				'enum' => Glossary\Glossary_Entry::TYPES,
			),
			'source'         => $text,
			'target'         => $text,
			'note'           => $text,
			'part_of_speech' => $text,
			'case_sensitive' => array( 'type' => 'boolean' ),
			'stem'           => array( 'type' => 'boolean' ),
		);
	}

	/**
	 * The term problems of a linked translation as edited (the pre-publish panel): the original's
	 * title and text against the translation's, from the language it was translated from into its
	 * own. Not a linked translation, or its languages unknown: no problems, `checked` false.
	 */
	public function check_post( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$post = get_post( (int) $request['id'] );
		if ( ! $post instanceof \WP_Post || ! current_user_can( 'edit_post', $post->ID ) ) {
			return Route_Permissions::cannot_edit_post();
		}
		$original = get_post( (int) get_post_meta( $post->ID, Translation\Linked_Translations::META_ORIGINAL, true ) );
		$source   = (string) get_post_meta( $post->ID, Memory\Memory_Learning::META_SOURCE, true );
		$target   = (string) get_post_meta( $post->ID, Translation\Linked_Translations::META_LANGUAGE, true );
		if ( ! $original instanceof \WP_Post || ! current_user_can( 'read_post', $original->ID ) || '' === $source || '' === $target || $source === $target ) {
			return new WP_REST_Response(
				array(
					'checked'  => false,
					'problems' => array(),
				)
			);
		}
		$edited   = new \WP_Post(
			(object) ( array(
				'post_title'   => (string) ( $request['title'] ?? $post->post_title ),
				'post_content' => (string) ( $request['content'] ?? $post->post_content ),
			) + get_object_vars( $post ) )
		);
		$problems = Glossary\Term_Check::check( Glossary\Glossary_Store::glossary(), $source, $target, Post_Audio\Speech_Request::text( $original ), Post_Audio\Speech_Request::text( $edited ) );
		return new WP_REST_Response(
			array(
				'checked'     => true,
				'source_lang' => $source,
				'target_lang' => $target,
				'problems'    => array_map( array( Glossary\Problem_Words::class, 'describe' ), $problems ),
			)
		);
	}

	/** Adds an entry (POST) or changes one (PUT /glossary/ID): the entry's fields as JSON. */
	public function save( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$id     = null === $request['id'] ? null : (int) $request['id'];
		$fields = array();
		foreach ( array( 'source_lang', 'target_lang', 'type', 'source', 'target', 'note', 'part_of_speech', 'case_sensitive', 'stem' ) as $name ) {
			if ( null !== $request[ $name ] ) {
				$fields[ $name ] = in_array( $name, array( 'case_sensitive', 'stem' ), true ) ? rest_sanitize_boolean( $request[ $name ] ) : (string) $request[ $name ];
			}
		}
		try {
			$saved = Glossary\Glossary_Store::save( $fields, $id );
		} catch ( Glossary\Glossary_Error $error ) {
			return self::refused( $error );
		}
		return new WP_REST_Response( array( 'entry' => Glossary\Glossary_Store::get( $saved ) ), null === $id ? 201 : 200 );
	}

	public function delete( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		if ( ! Glossary\Glossary_Store::delete( (int) $request['id'] ) ) {
			return new WP_Error( 'circassian_glossary_not_found', __( 'That term is not in the glossary.', 'circassian' ), array( 'status' => 404 ) );
		}
		return new WP_REST_Response( array( 'deleted' => true ) );
	}

	/** A CSV or TBX file, as the body or a `file` upload: every entry laid over the glossary, or none. */
	public function import( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$files = $request->get_file_params();
		$bytes = isset( $files['file']['tmp_name'] ) && is_uploaded_file( (string) $files['file']['tmp_name'] )
			// phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents, WordPress.WP.AlternativeFunctions.file_system_read_file_get_contents, WordPress.WP.AlternativeFunctions.file_system_operations_file_get_contents -- an upload PHP just received.
			? (string) file_get_contents( (string) $files['file']['tmp_name'] )
			: $request->get_body();
		$result = Glossary\Glossary_Transfer::import( $bytes );
		return is_wp_error( $result ) ? $result : new WP_REST_Response( $result );
	}

	/** A pair's entries as the contract's CSV, or as TBX-Basic (`format=tbx`). */
	public function export( WP_REST_Request $request ): WP_HTTP_Response {
		$source   = (string) $request['source_lang'];
		$target   = (string) $request['target_lang'];
		$format   = (string) ( $request['format'] ?? 'csv' );
		$response = new WP_HTTP_Response( Glossary\Glossary_Transfer::file( $format, $source, $target ), 200, Glossary\Glossary_Transfer::headers( $format, $source, $target ) );
		add_filter( 'rest_pre_serve_request', array( self::class, 'serve_raw' ), 10, 3 );
		return $response;
	}

	/** The term problems of a source and its translation, each in plain words. */
	public function check( WP_REST_Request $request ): WP_REST_Response {
		$problems = Glossary\Term_Check::check( Glossary\Glossary_Store::glossary(), (string) $request['source_lang'], (string) $request['target_lang'], (string) $request['source'], (string) $request['target'] );
		return new WP_REST_Response( array( 'problems' => array_map( array( Glossary\Problem_Words::class, 'describe' ), $problems ) ) );
	}

	/** Sends the file as it is (the REST server would encode it as a JSON string). */
	public static function serve_raw( bool $served, WP_HTTP_Response $response, WP_REST_Request $request ): bool {
		if ( $served || '/' . Route_Permissions::NAMESPACE . self::ROUTE . '/export' !== $request->get_route() || ! is_string( $response->get_data() ) ) {
			return $served;
		}
		echo $response->get_data(); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped, WordPress.XSS.EscapeOutput.OutputNotEscaped -- a CSV or TBX download, sent with its own content type.
		return true;
	}

	private static function refused( Glossary\Glossary_Error $error ): WP_Error {
		return new WP_Error( 'circassian_glossary_invalid', $error->getMessage(), array( 'status' => 400 ) );
	}
}
