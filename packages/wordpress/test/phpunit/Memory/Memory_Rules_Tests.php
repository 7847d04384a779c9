<?php
/**
 * Memory_Rules, through Memory_Store and the site's table: the memory's store, lookup and remove
 * rules held to core's, by the shared vectors (shared/vectors/memory-rules.json, copied into
 * vectors/). Units are ru -> kbd; each name a vector gives a unit's creator is a user of this site
 * (a suggestion answers only its creator, and here only a user of the site is one).
 */
use Circassian\Memory;
use PHPUnit\Framework\TestCase;

final class Memory_Rules_Tests extends TestCase {

	/** The shared rules: their `about`, and cases of store, lookup and remove. */
	private static function vectors(): array {
		return circassian_test_vectors( 'memory-rules.json' );
	}

	/**
	 * @testdox the site's memory stores as core's rules say: strength reviewed > human > machine, the newer within one origin, suggestions beside the unit and one per person, the context in the identity, a suggestion without its creator refused whole
	 */
	public function test_store_vectors(): void {
		$cases = self::vectors()['store'];
		self::assertGreaterThanOrEqual( 20, count( $cases ) );
		foreach ( $cases as $case ) {
			self::hold( $case['held'] );
			$result = Memory\Memory_Store::store( array_map( array( self::class, 'unit' ), $case['store'] ) );
			if ( ! empty( $case['error'] ) ) {
				self::assertSame( 1, $result['refused'], $case['why'] );
			} else {
				self::assertSame(
					$case['result'],
					array(
						'stored'           => $result['stored'],
						'keptHuman'        => $result['kept_human'],
						'keptReviewed'     => $result['kept_reviewed'],
						'keptNewer'        => $result['kept_newer'],
						'replacedReviewed' => $result['replaced_reviewed'],
					),
					$case['why']
				);
			}
			self::assertSame( self::canonical( $case['units'] ), self::canonical( self::held_now() ), $case['why'] );
		}
	}

	/**
	 * @testdox the site's memory answers as core's rules say: the asker's own suggestion first, nobody else's, each context for itself, look-alike spellings alike
	 */
	public function test_lookup_vectors(): void {
		foreach ( self::vectors()['lookup'] as $case ) {
			self::hold( $case['held'] );
			$asker   = isset( $case['asker'] ) ? self::user( $case['asker'] ) : new WP_User( 0 );
			$answers = array();
			foreach ( $case['sources'] as $index => $source ) {
				$found     = Memory\Memory_Store::recall( 'ru', 'kbd', array( $source ), $asker, (string) ( $case['contexts'][ $index ] ?? '' ) )['answers'];
				$answers[] = $found[ $source ] ?? null;
			}
			self::assertSame( $case['answers'], $answers, $case['why'] );
		}
	}

	/**
	 * @testdox the site's memory removes as core's rules say: by who wrote the translation as it is (changer, else creator), every field given matching, contexts and sources by key
	 */
	public function test_remove_vectors(): void {
		foreach ( self::vectors()['remove'] as $case ) {
			self::hold( $case['held'] );
			$filter = $case['filter'];
			if ( isset( $filter['pair'] ) ) {
				$filter += array(
					'source_lang' => $filter['pair']['source'],
					'target_lang' => $filter['pair']['target'],
				);
				unset( $filter['pair'] );
			}
			self::assertSame( $case['removed'], Memory\Memory_Store::remove( $filter ), $case['why'] );
			$left = array_map( static fn( array $unit ): string => $unit['source'], self::held_now() );
			sort( $left );
			$expected = $case['left'];
			sort( $expected );
			self::assertSame( $expected, $left, $case['why'] );
		}
		Memory\Memory_Store::clear();
	}

	/** A memory holding exactly these units, each stored on its own, in order. */
	private static function hold( array $units ): void {
		Memory\Memory_Store::clear();
		foreach ( $units as $unit ) {
			Memory\Memory_Store::store( array( self::unit( $unit ) ) );
		}
	}

	/** A vector's unit as Memory_Store takes it. */
	private static function unit( array $unit ): array {
		$stored = array(
			'source_lang' => 'ru',
			'target_lang' => 'kbd',
			'source'      => $unit['source'],
			'target'      => $unit['target'],
			'origin'      => $unit['origin'],
			'created'     => self::datetime( $unit['created'] ),
			'suggestion'  => ! empty( $unit['suggestion'] ),
		);
		foreach ( array( 'changer', 'where', 'context' ) as $field ) {
			if ( isset( $unit[ $field ] ) ) {
				$stored[ $field ] = $unit[ $field ];
			}
		}
		if ( isset( $unit['changed'] ) ) {
			$stored['changed'] = self::datetime( $unit['changed'] );
		}
		if ( isset( $unit['creator'] ) ) {
			$stored['creator']    = $unit['creator'];
			$stored['creator_id'] = self::user( $unit['creator'] )->ID;
		}
		return $stored;
	}

	/** What the memory holds now, each unit as the vectors write one. */
	private static function held_now(): array {
		$units = array();
		foreach ( Memory\Memory_Store::units() as $row ) {
			$unit = array(
				'source'  => (string) $row->source,
				'target'  => (string) $row->target,
				'origin'  => (string) $row->origin,
				'created' => self::iso( (string) $row->created ),
			);
			if ( null !== $row->changed ) {
				$unit['changed'] = self::iso( (string) $row->changed );
			}
			foreach ( array(
				'creator' => 'creator',
				'changer' => 'changer',
				'where'   => 'where_made',
				'context' => 'context',
			) as $field => $column ) {
				if ( '' !== (string) $row->$column ) {
					$unit[ $field ] = (string) $row->$column;
				}
			}
			if ( '' !== (string) $row->suggested_by ) {
				$unit['suggestion'] = true;
			}
			$units[] = $unit;
		}
		return $units;
	}

	/**
	 * Units in one order whatever order a store lists them in (the site lists by when they were first
	 * stored; core per identity, the unit before its suggestions): by source, context, suggestion, creator.
	 */
	private static function canonical( array $units ): array {
		usort( $units, static fn( array $a, array $b ): int => array( $a['source'], $a['context'] ?? '', ! empty( $a['suggestion'] ), $a['creator'] ?? '' ) <=> array( $b['source'], $b['context'] ?? '', ! empty( $b['suggestion'] ), $b['creator'] ?? '' ) );
		return array_map(
			static function ( array $unit ): array {
				ksort( $unit );
				return $unit;
			},
			$units
		);
	}

	private static function user( string $login ): WP_User {
		$user = get_user_by( 'login', $login );
		if ( ! $user instanceof WP_User ) {
			$user = get_user_by(
				'id',
				wp_insert_user(
					array(
						'user_login' => $login,
						'user_pass'  => wp_generate_password(),
						'role'       => 'author',
					)
				)
			);
		}
		return $user;
	}

	private static function datetime( string $iso ): string {
		return gmdate( 'Y-m-d H:i:s', (int) strtotime( $iso ) );
	}

	private static function iso( string $datetime ): string {
		return gmdate( 'Y-m-d\TH:i:s\Z', (int) strtotime( $datetime . ' UTC' ) );
	}
}
