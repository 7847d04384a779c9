<?php
/**
 * The plugin's interface translations, shipped in languages/ (PHP: circassian-{locale}.mo; the
 * editor scripts: circassian-{locale}-{md5 of the script's path}.json, as `wp i18n make-json`
 * names them), made by `pnpm --filter @circassian/wordpress i18n`. WordPress looks for a plugin's
 * translations only in wp-content/languages unless told where, so every text domain load and
 * every script handle points here.
 *
 * @package Circassian
 */

namespace Circassian\Support;

use const Circassian\PLUGIN_FILE;

defined( 'ABSPATH' ) || exit;

final class I18n {

	public const DOMAIN = 'circassian';
	/** The script handles WordPress makes from the blocks' block.json (editorScript). */
	public const AUDIO_SCRIPT      = 'circassian-audio-editor-script';
	public const POST_AUDIO_SCRIPT = 'circassian-post-audio-editor-script';
	/** The settings page's script (src/settings). */
	public const SETTINGS_SCRIPT = 'circassian-settings';
	/** Tools > Circassian audio's script (src/bulk-audio). */
	public const BULK_AUDIO_SCRIPT = 'circassian-bulk-audio';

	public static function hook(): void {
		// Before the blocks and the settings page use any string (both on init or later).
		add_action( 'init', array( self::class, 'load_textdomain' ), 0 );
	}

	public static function load_textdomain(): void {
		load_plugin_textdomain( self::DOMAIN, false, dirname( plugin_basename( PLUGIN_FILE ) ) . '/languages' );
	}

	/**
	 * The name of a language or voice the service lists, in the user's language, for the ids the
	 * plugin knows (the service names them in English); null for others, shown as the service
	 * names them. The editor scripts name them the same way (src/editor-tools/languages.js).
	 */
	public static function known_name( string $id ): ?string {
		$names = array(
			'kbd'    => __( 'Kabardian', 'circassian' ),
			'ady'    => __( 'Adyghe', 'circassian' ),
			'ru'     => __( 'Russian', 'circassian' ),
			'en'     => __( 'English', 'circassian' ),
			'tr'     => __( 'Turkish', 'circassian' ),
			'male'   => __( 'Male', 'circassian' ),
			'female' => __( 'Female', 'circassian' ),
		);
		return $names[ $id ] ?? null;
	}

	/** The JSON translations of one of the plugin's scripts, from languages/. */
	public static function set_script_translations( string $handle ): void {
		wp_set_script_translations( $handle, self::DOMAIN, dirname( PLUGIN_FILE ) . '/languages' );
	}
}
