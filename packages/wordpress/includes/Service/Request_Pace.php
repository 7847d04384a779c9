<?php
/**
 * The site's calls to the service in the last minute, held against the key's requests per minute,
 * so background work (a bulk run, a long job's polls) waits for room instead of being refused
 * with rate_limited. Every call Service_Client sends is recorded; the limit is the one GET /v1/me
 * reported last (Key_Allowance::fetch() hands it here). Workers record without a lock, so two calls at the same instant
 * may count as one: the window is a second longer than the service's to leave a margin.
 *
 * @package Circassian
 */

namespace Circassian\Service;

defined( 'ABSPATH' ) || exit;

final class Request_Pace {

	public const OPTION = 'circassian_request_log';
	/** The key's limits as GET /v1/me reported them last, for an hour. */
	public const LIMITS_TRANSIENT = 'circassian_key_limits';
	/** The service's window is a minute; a second more covers our clock reading before its own. */
	private const WINDOW_SECONDS = 61;

	/**
	 * Keeps the key's limits as the service reported them.
	 *
	 * @param array<string, int> $limits By the interface's names (requests_per_minute…).
	 */
	public static function remember_limits( array $limits ): void {
		set_transient( self::LIMITS_TRANSIENT, $limits, HOUR_IN_SECONDS );
	}

	/** The per-minute limit last reported (0 while unknown). */
	public static function requests_per_minute(): int {
		$limits = get_transient( self::LIMITS_TRANSIENT );
		return is_array( $limits ) ? (int) ( $limits['requests_per_minute'] ?? 0 ) : 0;
	}

	public static function record(): void {
		$log   = self::recent();
		$log[] = microtime( true );
		update_option( self::OPTION, $log, false );
	}

	/**
	 * When the calls in the window were sent, oldest first.
	 *
	 * @return list<float>
	 */
	public static function recent(): array {
		// Other workers write it: this process's cached copy may be old.
		wp_cache_delete( self::OPTION, 'options' );
		$since = microtime( true ) - self::WINDOW_SECONDS;
		$log   = array_values( array_filter( array_map( 'floatval', (array) get_option( self::OPTION, array() ) ), static fn( float $sent ) => $sent > $since ) );
		sort( $log );
		return $log;
	}

	/** Seconds until $requests more calls fit under the key's per-minute limit; 0 when they fit now or the limit is unknown. */
	public static function wait_seconds( int $requests = 1 ): float {
		$limit = self::requests_per_minute();
		if ( $limit <= 0 ) {
			return 0.0;
		}
		$log  = self::recent();
		$over = count( $log ) + $requests - $limit;
		if ( $over <= 0 ) {
			return 0.0;
		}
		// The $over oldest calls must leave the window first.
		$oldest = $log[ min( $over, count( $log ) ) - 1 ] ?? microtime( true );
		return max( 0.0, $oldest + self::WINDOW_SECONDS - microtime( true ) );
	}
}
