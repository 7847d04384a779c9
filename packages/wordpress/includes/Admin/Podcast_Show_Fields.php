<?php
/**
 * The podcast settings' fields for what directories ask beyond the show's words: the artwork
 * (chosen in the Media Library, checked on save by Podcast\Podcast_Artwork), Apple's category,
 * whether the show is explicit, and the two-letter language the Kabardian and Adyghe feeds declare.
 *
 * @package Circassian
 */

namespace Circassian\Admin;

use Circassian\Podcast;
use Circassian\Support;

defined( 'ABSPATH' ) || exit;

final class Podcast_Show_Fields {

	/**
	 * @param array{artwork: int, category: string, explicit: bool, declared: array<string, string>} $show The stored settings.
	 */
	public static function render( array $show ): void {
		$preview = $show['artwork'] > 0 ? (string) wp_get_attachment_image_url( $show['artwork'], 'thumbnail' ) : '';
		?>
		<table class="form-table" role="presentation" id="circassian-podcast-show">
			<tr>
				<th scope="row"><?php esc_html_e( 'Artwork', 'circassian' ); ?></th>
				<td>
					<img id="circassian-podcast-artwork-preview" src="<?php echo esc_url( '' !== $preview ? $preview : Podcast\Podcast_Artwork::url( $show['artwork'] ) ); ?>" width="150" height="150" alt="<?php esc_attr_e( 'The podcast’s artwork', 'circassian' ); ?>" />
					<input type="hidden" id="circassian-podcast-artwork" name="podcast[artwork]" value="<?php echo esc_attr( (string) $show['artwork'] ); ?>" />
					<p>
						<button type="button" class="button" id="circassian-podcast-artwork-choose"><?php esc_html_e( 'Choose artwork…', 'circassian' ); ?></button>
						<button type="button" class="button button-link" id="circassian-podcast-artwork-remove" <?php echo $show['artwork'] > 0 ? '' : 'hidden'; ?>><?php esc_html_e( 'Use the plugin’s cover', 'circassian' ); ?></button>
					</p>
					<p class="description" id="circassian-podcast-artwork-rules">
						<?php
						/* translators: 1: smallest side in pixels, 2: largest side in pixels. */
						echo esc_html( sprintf( __( 'What Apple Podcasts asks (Spotify takes the same): JPEG or PNG, square, %1$d × %1$d to %2$d × %2$d pixels, in RGB colours. Checked when you save: an image that is not is refused with the reason, and nothing is saved. Without one, the feed shows the plugin’s own cover (1400 px); the site icon is not used, as WordPress crops it to 512 px.', 'circassian' ), Podcast\Podcast_Artwork::MIN_SIDE, Podcast\Podcast_Artwork::MAX_SIDE ) );
						?>
					</p>
				</td>
			</tr>
			<tr>
				<th scope="row"><label for="circassian-podcast-category"><?php esc_html_e( 'Category', 'circassian' ); ?></label></th>
				<td>
					<select id="circassian-podcast-category" name="podcast[category]">
						<?php foreach ( Podcast\Podcast_Show::categories() as $category => $subcategories ) : ?>
							<optgroup label="<?php echo esc_attr( $category ); ?>">
								<?php foreach ( array_merge( array( $category ), array_map( static fn ( string $sub ): string => $category . ' > ' . $sub, $subcategories ) ) as $value ) : ?>
									<option value="<?php echo esc_attr( $value ); ?>" <?php selected( $show['category'], $value ); ?>><?php echo esc_html( $value ); ?></option>
								<?php endforeach; ?>
							</optgroup>
						<?php endforeach; ?>
					</select>
					<p class="description">
						<?php
						/* translators: %s: the default category. */
						echo esc_html( sprintf( __( 'Apple Podcasts’ categories (itunes:category), which Spotify and other apps read too. Unless you choose another: %s, for the learners who listen while they read.', 'circassian' ), Podcast\Podcast_Show::DEFAULT_CATEGORY ) );
						?>
					</p>
				</td>
			</tr>
			<tr>
				<th scope="row"><label for="circassian-podcast-explicit"><?php esc_html_e( 'Explicit content', 'circassian' ); ?></label></th>
				<td>
					<select id="circassian-podcast-explicit" name="podcast[explicit]">
						<option value="0" <?php selected( $show['explicit'], false ); ?>><?php esc_html_e( 'No', 'circassian' ); ?></option>
						<option value="1" <?php selected( $show['explicit'], true ); ?>><?php esc_html_e( 'Yes', 'circassian' ); ?></option>
					</select>
					<p class="description"><?php esc_html_e( 'itunes:explicit: whether the episodes have language or subjects unsuitable for children. Apple Podcasts requires the tag and hides explicit shows where such content is restricted.', 'circassian' ); ?></p>
				</td>
			</tr>
			<?php foreach ( $show['declared'] as $language => $declared ) : ?>
				<tr>
					<th scope="row">
						<label for="circassian-podcast-declared-<?php echo esc_attr( $language ); ?>">
							<?php
							/* translators: %s: language name. */
							echo esc_html( sprintf( __( 'Language the %s feed declares', 'circassian' ), self::name( $language ) ) );
							?>
						</label>
					</th>
					<td>
						<select id="circassian-podcast-declared-<?php echo esc_attr( $language ); ?>" name="podcast[declared][<?php echo esc_attr( $language ); ?>]">
							<?php foreach ( Podcast\Podcast_Show::DECLARABLE as $code ) : ?>
								<option value="<?php echo esc_attr( $code ); ?>" <?php selected( $declared, $code ); ?>><?php echo esc_html( self::name( $code ) . ' (' . $code . ')' ); ?></option>
							<?php endforeach; ?>
							<option value="<?php echo esc_attr( $language ); ?>" <?php selected( $declared, $language ); ?>>
								<?php
								/* translators: 1: language name, 2: its code. */
								echo esc_html( sprintf( __( '%1$s (%2$s): Apple Podcasts refuses the feed', 'circassian' ), self::name( $language ), $language ) );
								?>
							</option>
						</select>
					</td>
				</tr>
			<?php endforeach; ?>
		</table>
		<p class="description" id="circassian-podcast-language-why"><?php esc_html_e( 'Apple Podcasts takes only two-letter language codes (ISO 639-1) in a feed’s <language>, and Kabardian and Adyghe have none: a feed declaring kbd or ady is refused. So these feeds declare another language, Russian unless you choose otherwise: the language most of their listeners also read, which every directory lists. The episodes stay Kabardian or Adyghe: the show’s title, the episodes’ text and their transcripts say so.', 'circassian' ); ?></p>
		<?php
	}

	private static function name( string $code ): string {
		return 'ar' === $code ? __( 'Arabic', 'circassian' ) : ( Support\I18n::known_name( $code ) ?? $code );
	}
}
