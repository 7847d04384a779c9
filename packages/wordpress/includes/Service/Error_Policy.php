<?php
/**
 * What the plugin does about each error type: retried within a call (the client: the
 * interface's `retry` of each error), and what background work (speech jobs, bulk runs) does
 * about it: tries again later, pauses until the allowance resets, stops until someone acts, or
 * fails that piece of work. Both are shared/service.json's (`errors`, `backgroundWork`), read
 * through the generated Service_Facts; Strapi's queue reads the same table.
 *
 * @package Circassian
 */

namespace Circassian\Service;

defined( 'ABSPATH' ) || exit;

final class Error_Policy {

	/** A connection that never answered is tried again within a call as the interface's backoff errors are. */
	private const CLIENT_RETRY = array( 'connection_error' => 'backoff' );

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
	 * succeed later (backgroundWork `retry`).
	 */
	public static function is_passing( string $type ): bool {
		return 'retry' === self::background( $type );
	}

	/** A daily allowance spent: background work pauses and goes on by itself when it resets. */
	public static function pauses_until_reset( string $type ): bool {
		return 'pause_until_reset' === self::background( $type );
	}

	/** Whether the error stops all background work until someone acts (the key refused, or none set). */
	public static function is_blocking( string $type ): bool {
		return 'stop_until_fixed' === self::background( $type );
	}

	/**
	 * Whether the type is the service's or a client's (shared/service.json names it), so a person
	 * is told it in the plugin's words (errorAdvice), not the service's message; else it is one of
	 * this site's own refusals, worded by the site.
	 */
	public static function is_service_type( string $type ): bool {
		return isset( Service_Facts::BACKGROUND_WORK[ $type ] );
	}

	/** What background work does about the type; this site's own refusals fail the one piece of work. */
	public static function background( string $type ): string {
		return Service_Facts::BACKGROUND_WORK[ $type ] ?? 'fail';
	}

	private static function rule( string $type ): string {
		return Service_Facts::RETRY[ $type ] ?? self::CLIENT_RETRY[ $type ] ?? 'never';
	}
}
