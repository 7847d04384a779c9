<?php
/**
 * The settings page's Podcast section: each language's feed address (what to submit to a podcast
 * app), whether the server can make the MP3 episodes podcast apps take (and what it takes when it
 * cannot), the show's details, each defaulting to the site's, what directories ask beyond them
 * (Podcast_Show_Fields) and the check of a feed as a directory would fetch it (Podcast_Check_Section).
 *
 * @package Circassian
 */

namespace Circassian\Admin;

use Circassian\Audio;
use Circassian\Language;
use Circassian\Podcast;
use Circassian\Service;
use Circassian\Support;

use const Circassian\PLUGIN_FILE;

defined( 'ABSPATH' ) || exit;

final class Podcast_Settings {

	public const SCRIPT = 'circassian-podcast-settings';

	/** The media picker for the artwork and the directory check (built from src/podcast-settings), with the settings page's script. */
	public static function enqueue(): void {
		wp_enqueue_media();
		$asset = require dirname( PLUGIN_FILE ) . '/build/podcast-settings/index.asset.php';
		wp_enqueue_script( self::SCRIPT, plugins_url( 'build/podcast-settings/index.js', PLUGIN_FILE ), $asset['dependencies'], $asset['version'], true );
		Support\I18n::set_script_translations( self::SCRIPT );
	}

	/**
	 * @param array{title: string, description: string, author: string, email: string} $stored The details as stored ('' follows the site).
	 */
	public static function render( array $stored ): void {
		$defaults = Podcast\Podcast_Details::defaults();
		$labels   = array(
			'title'       => __( 'Show title', 'circassian' ),
			'description' => __( 'Show description', 'circassian' ),
			'author'      => __( 'Author', 'circassian' ),
			'email'       => __( 'Owner’s email', 'circassian' ),
		);
		$with     = Podcast\Podcast_Feed::languages();
		?>
		<h2><?php esc_html_e( 'Podcast', 'circassian' ); ?></h2>
		<p><?php esc_html_e( 'Each language of the post audio is a podcast. To list it in Apple Podcasts, Spotify or another app, submit its address:', 'circassian' ); ?></p>
		<ul id="circassian-podcast-feeds">
			<?php foreach ( Service\Service_Facts::SPEECH_LANGUAGES as $language ) : ?>
				<li>
					<?php echo esc_html( Support\I18n::known_name( $language ) ?? $language ); ?>:
					<a href="<?php echo esc_url( Podcast\Podcast_Feed::url( $language ) ); ?>"><code><?php echo esc_html( Podcast\Podcast_Feed::url( $language ) ); ?></code></a>
					<?php if ( ! in_array( $language, $with, true ) ) : ?>
						<span class="description"><?php esc_html_e( '(no episodes yet)', 'circassian' ); ?></span>
					<?php endif; ?>
				</li>
			<?php endforeach; ?>
		</ul>
		<?php self::render_encoder(); ?>
		<table class="form-table" role="presentation">
			<?php foreach ( $labels as $field => $label ) : ?>
				<tr>
					<th scope="row"><label for="circassian-podcast-<?php echo esc_attr( $field ); ?>"><?php echo esc_html( $label ); ?></label></th>
					<td>
						<?php if ( 'description' === $field ) : ?>
							<textarea id="circassian-podcast-description" name="podcast[description]" rows="3" class="large-text" placeholder="<?php echo esc_attr( $defaults['description'] ); ?>"><?php echo esc_textarea( $stored['description'] ); ?></textarea>
						<?php else : ?>
							<input type="<?php echo 'email' === $field ? 'email' : 'text'; ?>" id="circassian-podcast-<?php echo esc_attr( $field ); ?>" name="podcast[<?php echo esc_attr( $field ); ?>]" class="regular-text" value="<?php echo esc_attr( $stored[ $field ] ); ?>" placeholder="<?php echo esc_attr( $defaults[ $field ] ); ?>" />
						<?php endif; ?>
						<?php if ( 'email' === $field ) : ?>
							<p class="description"><?php esc_html_e( 'Shown in the feed as the show’s owner (itunes:owner): podcast directories send their confirmation there. Empty: the feed names no email (the site’s own addresses are never shown in it).', 'circassian' ); ?></p>
						<?php endif; ?>
					</td>
				</tr>
			<?php endforeach; ?>
		</table>
		<p class="description"><?php esc_html_e( 'A field left empty follows the site: its title and tagline (Settings > General).', 'circassian' ); ?></p>
		<?php
		Podcast_Show_Fields::render( Podcast\Podcast_Show::get() );
		Podcast_Check_Section::render( $with );
	}

	/** Whether episodes are MP3: made on the server, or, when it cannot, in the administrator's browser on this page (src/podcast-settings/browser-mp3.js). */
	private static function render_encoder(): void {
		$encoder = Audio\Audio_Encoder::available();
		if ( null !== $encoder ) {
			?>
			<p id="circassian-podcast-encoder" data-encoder="<?php echo esc_attr( $encoder['name'] ); ?>">
				<?php
				/* translators: %s: the encoder program, lame or ffmpeg. */
				echo esc_html( sprintf( __( 'Episodes are MP3 files, made on this server with %s: the format Apple Podcasts and Spotify take. Whether they would accept the feed is what “Check the feed as a directory would” below finds.', 'circassian' ), $encoder['name'] ) );
				?>
			</p>
			<?php
			return;
		}
		$episodes = Podcast\Episode_Mp3s::all();
		$missing  = count( array_filter( $episodes, static fn( array $episode ): bool => ! $episode['mp3'] ) );
		?>
		<div id="circassian-podcast-encoder" class="notice notice-<?php echo 0 === $missing ? 'info' : 'warning'; ?> inline" data-encoder="browser" data-missing="<?php echo esc_attr( (string) $missing ); ?>" data-total="<?php echo esc_attr( (string) count( $episodes ) ); ?>">
			<p><?php esc_html_e( 'This server has no MP3 encoder (lame or ffmpeg), and Apple Podcasts and Spotify do not accept the WAV files the service makes. So your browser encodes the episodes to MP3 here, on this page (mono, 64 kbit/s, as podcast hosts recommend for speech), and uploads them; only the audio files pass through your browser.', 'circassian' ); ?></p>
			<p id="circassian-podcast-mp3-count">
				<?php
				/* translators: 1: episodes that are MP3, 2: all episodes. */
				echo esc_html( sprintf( _n( '%1$d of %2$d episode is MP3.', '%1$d of %2$d episodes are MP3.', count( $episodes ), 'circassian' ), count( $episodes ) - $missing, count( $episodes ) ) );
				?>
			</p>
			<p id="circassian-podcast-mp3-status" role="status" aria-live="polite"></p>
			<p class="description"><?php esc_html_e( 'An MP3 encoder on the server (on Debian or Ubuntu: apt-get install lame) would encode new audio as it is made, without this page.', 'circassian' ); ?></p>
		</div>
		<?php
	}
}
