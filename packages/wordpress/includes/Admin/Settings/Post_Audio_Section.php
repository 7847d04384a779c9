<?php
/**
 * Settings > Circassian, Post audio: the post types voiced on publish and update, and where the
 * player goes.
 *
 * @package Circassian
 */

namespace Circassian\Admin\Settings;

use Circassian\Post_Audio;

defined( 'ABSPATH' ) || exit;

final class Post_Audio_Section {

	/**
	 * Post audio: the post types voiced on publish and update (none: off), and where the player goes.
	 *
	 * @param array{post_types: list<string>, placement: string} $post_audio The current setting.
	 */
	public static function render( array $post_audio ): void {
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
						<?php foreach ( Post_Audio\Settings::allowed_post_types() as $type ) : ?>
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
}
