<?php
/**
 * A language code as the plugin takes one from a request or post meta: two or three lowercase
 * letters, as the service's codes are (ru, kbd…). The routes check their arguments by it, and a
 * linked translation's language meta.
 *
 * @package Circassian
 */

namespace Circassian\Language;

defined( 'ABSPATH' ) || exit;

final class Language_Codes {

	/** A whole code, as a JSON Schema pattern (and, between slashes, a PHP one). */
	public const PATTERN = '^[a-z]{2,3}$';

	/** The same, or nothing: a meta field that may be empty. */
	public static function optional_pattern(): string {
		return '^(' . trim( self::PATTERN, '^$' ) . ')?$';
	}
}
