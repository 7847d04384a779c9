<?php
/**
 * Settings > Circassian, the service's terms and privacy policy addresses, for the privacy policy
 * guide.
 *
 * @package Circassian
 */

namespace Circassian\Admin\Settings;

defined( 'ABSPATH' ) || exit;

final class Policies_Section {

	/**
	 * The service's terms of use and privacy policy addresses, for the privacy policy guide.
	 *
	 * @param array{terms_url: string, privacy_url: string} $state The current addresses.
	 */
	public static function render( array $state ): void {
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
}
