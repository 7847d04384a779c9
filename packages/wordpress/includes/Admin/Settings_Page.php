<?php
/**
 * Settings > Circassian: the key (write-only; the page shows its prefix and where it comes from),
 * the service address, speech defaults (chosen from the service's lists), post audio (post types
 * and where the player goes), who may spend the key and how much, the service's terms and privacy
 * policy addresses, and "Test connection" with the key's name, limits and today's usage. One plain
 * form to admin-post.php; a small script (src/settings) makes "Test connection" test what is typed
 * without a reload (so nothing typed is lost), and without script the same button tests it through
 * the form.
 *
 * @package Circassian
 */

namespace Circassian\Admin;

use Circassian\Access;
use Circassian\Connection;
use Circassian\I18n;
use Circassian\Post_Audio;
use Circassian\REST\Catalog_Controller;
use Circassian\Settings;

use const Circassian\PLUGIN_FILE;

defined( 'ABSPATH' ) || exit;

final class Settings_Page {

	public const SLUG         = 'circassian';
	public const SAVE_ACTION  = 'circassian_save_settings';
	private const RESULT_META = 'circassian_settings_result';

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
		wp_enqueue_script( I18n::SETTINGS_SCRIPT, plugins_url( 'build/settings/index.js', PLUGIN_FILE ), $asset['dependencies'], $asset['version'], true );
		I18n::set_script_translations( I18n::SETTINGS_SCRIPT );
	}

	public static function add_page(): void {
		add_options_page( __( 'Circassian', 'circassian' ), __( 'Circassian', 'circassian' ), Settings::manage_capability(), self::SLUG, array( self::class, 'render' ) );
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
			self::report_test( Connection::test( $values ) );
		}
		$saved = Connection::save( $values );
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
					'message' => trim( Connection::connected_message( $result ) . ' ' . Connection::usage_message( $result ) ),
				)
		);
	}

	/**
	 * Items of a service listing as id => title, with the current value kept when the list lacks it.
	 *
	 * @return array<string, string>
	 */
	private static function choices( string $field, string $current ): array {
		$listing = Catalog_Controller::listing( '/v1/voices' );
		$choices = array();
		foreach ( is_array( $listing ) && isset( $listing[ $field ] ) && is_array( $listing[ $field ] ) ? $listing[ $field ] : array() as $item ) {
			if ( is_array( $item ) && isset( $item['id'] ) && is_string( $item['id'] ) ) {
				$choices[ $item['id'] ] = I18n::known_name( $item['id'] ) ?? (string) ( $item['title'] ?? $item['id'] );
			}
		}
		if ( ! isset( $choices[ $current ] ) ) {
			$choices = array( $current => I18n::known_name( $current ) ?? $current ) + $choices;
		}
		return $choices;
	}

	/**
	 * @param array<string, string> $choices value => label.
	 */
	private static function select( string $id, string $name, array $choices, string $current ): void {
		printf( '<select id="%s" name="%s">', esc_attr( $id ), esc_attr( $name ) );
		foreach ( $choices as $value => $label ) {
			printf( '<option value="%s"%s>%s</option>', esc_attr( (string) $value ), selected( (string) $value, $current, false ), esc_html( $label ) );
		}
		echo '</select>';
	}

	public static function render(): void {
		if ( ! current_user_can( Settings::manage_capability() ) ) {
			return;
		}
		$state  = Connection::describe();
		$result = get_user_meta( get_current_user_id(), self::RESULT_META, true );
		delete_user_meta( get_current_user_id(), self::RESULT_META );
		$sources      = array(
			Settings::SOURCE_ENV      => __( 'the CIRCASSIAN_API_KEY environment variable', 'circassian' ),
			Settings::SOURCE_CONSTANT => __( 'the CIRCASSIAN_API_KEY constant in wp-config.php', 'circassian' ),
			Settings::SOURCE_DATABASE => __( 'this page (stored in the database)', 'circassian' ),
			Settings::SOURCE_NONE     => __( 'nowhere: no key is set', 'circassian' ),
		);
		$base_sources = array(
			Settings::SOURCE_ENV      => __( 'Set by the CIRCASSIAN_BASE_URL environment variable.', 'circassian' ),
			Settings::SOURCE_CONSTANT => __( 'Set by the CIRCASSIAN_BASE_URL constant in wp-config.php.', 'circassian' ),
			Settings::SOURCE_DATABASE => __( 'Set on this page.', 'circassian' ),
			Settings::SOURCE_NONE     => __( 'Not set yet.', 'circassian' ),
		);
		$key_locked   = in_array( $state['key_source'], array( Settings::SOURCE_ENV, Settings::SOURCE_CONSTANT ), true );
		$base_locked  = $state['base_url_locked'] || in_array( $state['base_url_source'], array( Settings::SOURCE_ENV, Settings::SOURCE_CONSTANT ), true );
		$lists_ok     = ! is_wp_error( Catalog_Controller::listing( '/v1/voices' ) );
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
				<h2><?php esc_html_e( 'Connection', 'circassian' ); ?></h2>
				<table class="form-table" role="presentation">
					<tr>
						<th scope="row"><label for="circassian-api-key"><?php esc_html_e( 'API key', 'circassian' ); ?></label></th>
						<td>
							<input type="password" id="circassian-api-key" name="api_key" class="regular-text" value="" autocomplete="off" <?php disabled( $key_locked ); ?> />
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
							<?php if ( ! $key_locked ) : ?>
								<p class="description"><?php esc_html_e( 'Leave empty to keep the current key. The key stays on the server: it is never sent to browsers.', 'circassian' ); ?></p>
							<?php endif; ?>
						</td>
					</tr>
					<tr>
						<th scope="row"><label for="circassian-base-url"><?php esc_html_e( 'Service address', 'circassian' ); ?></label></th>
						<td>
							<?php if ( $base_locked ) : ?>
								<input type="url" id="circassian-base-url" class="regular-text code" value="<?php echo esc_attr( $state['base_url'] ); ?>" readonly="readonly" aria-describedby="circassian-base-url-source" />
							<?php else : ?>
								<input type="url" id="circassian-base-url" name="base_url" class="regular-text code" value="<?php echo esc_attr( $state['base_url'] ); ?>" placeholder="https://" aria-describedby="circassian-base-url-source" />
							<?php endif; ?>
							<p class="description" id="circassian-base-url-source">
								<?php
								echo esc_html( $base_sources[ $state['base_url_source'] ] );
								echo ' ';
								if ( $base_locked ) {
									esc_html_e( 'The key comes from the server, so the address can only be set there too (CIRCASSIAN_BASE_URL).', 'circassian' );
								} else {
									esc_html_e( 'An https:// address (http:// only for a service on this machine).', 'circassian' );
								}
								?>
							</p>
						</td>
					</tr>
				</table>
				<p>
					<button type="submit" name="circassian_test" value="1" class="button" id="circassian-test"><?php esc_html_e( 'Test connection', 'circassian' ); ?></button>
					<span id="circassian-test-status" class="description" role="status" aria-live="polite"></span>
					<span class="description">
						<?php
						if ( $key_locked && $base_locked ) {
							esc_html_e( 'Tests the key and address the server sets.', 'circassian' );
						} else {
							esc_html_e( 'Tests the key and address as typed above, without saving them.', 'circassian' );
						}
						?>
					</span>
				</p>
				<h2><?php esc_html_e( 'Speech defaults for new audio blocks', 'circassian' ); ?></h2>
				<table class="form-table" role="presentation">
					<tr>
						<th scope="row"><label for="circassian-language"><?php esc_html_e( 'Default speech language', 'circassian' ); ?></label></th>
						<td>
							<?php self::select( 'circassian-language', 'language', self::choices( 'languages', $state['defaults']['language'] ), $state['defaults']['language'] ); ?>
							<?php if ( ! $lists_ok ) : ?>
								<p class="description"><?php esc_html_e( 'The full lists of languages and voices appear once the connection works.', 'circassian' ); ?></p>
							<?php endif; ?>
						</td>
					</tr>
					<tr>
						<th scope="row"><label for="circassian-voice"><?php esc_html_e( 'Default voice', 'circassian' ); ?></label></th>
						<td><?php self::select( 'circassian-voice', 'voice', self::choices( 'voices', $state['defaults']['voice'] ), $state['defaults']['voice'] ); ?></td>
					</tr>
					<tr>
						<th scope="row"><label for="circassian-speed"><?php esc_html_e( 'Default speed', 'circassian' ); ?></label></th>
						<td><input type="number" id="circassian-speed" name="speed" min="0.25" max="2" step="0.05" value="<?php echo esc_attr( (string) $state['defaults']['speed'] ); ?>" class="small-text" /></td>
					</tr>
				</table>
				<?php self::render_post_audio( $state['post_audio'] ); ?>
				<?php Podcast_Settings::render( $state['podcast'] ); ?>
				<h2><?php esc_html_e( 'Who may spend the key', 'circassian' ); ?></h2>
				<table class="form-table" role="presentation">
					<tr>
						<th scope="row"><label for="circassian-capability"><?php esc_html_e( 'Translate and generate audio', 'circassian' ); ?></label></th>
						<td>
							<?php self::select( 'circassian-capability', 'capability', Access::levels(), $state['access']['capability'] ); ?>
							<p class="description"><?php esc_html_e( 'Others can still edit posts and play the audio; they are told to ask someone who may.', 'circassian' ); ?></p>
						</td>
					</tr>
					<tr>
						<th scope="row"><label for="circassian-request-chars"><?php esc_html_e( 'Characters per request', 'circassian' ); ?></label></th>
						<td><input type="number" id="circassian-request-chars" name="request_chars" min="1" max="<?php echo esc_attr( (string) Access::MAX_CHARS ); ?>" step="1" value="<?php echo esc_attr( (string) $state['access']['request_chars'] ); ?>" class="regular-text" /></td>
					</tr>
					<tr>
						<th scope="row"><label for="circassian-daily-chars"><?php esc_html_e( 'Characters per user per day', 'circassian' ); ?></label></th>
						<td>
							<input type="number" id="circassian-daily-chars" name="daily_chars" min="1" max="<?php echo esc_attr( (string) Access::MAX_CHARS ); ?>" step="1" value="<?php echo esc_attr( (string) $state['access']['daily_chars'] ); ?>" class="regular-text" />
							<p class="description"><?php esc_html_e( 'Text sent for translation and speech, counted per user; it resets at midnight UTC.', 'circassian' ); ?></p>
						</td>
					</tr>
				</table>
				<?php self::render_policies( $state ); ?>
				<?php submit_button( __( 'Save settings', 'circassian' ) ); ?>
			</form>
		</div>
		<?php
	}

	/**
	 * Post audio: the post types voiced on publish and update (none: off), and where the player goes.
	 *
	 * @param array{post_types: list<string>, placement: string} $post_audio The current setting.
	 */
	private static function render_post_audio( array $post_audio ): void {
		$placements = array(
			'before' => __( 'Before the content', 'circassian' ),
			'after'  => __( 'After the content', 'circassian' ),
			'block'  => __( 'Where the Post audio block is placed in the post', 'circassian' ),
		);
		?>
		<h2><?php esc_html_e( 'Post audio ("Listen to this post")', 'circassian' ); ?></h2>
		<p><?php esc_html_e( 'Posts of the types ticked here are voiced in the background when they are published, and again when an update changes their text; the player is placed for visitors.', 'circassian' ); ?></p>
		<table class="form-table" role="presentation">
			<tr>
				<th scope="row"><?php esc_html_e( 'Voice these post types', 'circassian' ); ?></th>
				<td>
					<fieldset id="circassian-post-audio-types">
						<legend class="screen-reader-text"><?php esc_html_e( 'Voice these post types', 'circassian' ); ?></legend>
						<?php foreach ( Post_Audio::allowed_post_types() as $type ) : ?>
							<?php $object = get_post_type_object( $type ); ?>
							<label>
								<input type="checkbox" name="post_audio[post_types][]" value="<?php echo esc_attr( $type ); ?>" <?php checked( in_array( $type, $post_audio['post_types'], true ) ); ?> />
								<?php echo esc_html( $object ? $object->labels->name : $type ); ?>
							</label><br />
						<?php endforeach; ?>
						<p class="description">
							<?php
							// Says what is so now: with types ticked, "None ticked" would read as the current state.
							$post_audio['post_types']
								? esc_html_e( 'Untick them all to turn post audio off.', 'circassian' )
								: esc_html_e( 'None ticked: post audio is off.', 'circassian' );
							?>
						</p>
					</fieldset>
				</td>
			</tr>
			<tr>
				<th scope="row"><?php esc_html_e( 'Place the player', 'circassian' ); ?></th>
				<td>
					<fieldset id="circassian-post-audio-placement">
						<legend class="screen-reader-text"><?php esc_html_e( 'Place the player', 'circassian' ); ?></legend>
						<?php foreach ( $placements as $value => $label ) : ?>
							<label>
								<input type="radio" name="post_audio[placement]" value="<?php echo esc_attr( $value ); ?>" <?php checked( $post_audio['placement'], $value ); ?> />
								<?php echo esc_html( $label ); ?>
							</label><br />
						<?php endforeach; ?>
					</fieldset>
				</td>
			</tr>
		</table>
		<?php
	}

	/**
	 * The service's terms of use and privacy policy addresses, for the privacy policy guide.
	 *
	 * @param array{terms_url: string, privacy_url: string} $state The current addresses.
	 */
	private static function render_policies( array $state ): void {
		$fields = array(
			'terms_url'   => __( 'Terms of use', 'circassian' ),
			'privacy_url' => __( 'Privacy policy', 'circassian' ),
		);
		?>
		<h2><?php esc_html_e( 'The service\'s terms and privacy policy', 'circassian' ); ?></h2>
		<p>
			<?php
			printf(
				/* translators: %s: link to the privacy policy guide. */
				esc_html__( 'The addresses that apply to your key, from whoever issued it. They are shown in the %s, with what this plugin sends to the service and when.', 'circassian' ),
				'<a href="' . esc_url( admin_url( 'options-privacy.php?tab=policyguide' ) ) . '">' . esc_html__( 'privacy policy guide', 'circassian' ) . '</a>'
			);
			?>
		</p>
		<table class="form-table" role="presentation">
			<?php foreach ( $fields as $field => $label ) : ?>
				<tr>
					<th scope="row"><label for="circassian-<?php echo esc_attr( str_replace( '_', '-', $field ) ); ?>"><?php echo esc_html( $label ); ?></label></th>
					<td><input type="url" id="circassian-<?php echo esc_attr( str_replace( '_', '-', $field ) ); ?>" name="<?php echo esc_attr( $field ); ?>" class="regular-text code" value="<?php echo esc_attr( $state[ $field ] ); ?>" placeholder="https://" /></td>
				</tr>
			<?php endforeach; ?>
		</table>
		<?php
	}

	private static function guard( string $action ): void {
		if ( ! current_user_can( Settings::manage_capability() ) ) {
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
