<?php
/**
 * Memory_Store's queries: a post's texts looked up, stored and counted in a few statements per
 * batch, not one or two per text; the rules kept (a human unit never replaced by a machine one,
 * a replaced unit's creation date and uses kept).
 */
use Circassian\Memory;
use Circassian\Translation;
use PHPUnit\Framework\TestCase;

final class Memory_Store_Tests extends TestCase {

	/** @var list<string> */
	private array $queries = array();

	/** The statements that reach the memory's table while $run runs. */
	private function memory_queries( callable $run ): array {
		$this->queries = array();
		$watch         = function ( string $query ): string {
			// wpdb's own charset check (SHOW FULL COLUMNS) runs once per table and process, whichever query comes first.
			if ( str_contains( $query, Memory\Memory_Table::name() ) && ! str_starts_with( $query, 'SHOW ' ) ) {
				$this->queries[] = $query;
			}
			return $query;
		};
		add_filter( 'query', $watch );
		try {
			$run();
		} finally {
			remove_filter( 'query', $watch );
		}
		return $this->queries;
	}

	/**
	 * @testdox a 200-block post: translated once, 4 queries on the memory (not 401); again, 2 (not 201)
	 */
	public function test_a_200_block_post_translated_once_4_queries_on_the_memory_not_401(): void {
		wp_set_current_user( 1 );
		Memory\Memory_Store::clear();
		$texts = array();
		for ( $n = 1; $n <= 200; $n++ ) {
			$texts[] = "Paragraph {$n} of the harvest report: the <x1>apples</x1> are ripe.";
		}
		$first = null;
		$cold  = $this->memory_queries(
			static function () use ( $texts, &$first ): void {
				$first = Translation\Translator::translate_texts( $texts, 'kbd', 'en' );
			}
		);
		self::assertIsArray( $first );
		self::assertSame( 200, $first['memory']['stored'] );
		self::assertSame( 4, $first['requests'], '200 texts: four batches of 50' );
		// One lookup, then one read of what is there, one write of the 200 answers and one of their words (Word_Index).
		self::assertSame( 4, count( $cold ), implode( "\n", array_map( static fn( $q ) => substr( $q, 0, 120 ), $cold ) ) );

		$second = null;
		$warm   = $this->memory_queries(
			static function () use ( $texts, &$second ): void {
				$second = Translation\Translator::translate_texts( $texts, 'kbd', 'en' );
			}
		);
		self::assertSame( 0, $second['requests'] );
		self::assertSame( 200, $second['memory']['hits'] );
		self::assertSame( $first['translations'], $second['translations'] );
		// One lookup and one count of the uses.
		self::assertSame( 2, count( $warm ), implode( "\n", array_map( static fn( $q ) => substr( $q, 0, 120 ), $warm ) ) );
		// The lookup by the one indexed hash of pair and key; the uses by the units' ids, as ranges (units stored together lie together).
		self::assertStringContainsString( 'WHERE pair_hash IN (', $warm[0] );
		self::assertLessThan( 200, strlen( $warm[1] ), $warm[1] );
		$stats = Memory\Memory_Store::stats()[0];
		self::assertSame( 200, $stats['machine'] );
		self::assertSame( array_sum( array_map( static fn( $i, $t ) => mb_strlen( $t ) + mb_strlen( $first['translations'][ $i ] ), array_keys( $texts ), $texts ) ), $stats['saved_characters'], 'each unit used once' );
	}

