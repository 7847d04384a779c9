<?php
/**
 * The service's facts the plugin's PHP reads: languages, defaults, limits, error types, what a
 * call and background work do about each error, the key's limits in words.
 * Generated from shared/service.json by `pnpm sync-shared` (scripts/shared-render.ts): do not
 * edit it; edit the shared file and run that.
 *
 * @package Circassian
 */

namespace Circassian\Service;

defined( 'ABSPATH' ) || exit;

final class Service_Facts {

	/** The languages the service translates between (translationLanguages). */
	public const TRANSLATION_LANGUAGES = array( 'ru', 'en', 'tr', 'kbd', 'ady' );

	/** The languages it voices (speechLanguages). */
	public const SPEECH_LANGUAGES = array( 'kbd', 'ady', 'ru', 'en' );

	/** The speech language when none is chosen. */
	public const DEFAULT_LANGUAGE = 'kbd';

	/** The voice when none is chosen. */
	public const DEFAULT_VOICE = 'male';

	/** The speed when none is chosen. */
	public const DEFAULT_SPEED = 0.85;

	/** Characters one text of a request may have. */
	public const TEXT_MAX_CHARS = 20000;

	/** Texts one batch translation may carry. */
	public const BATCH_MAX_TEXTS = 50;

	/** Characters one batch translation may carry, all its texts together. */
	public const BATCH_MAX_CHARS = 20000;

	/** Characters of a speech request's voice description. */
	public const INSTRUCT_MAX_CHARS = 300;

	/** Characters voiced in the request itself; longer text is a service job. */
	public const SPEECH_SYNC_MAX_CHARS = 1500;

	/** How often a service job's status may be asked. */
	public const JOB_POLL_INTERVAL_SECONDS = 2;

	/** The key's limits, as GET /v1/me names them (keyLimitNames). */
	public const KEY_LIMIT_NAMES = array( 'requests_per_minute', 'requests_per_day', 'translate_chars_per_day', 'speech_seconds_per_day' );

	/** The error types the service sends, and how a call may try each again: never, after (Retry-After), backoff, once. */
	public const RETRY = array(
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

	/** A client's own error types (clientErrors). */
	public const CLIENT_ERRORS = array( 'connection_error', 'timeout', 'aborted', 'job_failed', 'response_too_large', 'invalid_response', 'not_configured', 'unknown' );

	/** What background work does about each error type: retry, pause_until_reset, stop_until_fixed, fail (backgroundWorkRules). */
	public const BACKGROUND_WORK = array(
		'unauthorized'         => 'stop_until_fixed',
		'invalid_request'      => 'fail',
		'rate_limited'         => 'retry',
		'quota_exceeded'       => 'pause_until_reset',
		'queue_timeout'        => 'retry',
		'upstream_unavailable' => 'retry',
		'upstream_error'       => 'retry',
		'not_found'            => 'fail',
		'internal_error'       => 'retry',
		'connection_error'     => 'retry',
		'timeout'              => 'retry',
		'aborted'              => 'retry',
		'job_failed'           => 'fail',
		'response_too_large'   => 'fail',
		'invalid_response'     => 'fail',
		'not_configured'       => 'stop_until_fixed',
		'unknown'              => 'retry',
	);

	/** A key limit's name in words, mid-sentence (keyLimitLabels), translated. */
	public static function key_limit_label( string $name ): string {
		$labels = array(
			'requests_per_minute'     => __( 'requests per minute', 'circassian' ),
			'requests_per_day'        => __( 'requests per day', 'circassian' ),
			'translate_chars_per_day' => __( 'translation characters per day', 'circassian' ),
			'speech_seconds_per_day'  => __( 'seconds of audio per day', 'circassian' ),
		);
		return $labels[ $name ] ?? str_replace( '_', ' ', $name );
	}
}
