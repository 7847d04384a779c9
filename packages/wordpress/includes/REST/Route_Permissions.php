<?php
/**
 * The capability checks of the plugin's routes, one per kind of work. WordPress's cookie
 * authentication checks the REST nonce before these run: without it the user is logged out.
 *
 * @package Circassian
 */

namespace Circassian\REST;

use Circassian\Memory;
use Circassian\Service;
use Circassian\Spending;
use WP_Error;

defined( 'ABSPATH' ) || exit;

final class Route_Permissions {

	public const NAMESPACE = 'circassian/v1';

	/**
	 * Generating audio writes a Media Library attachment: it needs both capabilities, and the
	 * role the site lets spend its key.
	 */
	public static function can_generate_audio(): bool|WP_Error {
		$allowed = self::require_caps( array( 'edit_posts', 'upload_files' ) );
		return true === $allowed && ! Spending\Access::can_spend() ? Spending\Access::refusal() : $allowed;
	}

	public static function can_translate(): bool|WP_Error {
		$allowed = self::require_caps( array( 'edit_posts' ) );
		return true === $allowed && ! Spending\Access::can_spend() ? Spending\Access::refusal() : $allowed;
	}

	/** The service's lists of languages and voices: any editor's block draws its controls with them. */
	public static function can_read_catalog(): bool|WP_Error {
		return self::require_caps( array( 'edit_posts' ) );
	}

	/**
	 * A bulk run voices every post of a type, anyone's, with the site's key: a site administrator's
	 * task (`manage_options`), and only for a role the site lets spend the key.
	 */
	public static function can_run_bulk_audio(): bool|WP_Error {
		$allowed = self::require_caps( array( 'manage_options', 'upload_files' ) );
		return true === $allowed && ! Spending\Access::can_spend() ? Spending\Access::refusal() : $allowed;
	}

	public static function can_manage_settings(): bool|WP_Error {
		return self::require_caps( array( Service\Settings::manage_capability() ) );
	}

	/**
	 * The site's translation memory as a whole (its export, import and clearing): the site's
	 * administrators who may also teach it (Memory\Teaching_Right): an import teaches, an export
	 * reads every unit, drafts' and suggestions' included.
	 */
	public static function can_manage_memory(): bool|WP_Error {
		return self::require_caps( array( 'manage_options', Memory\Teaching_Right::CAPABILITY ) );
	}

	/**
	 * Adding, editing, removing and importing the site's glossary terms: whoever may teach the
	 * memory (Memory\Teaching_Right), since terms change every translation as a correction does.
	 */
	public static function can_edit_glossary(): bool|WP_Error {
		return self::require_caps( array( Memory\Teaching_Right::CAPABILITY ) );
	}

	/** Reading the glossary and checking a translation against it: anyone who writes posts. */
	public static function can_read_glossary(): bool|WP_Error {
		return self::require_caps( array( 'edit_posts' ) );
	}

	/** Near matches of the memory, for the text a person is translating: anyone who writes posts. */
	public static function can_look_up_memory(): bool|WP_Error {
		return self::require_caps( array( 'edit_posts' ) );
	}

	/** The refusal of a request about a post the user may not edit. */
	public static function cannot_edit_post(): WP_Error {
		return new WP_Error( 'rest_forbidden', __( 'Sorry, you are not allowed to edit this post.', 'circassian' ), array( 'status' => rest_authorization_required_code() ) );
	}

	/**
	 * @param list<string> $caps Every one is required.
	 */
	private static function require_caps( array $caps ): bool|WP_Error {
		foreach ( $caps as $cap ) {
			if ( ! current_user_can( $cap ) ) {
				return new WP_Error(
					'rest_forbidden',
					__( 'Sorry, you are not allowed to do that.', 'circassian' ),
					array( 'status' => rest_authorization_required_code() )
				);
			}
		}
		return true;
	}
}