	/**
	 * @testdox one store of new, changed, unchanged and machine-over-human units: each handled by its rule, in a few queries
	 */
	public function test_one_store_of_new_changed_unchanged_and_machine_over_human_units_each(): void {
		global $wpdb;
		Memory\Memory_Store::clear();
		$unit    = static fn( string $source, string $target, string $origin, array $more = array() ): array => array(
			'source_lang' => 'ru',
			'target_lang' => 'kbd',
			'source'      => $source,
			'target'      => $target,
			'origin'      => $origin,
		) + $more;
		Memory\Memory_Store::store(
			array(
				$unit( 'Один', 'Зы', 'human', array( 'created' => '2026-01-01 10:00:00' ) ),
				$unit(
					'Два',
					'ТӀу-машина',
					'machine',
					array(
						'created'     => '2026-01-01 10:00:00',
						'usage_count' => 4,
					)
				),
				$unit( 'Три', 'Щы', 'machine', array( 'created' => '2026-01-01 10:00:00' ) ),
			)
		);
		$result  = null;
		$queries = $this->memory_queries(
			static function () use ( $unit, &$result ): void {
				$result = Memory\Memory_Store::store(
					array(
						$unit( 'Один', 'Зы-машина', 'machine' ),
						$unit( 'Два', 'ТӀу', 'human', array( 'changed' => '2026-02-02 10:00:00' ) ),
						$unit( 'Три', 'Щы', 'machine' ),
						$unit( 'Четыре', 'Плы', 'machine' ),
						$unit( ' Четыре ', 'Плы!', 'machine' ),
					)
				);
			}
		);
		self::assertSame(
			array(
				'stored'            => 2,
				'kept_human'        => 1,
				'kept_reviewed'     => 0,
				'kept_newer'        => 0,
				'replaced_reviewed' => 0,
				'refused'           => 0,
			),
			$result
		);
		// A read, a write, and the write of the new texts' words (Word_Index).
		self::assertSame( 3, count( $queries ), implode( "\n", $queries ) );
		self::assertStringContainsString( 'WHERE pair_hash IN (', $queries[0], 'the read by the indexed hash of pair and key: no table scan' );
		$table = Memory\Memory_Table::name();
		// phpcs:ignore WordPress.WP.PreparedSQL.NotPrepared -- the plugin's table.
		$rows = $wpdb->get_results( "SELECT source, target, origin, usage_count, created, changed FROM {$table} ORDER BY id", ARRAY_A );
		self::assertSame(
			array(
				array( 'Один', 'Зы', 'human', '0', '2026-01-01 10:00:00', null ),
				array( 'Два', 'ТӀу', 'human', '4', '2026-01-01 10:00:00', '2026-02-02 10:00:00' ),
				array( 'Три', 'Щы', 'machine', '0', '2026-01-01 10:00:00', null ),
				array( 'Четыре', 'Плы!', 'machine', '0', $rows[3]['created'], null ),
			),
			array_map( 'array_values', $rows ),
			'the human kept, the correction over the machine (created and uses kept), the unchanged untouched, a source repeated in one call stored once, the later text'
		);
	}

	/**
	 * @testdox a human unit is never replaced by a machine one, and answers instead of the service
	 */
	public function test_a_human_unit_is_never_replaced_by_a_machine_one_and_answers_instead_of(): void {
		wp_set_current_user( 1 );
		Memory\Memory_Store::clear();
		$human = array(
			'source_lang' => 'ru',
			'target_lang' => 'kbd',
			'source'      => 'Доброе утро',
			'target'      => 'Уи пщэддджыжь фӀыуэ',
			'origin'      => 'human',
		);
		self::assertSame( 1, Memory\Memory_Store::store( array( $human ) )['stored'] );
		$result = Memory\Memory_Store::store( array(
			array(
				'origin' => 'machine',
				'target' => 'машина',
			) + $human,
		) );
		self::assertSame( 1, $result['kept_human'] );
		$calls = circassian_test_batch_calls();
		$reply = circassian_test_translate( array( 'Доброе утро' ), 'ru' );
		self::assertSame( 0, circassian_test_batch_calls() - $calls, 'no request' );
		self::assertSame( array( 'Уи пщэддджыжь фӀыуэ' ), $reply->get_data()['translations'] );
		// A look-alike palochka typed in the query matches (the service would see the same text).
		self::assertSame( array( 'Уи пщэддджыжь фӀыуэ' ), array_values( Memory\Memory_Store::lookup( 'ru', 'kbd', array( 'Доброе утро' ) ) ) );
	}

	/**
	 * @testdox 1,000 texts are looked up in five statements of 200 hashes, answering the 500 the memory holds
	 */
	public function test_1000_texts_are_looked_up_in_five_statements_of_200_hashes(): void {
		Memory\Memory_Store::clear();
		$units = array();
		$texts = array();
		for ( $n = 1; $n <= 1000; $n++ ) {
			$texts[] = "Line {$n} of the village chronicle.";
			if ( 0 === $n % 2 ) {
				$units[] = array(
					'source_lang' => 'en',
					'target_lang' => 'kbd',
					'source'      => "Line {$n} of the village chronicle.",
					'target'      => "Тхыгъэм и сатыр {$n}.",
					'origin'      => 'machine',
				);
			}
		}
		Memory\Memory_Store::store( $units );
		$recalled = null;
		$reads    = $this->memory_queries(
			static function () use ( $texts, &$recalled ): void {
				$recalled = Memory\Memory_Store::recall( 'en', 'kbd', $texts );
			}
		);
		self::assertCount( 5, $reads );
		self::assertStringContainsString( 'WHERE pair_hash IN (', $reads[0] );
		self::assertCount( 500, $recalled['answers'] );
		self::assertSame( 'Тхыгъэм и сатыр 2.', $recalled['answers']['Line 2 of the village chronicle.'] );
	}
}
