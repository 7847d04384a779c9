<?php
/**
 * Whose rights and daily characters pay for a post's audio: whoever published it (or scheduled it),
 * remembered when they do; else its author; else whoever asks for it now (an editor's Try again, the
 * one who started a bulk run). A Contributor's post, published by an Editor, is voiced under the
 * Editor's rights: the Contributor may not spend the key, and should not have to.
 *
 * @package Circassian
 */

namespace Circassian\Post_Audio;

use Circassian\Spending;

defined( 'ABSPATH' ) || exit;

final class Payer {

	/** Who published or scheduled the post, while they may spend the key (a user id). */
	public const META_PUBLISHER = '_circassian_post_audio_publisher';

	public static function hook(): void {
		add_action( 'transition_post_status', array( self::class, 'remember' ), 10, 3 );
	}

	/** Publishing or scheduling a post: whoever does it, when they may spend the key, pays for its audio. */
	public static function remember( string $new_status, string $old_status, \WP_Post $post ): void {
		$user = get_current_user_id();
		if ( $new_status === $old_status || ! in_array( $new_status, array( 'publish', 'future' ), true ) || $user <= 0 ) {
			return;
		}
		if ( Spending\Access::user_may_spend( $user ) ) {
			update_post_meta( $post->ID, self::META_PUBLISHER, $user );
		}
	}

	/**
	 * The user whose rights pay for the post's audio: its publisher, its author, then $asking, the
	 * first who may spend the key; null when none may.
	 */
	public static function of( \WP_Post $post, int $asking = 0 ): ?int {
		foreach ( array( (int) get_post_meta( $post->ID, self::META_PUBLISHER, true ), (int) $post->post_author, $asking ) as $user ) {
			if ( $user > 0 && Spending\Access::user_may_spend( $user ) ) {
				return $user;
			}
		}
		return null;
	}

	/**
	 * Who would pay when the current user publishes the post as edited now: they, when they may
	 * publish it and spend the key; 'editor' when they may not publish it (a Contributor submits, an
	 * editor publishes and pays); else as of(). For the pre-publish check and the Post audio panel.
	 *
	 * @return array{who: string, user: int}|null who: 'you', 'author', 'publisher' or 'editor'; null when nobody may pay.
	 */
	public static function on_publish( \WP_Post $post ): ?array {
		$type = get_post_type_object( $post->post_type );
		$me   = get_current_user_id();
		if ( ! in_array( $post->post_status, array( 'publish', 'future' ), true ) ) {
			if ( null !== $type && ! current_user_can( $type->cap->publish_posts ) ) {
				return array(
					'who'  => 'editor',
					'user' => 0,
				);
			}
			if ( Spending\Access::user_may_spend( $me ) ) {
				return array(
					'who'  => 'you',
					'user' => $me,
				);
			}
		}
		$user = self::of( $post );
		if ( null === $user ) {
			return null;
		}
		$publisher = (int) get_post_meta( $post->ID, self::META_PUBLISHER, true );
		return array(
			'who'  => $user === $me ? 'you' : ( $user === $publisher ? 'publisher' : 'author' ),
			'user' => $user,
		);
	}
}
