<?php
/**
 * Settings > Circassian, Who may spend the key: the capability, and characters per request and per
 * user per day.
 *
 * @package Circassian
 */

namespace Circassian\Admin\Settings;

use Circassian\Spending;

defined( 'ABSPATH' ) || exit;

final class Access_Section {

	/**
	 * @param array{capability: string, request_chars: int, daily_chars: int} $access The current rules.
	 */
	public static function render( array $access ): void {
		?>
		<h2><?php esc_html_e( 'Who may spend the key', 'circassian' ); ?></h2>
		<table class="form-table" role="presentation">
			<tr>
				<th scope="row"><label for="circassian-capability"><?php esc_html_e( 'Translate and generate audio', 'circassian' ); ?></label></th>
				<td>
					<?php Form_Fields::select( 'circassian-capability', 'capability', Spending\Access::levels(), $access['capability'] ); ?>
					<p class="description"><?php esc_html_e( 'Others can still edit posts and play the audio; they are told to ask someone who may.', 'circassian' ); ?></p>
				</td>
			</tr>
			<tr>
				<th scope="row"><label for="circassian-request-chars"><?php esc_html_e( 'Characters per request', 'circassian' ); ?></label></th>
				<td><input type="number" id="circassian-request-chars" name="request_chars" min="1" max="<?php echo esc_attr( (string) Spending\Access::MAX_CHARS ); ?>" step="1" value="<?php echo esc_attr( (string) $access['request_chars'] ); ?>" class="regular-text" /></td>
			</tr>
			<tr>
				<th scope="row"><label for="circassian-daily-chars"><?php esc_html_e( 'Characters per user per day', 'circassian' ); ?></label></th>
				<td>
					<input type="number" id="circassian-daily-chars" name="daily_chars" min="1" max="<?php echo esc_attr( (string) Spending\Access::MAX_CHARS ); ?>" step="1" value="<?php echo esc_attr( (string) $access['daily_chars'] ); ?>" class="regular-text" />
					<p class="description"><?php esc_html_e( 'Text sent for translation and speech, counted per user; it resets at midnight UTC.', 'circassian' ); ?></p>
				</td>
			</tr>
		</table>
		<?php
	}
}
