<?php
/**
 * Memory_Review: what people wrote, by whom, and a reviewer's accept and remove.
 */
use Circassian\Memory;
use PHPUnit\Framework\TestCase;

final class Memory_Review_Tests extends TestCase {

	/**
	 * @testdox the review lists people's units newest first with who, when and where, filters by person, and removes everything one person wrote (their corrections and suggestions, not the machine's)
	 */
	public function test_people_units_are_listed_filtered_and_removed_by_person(): void {
		Memory\Memory_Store::clear();
		$unit = static fn( string $source, string $origin, string $creator, string $created, array $more = array() ): array => array(
			'source_lang' => 'ru',
			'target_lang' => 'kbd',
			'source'      => $source,
			'target'      => $source . ' (kbd)',
			'origin'      => $origin,
			'creator'     => $creator,
			'created'     => $created,
		) + $more;
		Memory\Memory_Store::store(
			array(
				$unit( 'Один', 'machine', 'anna', '2026-01-01 00:00:00' ),
				$unit( 'Два', 'human', 'anna', '2026-01-02 00:00:00', array( 'where' => 'post:7' ) ),
				$unit( 'Три', 'human', 'boris', '2026-01-03 00:00:00' ),
				$unit( 'Четыре', 'human', 'intern', '2026-01-04 00:00:00', array( 'suggestion' => true ) ),
				$unit(
					'Пять',
					'machine',
					'circassian-cli',
					'2026-01-05 00:00:00',
					array(
						'changer' => 'anna',
						'changed' => '2026-01-06 00:00:00',
					)
				),
			)
		);
		self::assertSame( array( 'Четыре', 'Три', 'Два' ), array_map( static fn( object $row ): string => (string) $row->source, Memory\Memory_Review::recent() ), 'people\'s units, newest first' );
		self::assertSame(
			array(
				'anna'   => 1,
				'boris'  => 1,
				'intern' => 1,
			),
			Memory\Memory_Review::people()
		);
		self::assertSame( array( 'post:7' ), array_map( static fn( object $row ): string => (string) $row->where_made, Memory\Memory_Review::recent( 'anna' ) ) );
		self::assertSame( 1, Memory\Memory_Review::remove_by( 'anna' ) );
		self::assertSame( 1, Memory\Memory_Review::remove_by( 'intern' ), 'a suggestion too' );
		$left = array_map( static fn( object $row ): string => (string) $row->source, iterator_to_array( Memory\Memory_Store::units(), false ) );
		sort( $left );
		self::assertSame( array( 'Один', 'Пять', 'Три' ), $left, 'the machine units stay' );
		Memory\Memory_Store::clear();
	}

	/**
	 * @testdox accepting a suggestion that is not there (accepted or removed meanwhile) says so and changes nothing
	 */
	public function test_accepting_a_suggestion_that_is_gone(): void {
		Memory\Memory_Store::clear();
		$result = Memory\Memory_Review::accept( 999999, get_userdata( 1 ) );
		self::assertSame( 'circassian_no_suggestion', is_wp_error( $result ) ? $result->get_error_code() : 'accepted' );
	}
}
