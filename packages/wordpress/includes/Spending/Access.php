<?php
/**
 * Who may spend the site's key, and how much: the role that may translate and generate audio
 * (Authors and up by default, so a newsroom's Contributors do not spend the daily quota), a cap
 * on the characters of one request and on each user's characters per day (UTC), all checked by
 * one gate (reserve()) that every path spending the key goes through.
 *
 * @package Circassian
 */

namespace Circassian\Spending;

use WP_Error;

defined( 'ABSPATH' ) || exit;

final class Access {

	public const OPTION             = 'circassian_access';
	public const DEFAULT_CAPABILITY = 'publish_posts';
	/** The longest speech the editor may ask for: ten of the service's longest requests. */
	public const DEFAULT_REQUEST_CHARS = 200000;
	public const DEFAULT_DAILY_CHARS   = 1000000;
	public const MAX_CHARS             = 10000000;

	/**
	 * The roles one may choose, as the capability each level has and the role below it lacks.
	 *
	 * @return array<string, string> capability => label
	 */
	public static function levels(): array {
		return array(
			'edit_posts'        => __( 'Contributors and up', 'circassian' ),
			'publish_posts'     => __( 'Authors and up', 'circassian' ),
			'edit_others_posts' => __( 'Editors and up', 'circassian' ),
			'manage_options'    => __( 'Administrators only', 'circassian' ),
		);
	}

	/**
	 * @return array{capability: string, request_chars: int, daily_chars: int}
	 */
	public static function settings(): array {
		$stored = get_option( self::OPTION, array() );
		$stored = is_array( $stored ) ? $stored : array();
		$cap    = isset( $stored['capability'] ) && isset( self::levels()[ $stored['capability'] ] ) ? (string) $stored['capability'] : self::DEFAULT_CAPABILITY;
		return array(
			'capability'    => $cap,
			'request_chars' => self::bounded( $stored['request_chars'] ?? null, self::DEFAULT_REQUEST_CHARS ),
			'daily_chars'   => self::bounded( $stored['daily_chars'] ?? null, self::DEFAULT_DAILY_CHARS ),
		);
	}

	/**
	 * Stores what the settings form or route sent; unknown or out-of-range values keep the current ones.
	 *
	 * @param array<string, mixed> $values capability, request_chars, daily_chars.
	 */
	public static function save( array $values ): void {
		$current = self::settings();
		if ( isset( $values['capability'] ) && isset( self::levels()[ (string) $values['capability'] ] ) ) {
			$current['capability'] = (string) $values['capability'];
		}
		foreach ( array( 'request_chars', 'daily_chars' ) as $field ) {
			if ( isset( $values[ $field ] ) && is_numeric( $values[ $field ] ) ) {
				$current[ $field ] = self::bounded( $values[ $field ], $current[ $field ] );
			}
		}
		update_option( self::OPTION, $current, false );
	}

	/** Whether the current user may translate and generate audio (the key is spent for them). */
	public static function can_spend(): bool {
		return self::user_may_spend( get_current_user_id() );
	}

	/** Whether user $user may translate and generate audio (a post's publisher, for its audio). */
	public static function user_may_spend( int $user ): bool {
		return $user > 0 && user_can( $user, 'edit_posts' ) && user_can( $user, self::settings()['capability'] );
	}

	/** The refusal a user without the chosen role gets: what happened and who can change it. */
	public static function refusal(): WP_Error {
		return new WP_Error(
			'circassian_not_allowed',
			/* translators: %s: the roles allowed, e.g. "Authors and up". */
			sprintf( __( 'On this site, translation and audio are for %s. Ask an editor to translate or voice this post, or an administrator to allow your role in Settings > Circassian.', 'circassian' ), self::levels()[ self::settings()['capability'] ] ),
			array(
				'status' => 403,
				'type'   => 'not_allowed',
			)
		);
	}

	/**
	 * The one gate every spend of the key passes (block speech, post audio, bulk runs and
	 * translation, drafts included): the current user's role, the request cap and their daily cap,
	 * the characters reserved atomically (Daily_Chars) before the service is called, so parallel
	 * requests cannot spend past the cap together. Hand the reservation to refund() when the call
	 * fails.
	 *
	 * @return array{user: int, day: string, chars: int}|WP_Error The reservation, or why not.
	 */
	public static function reserve( int $chars ): array|WP_Error {
		if ( ! self::can_spend() ) {
			return self::refusal();
		}
		$limits = self::settings();
		if ( $chars > $limits['request_chars'] ) {
			return new WP_Error(
				'circassian_request_too_long',
				/* translators: 1: characters sent, 2: the cap. */
				sprintf( __( 'This is %1$s characters; one request may have at most %2$s on this site. Split it into smaller parts.', 'circassian' ), number_format_i18n( $chars ), number_format_i18n( $limits['request_chars'] ) ),
				array(
					'status' => 413,
					'type'   => 'request_too_long',
				)
			);
		}
		$user = get_current_user_id();
		$day  = Daily_Chars::today();
		if ( ! Daily_Chars::reserve( $user, $chars, $limits['daily_chars'] ) ) {
			return new WP_Error(
				'circassian_daily_cap',
				/* translators: 1: characters used today, 2: the daily cap. */
				sprintf( __( 'You have used %1$s of your %2$s characters for today on this site. It resets at midnight UTC; an administrator can raise it in Settings > Circassian.', 'circassian' ), number_format_i18n( Daily_Chars::used( $user ) ), number_format_i18n( $limits['daily_chars'] ) ),
				array(
					'status' => 429,
					'type'   => 'daily_cap',
				)
			);
		}
		return array(
			'user'  => $user,
			'day'   => $day,
			'chars' => $chars,
		);
	}

	/**
	 * Gives back characters reserved for a call that failed: all of them, or $chars (the parts of
	 * a long job never voiced).
	 *
	 * @param array{user: int, day: string, chars: int} $held What reserve() returned.
	 */
	public static function refund( array $held, ?int $chars = null ): void {
		Daily_Chars::refund( $held['user'], $held['day'], min( $held['chars'], $chars ?? $held['chars'] ) );
	}

	private static function bounded( mixed $value, int $fallback ): int {
		return is_numeric( $value ) && (int) $value >= 1 ? min( self::MAX_CHARS, (int) $value ) : $fallback;
	}
}
