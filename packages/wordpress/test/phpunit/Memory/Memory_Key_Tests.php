<?php
/**
 * The memory's match key against the cases TypeScript reads (shared/vectors/memory-keys.json and
 * palochka.json, copied into the plugin's vectors/ by pnpm sync-shared): a text matches here exactly when it
 * matches in core, the CLI, VS Code and Strapi.
 */
use Circassian\Memory;
use PHPUnit\Framework\TestCase;

final class Memory_Key_Tests extends TestCase {

	/**
	 * @testdox the memory key matches and tells apart every pair of shared/vectors/memory-keys.json, as core does
	 */
	public function test_the_memory_key_matches_and_tells_apart_every_pair_of_shared_vectors(): void {
		$vectors = circassian_test_vectors( 'memory-keys.json' );
		self::assertTrue( count( $vectors ) >= 27, 'the vectors are there' );
		foreach ( $vectors as $vector ) {
			self::assertSame( $vector['match'], Memory\Memory_Key::key( $vector['a'] ) === Memory\Memory_Key::key( $vector['b'] ), $vector['why'] );
		}
	}

	/**
	 * @testdox the key's palochka rule gives core's normalizePalochka answer on every case of shared/vectors/palochka.json
	 */
	public function test_the_key_s_palochka_rule_gives_core_s_normalizepalochka_answer_on_every(): void {
		$vectors = circassian_test_vectors( 'palochka.json' );
		self::assertTrue( count( $vectors ) >= 80, 'the vectors are there' );
		foreach ( $vectors as $vector ) {
			self::assertSame( $vector['expected'], Memory\Palochka::normalize( $vector['input'] ), $vector['why'] );
		}
	}

	/**
	 * @testdox the whitespace around a text is not in its key and goes back around the stored answer
	 */
	public function test_the_whitespace_around_a_text_is_not_in_its_key_and_goes_back_around(): void {
		self::assertSame( 'Доброе утро', Memory\Memory_Key::key( "  Доброе утро\n" ) );
		self::assertSame( "  Уи пщэддджыжь фӀыуэ\n", Memory\Memory_Key::restore( "  Доброе утро\n", ' Уи пщэддджыжь фӀыуэ ' ) );
		self::assertSame( '', Memory\Memory_Key::key( " \t " ) );
	}
}
