<?php
/**
 * Settings > Circassian, Speech defaults for new audio blocks: language and voice from the
 * service's lists, and speed.
 *
 * @package Circassian
 */

namespace Circassian\Admin\Settings;

defined( 'ABSPATH' ) || exit;

final class Speech_Defaults_Section {

	/**
	 * @param array{language: string, voice: string, speed: float} $defaults The current defaults.
	 * @param bool                                               $lists_ok Whether the service's lists could be read.
	 */
	public static function render( array $defaults, bool $lists_ok ): void {
		?>
		<h2><?php esc_html_e( 'Speech defaults for new audio blocks', 'circassian' ); ?></h2>
		<table class="form-table" role="presentation">
			<tr>
				<th scope="row"><label for="circassian-language"><?php esc_html_e( 'Default speech language', 'circassian' ); ?></label></th>
				<td>
					<?php Form_Fields::select( 'circassian-language', 'language', Form_Fields::choices( 'languages', $defaults['language'] ), $defaults['language'] ); ?>
					<?php if ( ! $lists_ok ) : ?>
						<p class="description"><?php esc_html_e( 'The full lists of languages and voices appear once the connection works.', 'circassian' ); ?></p>
					<?php endif; ?>
				</td>
			</tr>
			<tr>
				<th scope="row"><label for="circassian-voice"><?php esc_html_e( 'Default voice', 'circassian' ); ?></label></th>
				<td><?php Form_Fields::select( 'circassian-voice', 'voice', Form_Fields::choices( 'voices', $defaults['voice'] ), $defaults['voice'] ); ?></td>
			</tr>
			<tr>
				<th scope="row"><label for="circassian-speed"><?php esc_html_e( 'Default speed', 'circassian' ); ?></label></th>
				<td><input type="number" id="circassian-speed" name="speed" min="0.25" max="2" step="0.05" value="<?php echo esc_attr( (string) $defaults['speed'] ); ?>" class="small-text" /></td>
			</tr>
		</table>
		<?php
	}
}
