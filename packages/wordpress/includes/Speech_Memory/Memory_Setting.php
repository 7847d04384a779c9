<?php
/**
 * Whether post audio is made through the speech memory (Sentence_Voicing), and the store's limits:
 * how long a sentence no post uses is kept, and how large the store may grow. Off until the
 * administrator switches it on (the settings route's `speech_memory`): a first voicing then takes
 * one request per sentence where one per 20,000 characters would do.
 *
 * @package Circassian
 */

namespace Circassian\Speech_Memory;

defined( 'ABSPATH' ) || exit;

final class Memory_Setting {

	public const OPTION = 'circassian_speech_memory';
	/** A sentence no post uses is kept this long (a reverted edit, a post back from the bin cost nothing). */
	public const GRACE_DAYS = 30;
	/** The store's size cap per site, in bytes (filter `circassian_speech_memory_max_bytes`). */
	public const MAX_BYTES = 512 * MB_IN_BYTES;

	public static function enabled(): bool {
		return '1' === (string) get_option( self::OPTION, '' );
	}

	public static function save( bool $enabled ): void {
		update_option( self::OPTION, $enabled ? '1' : '', false );
	}

	/** Seconds an entry no post uses survives (filter `circassian_speech_memory_grace_days`). */
	public static function grace_seconds(): int {
		return max( 0, (int) apply_filters( 'circassian_speech_memory_grace_days', self::GRACE_DAYS ) ) * DAY_IN_SECONDS;
	}

	public static function max_bytes(): int {
		return max( 0, (int) apply_filters( 'circassian_speech_memory_max_bytes', self::MAX_BYTES ) );
	}
}
