<?php
/**
 * Where each sentence starts and ends in a post's joined audio, core's speechTimings
 * (packages/core/src/speech/timings.ts) in PHP, held to shared/vectors/speech.json (`timings`):
 * parts follow each other, every boundary is the running sum of the durations before it rounded to
 * the millisecond (so rounding never accumulates), a part of one sentence gives it its span exactly,
 * and a part of several shares its span among them by characters, the last ending at the part's end.
 * No timing leaves its part, so none drifts past its sentence.
 *
 * @package Circassian
 */

namespace Circassian\Speech_Memory;

defined( 'ABSPATH' ) || exit;

final class Speech_Timings {

	public const FORMAT  = 'circassian-speech-timings';
	public const VERSION = 1;

	/** Seconds rounded to the millisecond as core rounds them: floor(seconds × 1000 + 0.5) / 1000. */
	public static function milliseconds( float $seconds ): float {
		return floor( $seconds * 1000 + 0.5 ) / 1000;
	}

	/**
	 * The timings of sentences voiced in these parts (in order, every sentence once).
	 *
	 * @param list<string>                                                          $sentences The sentences, as voiced.
	 * @param list<array{key?: string, first: int, last: int, duration: float}> $parts     Each part's sentences (indexes, inclusive) and seconds.
	 * @return array{format: string, version: int, duration: float, sentences: list<array{start: float, end: float, text: string}>, parts: list<array{key: string, start: float, end: float, first: int, last: int}>}
	 */
	public static function of( array $sentences, array $parts ): array {
		$starts  = array();
		$ends    = array();
		$timed   = array();
		$elapsed = 0.0;
		foreach ( $parts as $part ) {
			$start    = self::milliseconds( $elapsed );
			$elapsed += max( 0.0, (float) $part['duration'] );
			$end      = self::milliseconds( $elapsed );
			$timed[]  = array(
				'key'   => (string) ( $part['key'] ?? '' ),
				'start' => $start,
				'end'   => $end,
				'first' => $part['first'],
				'last'  => $part['last'],
			);
			$held     = array_map( static fn( string $text ): int => mb_strlen( $text ), array_slice( $sentences, $part['first'], $part['last'] - $part['first'] + 1 ) );
			$total    = max( 1, array_sum( $held ) );
			$before   = 0;
			$last     = count( $held ) - 1;
			foreach ( $held as $offset => $count ) {
				$index = $part['first'] + $offset;
				// A sentence continued from the part before keeps the start it had there.
				$starts[ $index ] ??= 0 === $offset ? $start : self::milliseconds( $start + ( $end - $start ) * $before / $total );
				$before            += $count;
				$ends[ $index ]     = $offset === $last ? $end : self::milliseconds( $start + ( $end - $start ) * $before / $total );
			}
		}
		$timings = array();
		foreach ( $sentences as $index => $text ) {
			$timings[] = array(
				'start' => (float) ( $starts[ $index ] ?? 0 ),
				'end'   => (float) ( $ends[ $index ] ?? 0 ),
				'text'  => $text,
			);
		}
		return array(
			'format'    => self::FORMAT,
			'version'   => self::VERSION,
			'duration'  => self::milliseconds( $elapsed ),
			'sentences' => $timings,
			'parts'     => $timed,
		);
	}
}
