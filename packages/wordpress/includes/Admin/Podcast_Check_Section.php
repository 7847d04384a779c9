<?php
/**
 * "Check the feed as a directory would" on the podcast settings: a feed to check and the button
 * (src/podcast-settings calls POST circassian/v1/podcast/check and lists each finding).
 *
 * @package Circassian
 */

namespace Circassian\Admin;

use Circassian\Service;
use Circassian\Support;

defined( 'ABSPATH' ) || exit;

final class Podcast_Check_Section {

	/**
	 * @param list<string> $with The languages whose feed has episodes.
	 */
	public static function render( array $with ): void {
		?>
		<h3><?php esc_html_e( 'Check the feed as a directory would', 'circassian' ); ?></h3>
		<p><?php esc_html_e( 'Fetches from this server what Apple Podcasts and Spotify fetch when a show is submitted: the newest episode’s audio (a HEAD request, and a byte-range request, which Apple requires), and the artwork. Then says what they would refuse.', 'circassian' ); ?></p>
		<p>
			<label for="circassian-podcast-check-lang"><?php esc_html_e( 'Feed', 'circassian' ); ?></label>
			<select id="circassian-podcast-check-lang">
				<?php foreach ( Service\Service_Facts::SPEECH_LANGUAGES as $language ) : ?>
					<option value="<?php echo esc_attr( $language ); ?>" <?php selected( $with[0] ?? '', $language ); ?>><?php echo esc_html( Support\I18n::known_name( $language ) ?? $language ); ?></option>
				<?php endforeach; ?>
			</select>
			<button type="button" class="button" id="circassian-podcast-check"><?php esc_html_e( 'Check the feed as a directory would', 'circassian' ); ?></button>
			<span id="circassian-podcast-check-status" aria-live="polite"></span>
		</p>
		<div id="circassian-podcast-check-result" role="status" aria-live="polite"></div>
		<?php
	}
}
