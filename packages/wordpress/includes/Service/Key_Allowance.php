<?php
/**
 * The key's limits and today's use, as GET /v1/me reports them (the limits always; `usage` and
 * `resets_at` when the service adds them), and which daily allowance a quota_exceeded spent.
 * The limits are kept for Request_Pace, which paces calls by the per-minute one.
 *
 * GET /v1/me counts toward the key's requests per minute, and an admin page asks for it on every
 * poll: an answer is reused for FRESH_SECONDS while the site has sent nothing else, since only a
 * call of the site's own changes what it reports here (another client of the key may, by a little).
 *
 * @package Circassian
 */

namespace Circassian\Service;

use WP_Error;

defined( 'ABSPATH' ) || exit;

final class Key_Allowance {

	/** The last answer, for whom and when (a transient: removed with the plugin's others on uninstall). */
	public const KEPT_TRANSIENT = 'circassian_key_allowance';
	/** How long an answer is reused while the site sends nothing else. */
	private const FRESH_SECONDS = 30;

	/** The usage fields that count against each daily limit. */
	private const USAGE_OF = array(
		'requests_per_day'        => 'requests',
		'translate_chars_per_day' => 'translate_chars',
		'speech_seconds_per_day'  => 'speech_seconds',
	);

	/**
	 * The key's limits, and today's usage and reset time when the service reports them.
	 *
	 * @return array{limits: array<string, int>, usage: array<string, float>|null, resets_at: string}|WP_Error
	 */
	public static function fetch( bool $fresh = false ): array|WP_Error {
		$client = Service_Client::from_settings();
		if ( is_wp_error( $client ) ) {
			return $client;
		}
		$kept = get_transient( self::KEPT_TRANSIENT );
		if ( ! $fresh && is_array( $kept ) && $client->identity() === ( $kept['for'] ?? '' ) && self::nothing_sent_since( (float) ( $kept['at'] ?? 0 ) ) ) {
			return $kept['allowance'];
		}
		$me = $client->json( 'GET', '/v1/me' );
		if ( is_wp_error( $me ) ) {
			return $me;
		}
		$limits = array();
		foreach ( Service_Facts::KEY_LIMIT_NAMES as $name ) {
			if ( isset( $me['limits'][ $name ] ) && is_numeric( $me['limits'][ $name ] ) ) {
				$limits[ $name ] = (int) $me['limits'][ $name ];
			}
		}
		$usage = null;
		if ( isset( $me['usage'] ) && is_array( $me['usage'] ) ) {
			$usage = array();
			foreach ( self::USAGE_OF as $field ) {
				if ( isset( $me['usage'][ $field ] ) && is_numeric( $me['usage'][ $field ] ) ) {
					$usage[ $field ] = (float) $me['usage'][ $field ];
				}
			}
		}
		Request_Pace::remember_limits( $limits );
		$allowance = array(
			'limits'    => $limits,
			'usage'     => $usage,
			'resets_at' => self::resets_at( $me ),
		);
		set_transient(
			self::KEPT_TRANSIENT,
			array(
				'for'       => $client->identity(),
				'at'        => microtime( true ),
				'allowance' => $allowance,
			),
			self::FRESH_SECONDS
		);
		return $allowance;
	}

	/** Whether the site sent no call to the service after $at (Request_Pace keeps the last minute's, longer than FRESH_SECONDS). */
	private static function nothing_sent_since( float $at ): bool {
		$log = Request_Pace::recent();
		return $at > 0 && ( array() === $log || max( $log ) <= $at );
	}

	/**
	 * What a quota_exceeded on a speech call spent, in words. The message says which limit when it
	 * names one (Quota_Reading, the decision core makes too). When it does not: a speech call spends
	 * a request and seconds of audio, and while GET /v1/me still answers, requests are not spent (it
	 * counts as one), so the seconds of audio are; when it answers quota_exceeded too, the requests are.
	 *
	 * @return array{allowance: string, label: string, message: string, resets_at: string, used: float|null, limit: int|null}
	 */
	public static function spent_by_speech( WP_Error $quota ): array {
		$reading   = Quota_Reading::read( $quota->get_error_message(), 'speech' );
		$now       = self::fetch();
		$allowance = 'message' === $reading['from'] ? $reading['limit'] : ( is_wp_error( $now ) ? 'requests_per_day' : 'speech_seconds_per_day' );
		$usage     = is_wp_error( $now ) ? null : $now['usage'];
		$limit     = is_wp_error( $now ) ? null : ( $now['limits'][ $allowance ] ?? null );
		$used      = is_array( $usage ) ? ( $usage[ self::USAGE_OF[ $allowance ] ] ?? null ) : null;
		return array(
			'allowance' => $allowance,
			'label'     => Service_Facts::key_limit_label( $allowance ),
			'message'   => Service_Error::redact( $quota->get_error_message() ),
			'resets_at' => is_wp_error( $now ) ? gmdate( 'c', $reading['resets_at'] ) : $now['resets_at'],
			'used'      => $used ?? $reading['used'],
			'limit'     => $limit ?? ( null === $reading['cap'] ? null : (int) $reading['cap'] ),
		);
	}

	/**
	 * When the daily counters start over: the service's `resets_at`, else the next midnight UTC
	 * (the interface counts per UTC day).
	 *
	 * @param array<string, mixed> $me GET /v1/me's answer.
	 */
	private static function resets_at( array $me ): string {
		$stamp = isset( $me['resets_at'] ) && is_string( $me['resets_at'] ) ? strtotime( $me['resets_at'] ) : false;
		return false !== $stamp ? gmdate( 'c', $stamp ) : self::next_utc_midnight();
	}

	/** The next midnight UTC, when the interface's daily counters start over. */
	public static function next_utc_midnight(): string {
		return gmdate( 'c', (int) ( floor( time() / DAY_IN_SECONDS ) + 1 ) * DAY_IN_SECONDS );
	}
}
