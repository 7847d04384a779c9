<?php
/**
 * Which daily allowance a quota_exceeded answer is about, and the usage and reset it states.
 *
 * The PHP mirror of core's readQuotaExceeded (packages/core/src/quota/read-quota-exceeded.ts):
 * the limit the message names ("Daily translation character quota exceeded: …"), else the unit
 * of the usage it states ("990 of 1000 characters used"), else the allowance the failed
 * operation spends. Both are held to the same messages, shared/vectors/quota-messages.json.
 *
 * @package Circassian
 */

namespace Circassian\Service;

defined( 'ABSPATH' ) || exit;

final class Quota_Reading {

	/** Words naming each daily limit, the request limit first: "this request needs" is no name. */
	private const WORDS_OF_LIMIT = array(
		'/\brequests?\b/i'                        => 'requests_per_day',
		'/\b(speech|audio|seconds?)\b/i'          => 'speech_seconds_per_day',
		'/\b(translation|characters?|chars?)\b/i' => 'translate_chars_per_day',
	);

	/** What each operation spends besides a request (the interface's limits table). */
	private const LIMIT_OF_OPERATION = array(
		'translate' => 'translate_chars_per_day',
		'batch'     => 'translate_chars_per_day',
		'speech'    => 'speech_seconds_per_day',
		'jobs'      => 'speech_seconds_per_day',
		'audio'     => 'speech_seconds_per_day',
	);

	/**
	 * Reads a quota_exceeded message.
	 *
	 * @param string      $message   The service's message.
	 * @param string|null $operation The call that met it (translate, batch, speech…), when known.
	 * @param int|null    $now       The clock the reset is counted from (Unix seconds).
	 * @return array{limit: string, from: string, used: float|null, cap: float|null, needed: float|null, resets_at: int}
	 */
	public static function read( string $message, ?string $operation = null, ?int $now = null ): array {
		$now     = $now ?? time();
		$named   = self::named( self::first_group( '/\bdaily\s+([\w -]+?)\s+(?:quota|limit|allowance)\b/i', $message ) )
			?? self::named( self::first_group( '/[\d.]+\s+of\s+[\d.]+\s+([\w ]+?)\s+used\b/i', $message ) );
		$amounts = self::amounts( $message );
		return array(
			'limit'     => $named ?? ( self::LIMIT_OF_OPERATION[ (string) $operation ] ?? 'requests_per_day' ),
			'from'      => null === $named ? 'operation' : 'message',
			'used'      => $amounts[0],
			'cap'       => $amounts[1],
			'needed'    => $amounts[2],
			'resets_at' => self::resets_at( $message, $now ),
		);
	}

	private static function first_group( string $pattern, string $subject ): ?string {
		return 1 === preg_match( $pattern, $subject, $match ) ? $match[1] : null;
	}

	private static function named( ?string $words ): ?string {
		if ( null === $words ) {
			return null;
		}
		foreach ( self::WORDS_OF_LIMIT as $pattern => $limit ) {
			if ( 1 === preg_match( $pattern, $words ) ) {
				return $limit;
			}
		}
		return null;
	}

	/**
	 * Used, the cap, and what this request needed, as stated (null where not).
	 *
	 * @return array{0: float|null, 1: float|null, 2: float|null}
	 */
	private static function amounts( string $message ): array {
		if ( 1 !== preg_match( '/([\d.]+)\s+of\s+([\d.]+)\b[^;,]*?\bused\b(?:,\s*this request needs\s+([\d.]+))?/i', $message, $match ) ) {
			return array( null, null, null );
		}
		$numbers = array( $match[1], $match[2], $match[3] ?? '' );
		foreach ( $numbers as $number ) {
			if ( '' !== $number && ! is_numeric( $number ) ) {
				return array( null, null, null );
			}
		}
		return array( (float) $numbers[0], (float) $numbers[1], '' === $numbers[2] ? null : (float) $numbers[2] );
	}

	/** The stated reset ("resets in 3h 12m", "resets at 2026-11-28T00:00:00Z"), else the next midnight UTC. */
	private static function resets_at( string $message, int $now ): int {
		if ( 1 === preg_match( '/resets?\s+in\s+(?:(\d+)\s*h(?:ours?)?\s*)?(?:(\d+)\s*m(?:in(?:utes?)?)?)?/i', $message, $after )
			&& ( '' !== ( $after[1] ?? '' ) || '' !== ( $after[2] ?? '' ) ) ) {
			return $now + ( (int) ( $after[1] ?? 0 ) * 60 + (int) ( $after[2] ?? 0 ) ) * 60;
		}
		if ( 1 === preg_match( '/resets?\s+at\s+(\d{4}-\d\d-\d\dT[\d:.]+(?:Z|[+-]\d\d:?\d\d))/i', $message, $at ) ) {
			$stamp = strtotime( $at[1] );
			if ( false !== $stamp ) {
				return $stamp;
			}
		}
		return (int) ( floor( $now / 86400 ) + 1 ) * 86400;
	}
}
