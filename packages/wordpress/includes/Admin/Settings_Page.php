<?php
/**
 * Settings > Circassian: the key (write-only; the page shows its prefix and where it comes from),
 * the service address, speech defaults, and "Test connection" with the key's name and limits.
 * Plain forms to admin-post.php: the page loads no script.
 *
 * @package Circassian
 */

namespace Circassian\Admin;

use Circassian\Connection;
use Circassian\Settings;

defined( 'ABSPATH' ) || exit;

final class Settings_Page {

	public const SLUG         = 'circassian';
	public const SAVE_ACTION  = 'circassian_save_settings';
	public const TEST_ACTION  = 'circassian_test_connection';
	private const RESULT_META = 'circassian_settings_result';

	public static function hook(): void {
		add_action( 'admin_menu', array( self::class, 'add_page' ) );
		add_action( 'admin_post_' . self::SAVE_ACTION, array( self::class, 'save' ) );
		add_action( 'admin_post_' . self::TEST_ACTION, array( self::class, 'test' ) );
	}

	public static function add_page(): void {
		add_options_page( __( 'Circassian', 'circassian' ), __( 'Circassian', 'circassian' ), 'manage_options', self::SLUG, array( self::class, 'render' ) );
	}

	public static function save(): void {
		self::guard( self::SAVE_ACTION );
		// phpcs:ignore WordPress.Security.NonceVerification.Missing -- checked in guard().
		Connection::save( wp_unslash( $_POST ) );
		self::back( array( 'type' => 'success', 'message' => __( 'Settings saved.', 'circassian' ) ) );
	}

	public static function test(): void {
		self::guard( self::TEST_ACTION );
		$result = Connection::test();
		if ( is_wp_error( $result ) ) {
			self::back( array( 'type' => 'error', 'message' => $result->get_error_message() ) );
		}
		$limits = array();
		foreach ( $result['limits'] as $name => $value ) {
			$limits[] = str_replace( '_', ' ', $name ) . ': ' . number_format_i18n( $value );
		}
		self::back(
			array(
				'type'    => 'success',
				/* translators: 1: key name, 2: key prefix, 3: limits. */
				'message' => sprintf( __( 'Connected as key "%1$s" (%2$s). Limits: %3$s.', 'circassian' ), $result['name'], $result['prefix'], implode( ', ', $limits ) ),
			)
		);
	}

	public static function render(): void {
		if ( ! current_user_can( 'manage_options' ) ) {
			return;
		}
		$state  = Connection::describe();
		$result = get_user_meta( get_current_user_id(), self::RESULT_META, true );
		delete_user_meta( get_current_user_id(), self::RESULT_META );
		$sources = array(
			Settings::SOURCE_ENV      => __( 'the CIRCASSIAN_API_KEY environment variable', 'circassian' ),
			Settings::SOURCE_CONSTANT => __( 'the CIRCASSIAN_API_KEY constant in wp-config.php', 'circassian' ),
			Settings::SOURCE_DATABASE => __( 'this page (stored in the database)', 'circassian' ),
			Settings::SOURCE_NONE     => __( 'nowhere: no key is set', 'circassian' ),
		);
		$locked = Settings::SOURCE_DATABASE !== $state['key_source'] && Settings::SOURCE_NONE !== $state['key_source'];
		?>
		<div class="wrap">
			<h1><?php esc_html_e( 'Circassian', 'circassian' ); ?></h1>
			<?php if ( is_array( $result ) && isset( $result['message'] ) ) : ?>
				<div class="notice notice-<?php echo 'error' === $result['type'] ? 'error' : 'success'; ?>" id="circassian-settings-result"><p><?php echo esc_html( $result['message'] ); ?></p></div>
			<?php endif; ?>
			<form method="post" action="<?php echo esc_url( admin_url( 'admin-post.php' ) ); ?>">
				<input type="hidden" name="action" value="<?php echo esc_attr( self::SAVE_ACTION ); ?>" />
				<?php wp_nonce_field( self::SAVE_ACTION ); ?>
				<table class="form-table" role="presentation">
					<tr>
						<th scope="row"><label for="circassian-api-key"><?php esc_html_e( 'API key', 'circassian' ); ?></label></th>
						<td>
							<input type="password" id="circassian-api-key" name="api_key" class="regular-text" value="" autocomplete="off" <?php disabled( $locked ); ?> />
							<p class="description" id="circassian-key-source">
								<?php
								/* translators: %s: where the key comes from. */
								echo esc_html( sprintf( __( 'Key in use comes from %s.', 'circassian' ), $sources[ $state['key_source'] ] ) );
								if ( '' !== $state['key_prefix'] ) {
									echo ' ';
									/* translators: %s: the public prefix of the key. */
									echo esc_html( sprintf( __( 'Prefix: %s', 'circassian' ), $state['key_prefix'] ) );
								}
								?>
							</p>
							<p class="description"><?php esc_html_e( 'Leave empty to keep the current key. The key stays on the server: it is never sent to browsers.', 'circassian' ); ?></p>
						</td>
					</tr>
					<tr>
						<th scope="row"><label for="circassian-base-url"><?php esc_html_e( 'Service address', 'circassian' ); ?></label></th>
						<td>
							<input type="url" id="circassian-base-url" name="base_url" class="regular-text" value="<?php echo esc_attr( $state['base_url'] ); ?>" <?php disabled( Settings::SOURCE_DATABASE !== $state['base_url_source'] && Settings::SOURCE_NONE !== $state['base_url_source'] ); ?> />
							<p class="description">
								<?php
								/* translators: %s: environment, constant, database or none. */
								echo esc_html( sprintf( __( 'Source: %s (CIRCASSIAN_BASE_URL environment variable, then constant, then this page).', 'circassian' ), $state['base_url_source'] ) );
								?>
							</p>
						</td>
					</tr>
					<tr>
						<th scope="row"><label for="circassian-language"><?php esc_html_e( 'Default speech language', 'circassian' ); ?></label></th>
						<td><input type="text" id="circassian-language" name="language" value="<?php echo esc_attr( $state['defaults']['language'] ); ?>" class="small-text" /></td>
					</tr>
					<tr>
						<th scope="row"><label for="circassian-voice"><?php esc_html_e( 'Default voice', 'circassian' ); ?></label></th>
						<td><input type="text" id="circassian-voice" name="voice" value="<?php echo esc_attr( $state['defaults']['voice'] ); ?>" class="small-text" /></td>
					</tr>
					<tr>
						<th scope="row"><label for="circassian-speed"><?php esc_html_e( 'Default speed', 'circassian' ); ?></label></th>
						<td><input type="number" id="circassian-speed" name="speed" min="0.25" max="2" step="0.05" value="<?php echo esc_attr( (string) $state['defaults']['speed'] ); ?>" class="small-text" /></td>
					</tr>
				</table>
				<?php submit_button( __( 'Save settings', 'circassian' ) ); ?>
			</form>
			<form method="post" action="<?php echo esc_url( admin_url( 'admin-post.php' ) ); ?>">
				<input type="hidden" name="action" value="<?php echo esc_attr( self::TEST_ACTION ); ?>" />
				<?php wp_nonce_field( self::TEST_ACTION ); ?>
				<?php submit_button( __( 'Test connection', 'circassian' ), 'secondary', 'circassian-test' ); ?>
			</form>
		</div>
		<?php
	}

	private static function guard( string $action ): void {
		if ( ! current_user_can( 'manage_options' ) ) {
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
