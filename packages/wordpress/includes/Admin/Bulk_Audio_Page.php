<?php
/**
 * Tools > Circassian audio, and "Generate audio" in the bulk actions of every post type with
 * post audio on. The bulk action starts nothing: it opens the tools page with the selected posts,
 * which shows what they cost against the key's daily limits before Start. The page is a small
 * React app (src/bulk-audio) over the bulk-audio routes.
 *
 * @package Circassian
 */

namespace Circassian\Admin;

use Circassian\Audio;
use Circassian\Post_Audio;
use Circassian\Service;
use Circassian\Spending;
use Circassian\Support;

use const Circassian\PLUGIN_FILE;

defined( 'ABSPATH' ) || exit;

final class Bulk_Audio_Page {

	public const SLUG        = 'circassian-audio';
	public const BULK_ACTION = 'circassian_generate_audio';
	private const CAPABILITY = 'manage_options';

	public static function hook(): void {
		add_action( 'admin_menu', array( self::class, 'add_page' ) );
		add_action( 'admin_enqueue_scripts', array( self::class, 'enqueue' ) );
		add_action( 'admin_init', array( self::class, 'add_bulk_actions' ) );
	}

	public static function add_page(): void {
		add_management_page( __( 'Circassian audio', 'circassian' ), __( 'Circassian audio', 'circassian' ), self::CAPABILITY, self::SLUG, array( self::class, 'render' ) );
	}

	public static function url( string $post_type = '', array $ids = array() ): string {
		$args = array( 'page' => self::SLUG );
		if ( '' !== $post_type ) {
			$args['circassian_post_type'] = $post_type; // Not post_type: on an admin page that names the post type's screen.
		}
		if ( $ids ) {
			$args['circassian_ids'] = implode( ',', array_map( 'intval', $ids ) );
		}
		return add_query_arg( $args, admin_url( 'tools.php' ) );
	}

	public static function render(): void {
		echo '<div class="wrap"><h1>' . esc_html__( 'Circassian audio', 'circassian' ) . '</h1>';
		// Runs move on through WP-Cron: where visits do not spawn it, only the server's cron can.
		if ( defined( 'DISABLE_WP_CRON' ) && DISABLE_WP_CRON ) {
			echo '<div class="notice notice-warning inline"><p>' . esc_html__( 'WP-Cron is switched off on this site (DISABLE_WP_CRON): a run moves on only when your server\'s cron requests wp-cron.php.', 'circassian' ) . '</p></div>';
		}
		echo '<div id="circassian-bulk-audio"><p>' . esc_html__( 'Loading…', 'circassian' ) . '</p></div>';
		echo '<noscript><p>' . esc_html__( 'This page needs JavaScript.', 'circassian' ) . '</p></noscript></div>';
	}

	public static function enqueue( string $hook ): void {
		if ( 'tools_page_' . self::SLUG !== $hook ) {
			return;
		}
		$dir   = dirname( PLUGIN_FILE ) . '/build/bulk-audio/';
		$asset = is_readable( $dir . 'index.asset.php' ) ? require $dir . 'index.asset.php' : array(
			'dependencies' => array(),
			'version'      => false,
		);
		wp_enqueue_script( Support\I18n::BULK_AUDIO_SCRIPT, plugins_url( 'build/bulk-audio/index.js', PLUGIN_FILE ), $asset['dependencies'], $asset['version'], true );
		Support\I18n::set_script_translations( Support\I18n::BULK_AUDIO_SCRIPT );
		// Without an encoder on the server, a finished run's episodes are encoded to MP3 in the browser, by whoever may upload them (REST\Podcast_Mp3_Controller).
		$in_browser = null === Audio\Audio_Encoder::available() && current_user_can( Service\Settings::manage_capability() );
		wp_add_inline_script( Support\I18n::BULK_AUDIO_SCRIPT, 'window.circassianBulkAudio = ' . wp_json_encode( array( 'encodeMp3InBrowser' => $in_browser ) ) . ';', 'before' );
		wp_enqueue_style( 'circassian-bulk-audio', plugins_url( 'build/bulk-audio/index.css', PLUGIN_FILE ), array( 'wp-components' ), $asset['version'] );
	}

	/** "Generate audio" on the list screens of the post types with post audio on, for those who may run it. */
	public static function add_bulk_actions(): void {
		if ( ! current_user_can( self::CAPABILITY ) || ! Spending\Access::can_spend() ) {
			return;
		}
		foreach ( Post_Audio\Settings::get()['post_types'] as $post_type ) {
			add_filter( 'bulk_actions-edit-' . $post_type, array( self::class, 'bulk_action' ) );
			add_filter( 'handle_bulk_actions-edit-' . $post_type, array( self::class, 'handle_bulk_action' ), 10, 3 );
		}
	}

	/**
	 * @param array<string, string> $actions Bulk actions.
	 * @return array<string, string>
	 */
	public static function bulk_action( array $actions ): array {
		$actions[ self::BULK_ACTION ] = __( 'Generate audio', 'circassian' );
		return $actions;
	}

	/**
	 * The selected posts go to the tools page, where their estimate comes before Start.
	 *
	 * @param string|false $redirect Where WordPress would go.
	 * @param list<int>    $ids      The selected posts.
	 */
	public static function handle_bulk_action( string|false $redirect, string $action, array $ids ): string|false {
		if ( self::BULK_ACTION !== $action ) {
			return $redirect;
		}
		$screen = get_current_screen();
		return self::url( $screen ? (string) $screen->post_type : 'post', $ids );
	}
}
