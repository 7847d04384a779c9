<?php
/**
 * Settings > Circassian: the key (write-only; the page shows its prefix and where it comes from),
 * the service address, speech defaults (chosen from the service's lists), post audio (post types
 * and where the player goes), who may spend the key and how much, the service's terms and privacy
 * policy addresses, and "Test connection" with the key's name, limits and today's usage. One plain
 * form to admin-post.php, its sections in Admin/Settings/; a small script (src/settings) makes "Test connection" test what is typed
 * without a reload (so nothing typed is lost), and without script the same button tests it through
 * the form.
 *
 * @package Circassian
 */

namespace Circassian\Admin;

use Circassian\REST;
use Circassian\Service;
use Circassian\Support;

use const Circassian\PLUGIN_FILE;

defined( 'ABSPATH' ) || exit;

final class Settings_Page {

	public const SLUG        = 'circassian';
	public const SAVE_ACTION = 'circassian_save_settings';
	public const RESULT_META = 'circassian_settings_result';

	public static function hook(): void {
		add_action( 'admin_menu', array( self::class, 'add_page' ) );
		add_action( 'admin_post_' . self::SAVE_ACTION, array( self::class, 'save' ) );
		add_action( 'admin_enqueue_scripts', array( self::class, 'enqueue' ) );
	}

	/** The "Test connection" script (built from src/settings), on this page only. */
	public static function enqueue( string $hook ): void {
		if ( 'settings_page_' . self::SLUG !== $hook ) {
			return;
		}
		$asset = require dirname( PLUGIN_FILE ) . '/build/settings/index.asset.php';
		wp_enqueue_script( Support\I18n::SETTINGS_SCRIPT, plugins_url( 'build/settings/index.js', PLUGIN_FILE ), $asset['dependencies'], $asset['version'], true );
		Support\I18n::set_script_translations( Support\I18n::SETTINGS_SCRIPT );
		Podcast_Settings::enqueue();
	}

	public static function add_page(): void {
		add_options_page( __( 'Circassian', 'circassian' ), __( 'Circassian', 'circassian' ), Service\Settings::manage_capability(), self::SLUG, array( self::class, 'render' ) );
	}

	public static function save(): void {
		self::guard( self::SAVE_ACTION );
		// phpcs:ignore WordPress.Security.NonceVerification.Missing, WordPress.CSRF.NonceVerification -- checked in guard().
		$values = wp_unslash( $_POST );
		// Unchecked boxes send nothing: no post type ticked means post audio is off.
		if ( isset( $values['post_audio'] ) && is_array( $values['post_audio'] ) ) {
			$values['post_audio'] += array( 'post_types' => array() );
		}
		if ( isset( $values['circassian_test'] ) ) {
			self::report_test( Service\Connection::test( $values ) );
		}
		$saved = Service\Connection::save( $values );
		self::back(
			is_wp_error( $saved ) ? array(
				'type'    => 'error',
				'message' => $saved->get_error_message(),
			) : array(
				'type'    => 'success',
				'message' => __( 'Settings saved.', 'circassian' ),
			)
		);
	}

	/**
	 * @param array{name: string, prefix: string, limits: array<string, int>, usage: array<string, float>}|\WP_Error $result What the test found.
	 */
	private static function report_test( array|\WP_Error $result ): void {
		self::back(
			is_wp_error( $result )
				? array(
					'type'    => 'error',
					'message' => $result->get_error_message(),
				)
				: array(
					'type'    => 'success',
					'message' => trim( Service\Connection::connected_message( $result ) . ' ' . Service\Connection::usage_message( $result ) ),
				)
		);
	}

	public static function render(): void {
		if ( ! current_user_can( Service\Settings::manage_capability() ) ) {
			return;
		}
		$state  = Service\Connection::describe();
		$result = get_user_meta( get_current_user_id(), self::RESULT_META, true );
		delete_user_meta( get_current_user_id(), self::RESULT_META );
		?>
		<div class="wrap">
			<h1><?php esc_html_e( 'Circassian', 'circassian' ); ?></h1>
			<div id="circassian-settings-result" role="status" aria-live="polite"
				<?php echo is_array( $result ) && isset( $result['message'] ) ? ' class="notice notice-' . ( 'error' === $result['type'] ? 'error' : 'success' ) . '"' : ''; ?>>
				<?php if ( is_array( $result ) && isset( $result['message'] ) ) : ?>
					<p><?php echo esc_html( $result['message'] ); ?></p>
				<?php endif; ?>
			</div>
			<form method="post" action="<?php echo esc_url( admin_url( 'admin-post.php' ) ); ?>" id="circassian-settings-form">
				<input type="hidden" name="action" value="<?php echo esc_attr( self::SAVE_ACTION ); ?>" />
				<?php wp_nonce_field( self::SAVE_ACTION ); ?>
				<?php // Enter in a field saves, as on every settings page: the form's first button is the default one. ?>
				<button type="submit" class="screen-reader-text" tabindex="-1" aria-hidden="true"><?php esc_html_e( 'Save settings', 'circassian' ); ?></button>
				<?php
				Settings\Connection_Section::render( $state );
				Settings\Speech_Defaults_Section::render( $state['defaults'], ! is_wp_error( REST\Catalog_Controller::listing( '/v1/voices' ) ) );
				Settings\Post_Audio_Section::render( $state['post_audio'] );
				Podcast_Settings::render( $state['podcast'] );
				Settings\Access_Section::render( $state['access'] );
				Settings\Policies_Section::render( $state );
				submit_button( __( 'Save settings', 'circassian' ) );
				?>
			</form>
		</div>
		<?php
	}

	private static function guard( string $action ): void {
		if ( ! current_user_can( Service\Settings::manage_capability() ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to change these settings.', 'circassian' ), 403 );
		}
		check_admin_referer( $action );
	}

	/**
	 * @param array{type: string, message: string} $result Shown once on the page.
	 */
	private static function back( array $result ): void {
		update_user_meta( get_current_user_id(), self::RESULT_META, $result );
		wp_safe_redirect( admin_url( 'options-general.php?page=' . self::SLUG ) );
		exit;
	}
}
