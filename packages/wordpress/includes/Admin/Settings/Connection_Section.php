<?php
/**
 * Settings > Circassian, Connection: the key (write-only; its prefix and where it comes from), the
 * service address, and Test connection.
 *
 * @package Circassian
 */

namespace Circassian\Admin\Settings;

use Circassian\Service;

defined( 'ABSPATH' ) || exit;

final class Connection_Section {

	/**
	 * @param array<string, mixed> $state Connection::describe().
	 */
	public static function render( array $state ): void {
		$sources      = array(
			Service\Settings::SOURCE_ENV      => __( 'the CIRCASSIAN_API_KEY environment variable', 'circassian' ),
			Service\Settings::SOURCE_CONSTANT => __( 'the CIRCASSIAN_API_KEY constant in wp-config.php', 'circassian' ),
			Service\Settings::SOURCE_DATABASE => __( 'this page (stored in the database)', 'circassian' ),
			Service\Settings::SOURCE_NONE     => __( 'nowhere: no key is set', 'circassian' ),
		);
		$base_sources = array(
			Service\Settings::SOURCE_ENV      => __( 'Set by the CIRCASSIAN_BASE_URL environment variable.', 'circassian' ),
			Service\Settings::SOURCE_CONSTANT => __( 'Set by the CIRCASSIAN_BASE_URL constant in wp-config.php.', 'circassian' ),
			Service\Settings::SOURCE_DATABASE => __( 'Set on this page.', 'circassian' ),
			Service\Settings::SOURCE_NONE     => __( 'Not set yet.', 'circassian' ),
		);
		$key_locked   = in_array( $state['key_source'], array( Service\Settings::SOURCE_ENV, Service\Settings::SOURCE_CONSTANT ), true );
		$base_locked  = $state['base_url_locked'] || in_array( $state['base_url_source'], array( Service\Settings::SOURCE_ENV, Service\Settings::SOURCE_CONSTANT ), true );
		?>
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
		<?php
	}
}
