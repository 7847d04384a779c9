<?php
/**
 * The "Listen to this post" player on the front end: before or after the content, or where a "Post
 * audio" block stands. Static markup: the front end loads no plugin script or style.
 *
 * @package Circassian
 */

namespace Circassian\Post_Audio;

use Circassian\Audio;
use Circassian\Speech_Memory;

defined( 'ABSPATH' ) || exit;

final class Player {

	/** The player's speeds, as listeners of spoken word use them. */
	private const SPEEDS = array( '0.75', '1', '1.25', '1.5', '2' );

	public static function hook(): void {
		add_filter( 'the_content', array( self::class, 'place' ), 20 );
	}

	/**
	 * The player's markup for a post, or '' while it has no audio or is not public: the_content
	 * also runs on a protected post's password form, and in feeds.
	 */
	public static function markup( int $post_id ): string {
		$post = get_post( $post_id );
		if ( ! $post instanceof \WP_Post || ! Audio\Audio_Privacy::is_public( $post ) ) {
			return '';
		}
		$id  = Audio_State::attachment_id( $post_id );
		$url = $id > 0 ? (string) wp_get_attachment_url( $id ) : '';
		if ( '' === $url ) {
			return '';
		}
		$label = __( 'Listen to this post', 'circassian' );
		// The MP3 copy where the site made one (a quarter of the WAV's bytes), the WAV for browsers
		// that cannot play it: a browser takes the first source it can play.
		$mp3     = Audio\Audio_Encoder::copy_of( $id );
		$sources = ( null === $mp3 ? '' : '<source src="' . esc_url( $mp3['url'] ) . '" type="audio/mpeg">' ) . '<source src="' . esc_url( $url ) . '" type="audio/wav">';
		// Being remade (an edit, or a voicing that failed and is retried): the earlier audio keeps
		// playing until the new one exists, said to be of an earlier version of the post.
		$remaking = '' !== (string) get_post_meta( $post_id, Audio_State::META_REMAKING, true )
			? '<p class="circassian-post-audio__remaking" style="margin:0.25em 0 0;font-size:0.9em">' . esc_html__( 'This recording reads an earlier version of the post; the new one is on its way.', 'circassian' ) . '</p>'
			: '';
		// A speed control with no script file (the front end loads none): the select sets the
		// player's playbackRate itself.
		$speeds = '';
		foreach ( self::SPEEDS as $speed ) {
			$speeds .= '<option value="' . esc_attr( $speed ) . '"' . selected( '1', $speed, false ) . '>' . esc_html( number_format_i18n( (float) $speed, strlen( (string) substr( (string) strrchr( $speed, '.' ), 1 ) ) ) ) . '×</option>';
		}
		// The speed sits level with the player, not on its bottom edge (an inline <audio> is taller than
		// a line): both centred on the line, inline styles since the front end loads no stylesheet.
		// The read-along timings (where each sentence starts and ends), for a script that highlights
		// the sentence being read: only those of the audio it plays (Post_Timings checks the hash).
		$timings = Speech_Memory\Post_Timings::of( $post_id );
		$data    = null === $timings ? '' : ' data-circassian-timings="' . esc_attr( (string) wp_json_encode( $timings['sentences'] ?? array(), JSON_UNESCAPED_UNICODE ) ) . '"';
		return '<figure class="circassian-post-audio"><figcaption>' . esc_html( $label ) . '</figcaption>'
			. '<audio controls preload="metadata" aria-label="' . esc_attr( $label ) . '" style="vertical-align:middle"' . $data . '>' . $sources . '</audio>'
			. '<label class="circassian-post-audio__speed" style="vertical-align:middle;margin-inline-start:0.5em;white-space:nowrap">' . esc_html__( 'Speed', 'circassian' ) . ' <select style="vertical-align:middle" onchange="this.closest(\'figure\').querySelector(\'audio\').playbackRate=Number(this.value)">' . $speeds . '</select></label>' . $remaking . '</figure>';
	}

	/** the_content: the player before or after the post's content, unless a "Post audio" block places it. */
	public static function place( string $content ): string {
		$post = get_post();
		if ( ! $post instanceof \WP_Post || ! in_the_loop() || ! Settings::enabled_for_post( $post ) ) {
			return $content;
		}
		$placement = Settings::get()['placement'];
		if ( 'block' === $placement || has_block( 'circassian/post-audio', $post ) ) {
			return $content;
		}
		$player = self::markup( $post->ID );
		if ( '' === $player ) {
			return $content;
		}
		return 'before' === $placement ? $player . $content : $content . $player;
	}

	/** The "Post audio" block on the front end: the player, or nothing while there is none. */
	public static function render_block(): string {
		$post = get_post();
		return $post instanceof \WP_Post && Settings::enabled_for_post( $post ) ? self::markup( $post->ID ) : '';
	}
}
