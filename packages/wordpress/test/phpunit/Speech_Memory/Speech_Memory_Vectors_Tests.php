<?php
/**
 * The speech memory's rules held to core's cases (shared/vectors/speech.json): the sentences
 * (Sentences), the keys (Speech_Key) and the timings (Speech_Timings), so audio kept by core's
 * tools and by the site is found under the same key and read along the same way.
 */
use Circassian\Speech_Memory;
use PHPUnit\Framework\TestCase;

final class Speech_Memory_Vectors_Tests extends TestCase {

	/**
	 * @testdox sentences are cut as core cuts them (every case of speech.json's `sentences`)
	 */
	public function test_sentences_match_core(): void {
		foreach ( circassian_test_shared_vectors( 'speech.json' )['sentences'] as $case ) {
			$got = array_map( static fn( array $sentence ): string => $sentence['text'], Speech_Memory\Sentences::split( $case['text'] ) );
			self::assertSame( $case['sentences'], $got, $case['why'] );
		}
	}

	/**
	 * @testdox keys are core's, field for field and hash for hash (every case of speech.json's `keys`)
	 */
	public function test_keys_match_core(): void {
		foreach ( circassian_test_shared_vectors( 'speech.json' )['keys'] as $case ) {
			self::assertSame( $case['fields'], Speech_Memory\Speech_Key::fields( $case['text'], $case['voice'] ), $case['why'] );
			self::assertSame( $case['key'], Speech_Memory\Speech_Key::of( $case['text'], $case['voice'] ), $case['why'] );
		}
	}

	/**
	 * @testdox timings are core's: running sums rounded to the millisecond, shared parts by characters (every case of speech.json's `timings`)
	 */
	public function test_timings_match_core(): void {
		foreach ( circassian_test_shared_vectors( 'speech.json' )['timings'] as $case ) {
			$parts   = array_map(
				static fn( array $part ): array => array(
					'first'    => $part['first'],
					'last'     => $part['last'],
					'duration' => (float) $part['durationSeconds'],
				),
				$case['parts']
			);
			$timings = Speech_Memory\Speech_Timings::of( $case['sentences'], $parts );
			$pairs   = static fn( array $spans ): array => array_map( static fn( array $span ): array => array( (float) $span[0], (float) $span[1] ), $spans );
			self::assertSame( (float) $case['expected']['duration'], $timings['duration'], $case['why'] );
			self::assertSame( $pairs( $case['expected']['sentences'] ), array_map( static fn( array $s ): array => array( $s['start'], $s['end'] ), $timings['sentences'] ), $case['why'] );
			self::assertSame( $pairs( $case['expected']['parts'] ), array_map( static fn( array $p ): array => array( $p['start'], $p['end'] ), $timings['parts'] ), $case['why'] );
		}
	}
}
