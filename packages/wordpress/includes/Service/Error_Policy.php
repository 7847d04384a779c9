<?php
/**
 * What the plugin does about each error type, in one table: retried within a call (the client),
 * tried again later (speech jobs and bulk runs), or stopping background work until someone acts.
 * The service's part is shared/service.json's `retry` of each error, which test/facts.test.ts
 * holds this table to.
 *
 * @package Circassian
 */

namespace Circassian\Service;

defined( 'ABSPATH' ) || exit;

final class Error_Policy {

	/** How the interface says each of its errors may be tried again: never, after (Retry-After), backoff, once. */
	public const SERVICE_RETRY = array(
		'unauthorized'         => 'never',
		'invalid_request'      => 'never',
		'rate_limited'         => 'after',
		'quota_exceeded'       => 'never',
		'queue_timeout'        => 'backoff',
		'upstream_unavailable' => 'backoff',
		'upstream_error'       => 'once',
		'not_found'            => 'never',
		'internal_error'       => 'never',
	);

	/** A connection that never answered is tried again as the interface's backoff errors are. */
	private const CLIENT_RETRY = array( 'connection_error' => 'backoff' );

	/** Errors that stop all background work until someone acts: the key refused, or none set. */
	private const BLOCKING = array( 'unauthorized', 'not_configured' );

	/**
	 * Whether a call tries again at once (after its wait).
	 *
	 * @param string $type    The error's type.
	 * @param int    $earlier How many times this type already came back within the call.
	 */
	public static function retry_in_call( string $type, int $earlier ): bool {
		$rule = self::rule( $type );
		return 'after' === $rule || 'backoff' === $rule || ( 'once' === $rule && 0 === $earlier );
	}

	/**
	 * Trouble that passes, for background work (a speech job, a bulk run): the same call may
	 * succeed later. Besides what the interface retries, the service failing inside
	 * (internal_error) is given later tries, so one bad answer does not lose a long job.
	 */
	public static function is_passing( string $type ): bool {
		return 'never' !== self::rule( $type ) || 'internal_error' === $type;
	}

	/** Whether the error stops all background work until someone acts. */
	public static function is_blocking( string $type ): bool {
		return in_array( $type, self::BLOCKING, true );
	}

	private static function rule( string $type ): string {
		return self::SERVICE_RETRY[ $type ] ?? self::CLIENT_RETRY[ $type ] ?? 'never';
	}
}
