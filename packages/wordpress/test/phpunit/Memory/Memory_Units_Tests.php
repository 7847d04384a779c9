<?php
/**
 * Memory_Units, and the Tools page's Edit and Delete (Admin\Memory_Units_Section): one unit at a
 * time, only with the right to teach the memory and the action's nonce.
 */
use Circassian\Admin;
use Circassian\Memory;
use PHPUnit\Framework\TestCase;

final class Memory_Units_Tests extends TestCase {

	/** The id of the one unit of $source. */
	private static function id_of( string $source ): int {
		foreach ( Memory\Memory_Store::units() as $row ) {
			if ( $source === $row->source ) {
				return (int) $row->id;
			}
		}
		return 0;
	}

	private static function seed(): void {
		Memory\Memory_Store::clear();
		Memory\Memory_Store::store(
			array(
				array(
					'source_lang' => 'ru',
					'target_lang' => 'kbd',
					'source'      => 'Иди домой',
					'target'      => 'Унэм кIуэ',
					'origin'      => 'machine',
					'created'     => '2026-01-01 00:00:00',
					'creator'     => 'circassian-cli',
					'where'       => 'post:7',
				),
				array(
					'source_lang' => 'ru',
					'target_lang' => 'kbd',
					'source'      => 'Дом',
					'target'      => 'Унэ',
					'origin'      => 'reviewed',
					'created'     => '2026-01-01 00:00:00',
					'creator'     => 'anna',
				),
			)
		);
	}

	/**
	 * @testdox an edited translation is the editor's correction (human; a reviewed unit stays reviewed), its creation and place kept, and the memory answers it
	 */
	public function test_an_edit_is_the_editor_s_correction_with_its_provenance_kept(): void {
		self::seed();
		$editor = get_userdata( circassian_test_user( 'editor' ) );
		self::assertTrue( Memory\Memory_Units::edit( self::id_of( 'Иди домой' ), ' Унэм кӀуэж ', $editor ) );
		$unit = Memory\Memory_Units::get( self::id_of( 'Иди домой' ) );
		self::assertSame(
			array( 'Унэм кӀуэж', 'human', 'circassian-cli', '2026-01-01 00:00:00', $editor->user_login, 'post:7' ),
			array( $unit->target, $unit->origin, $unit->creator, $unit->created, $unit->changer, $unit->where_made )
		);
		self::assertNotNull( $unit->changed );
		self::assertSame( array( 'Иди домой' => 'Унэм кӀуэж' ), Memory\Memory_Store::lookup( 'ru', 'kbd', array( 'Иди домой' ) ) );
		self::assertSame( array( 'Унэм кӀуэж' ), array_map( static fn( object $row ): string => $row->target, Memory\Memory_Search::find( 'кӀуэж', get_userdata( 1 ) )['units'] ), 'found by its new words' );
		self::assertTrue( Memory\Memory_Units::edit( self::id_of( 'Дом' ), 'Унэр', $editor ) );
		self::assertSame( 'reviewed', Memory\Memory_Units::get( self::id_of( 'Дом' ) )->origin );
		self::assertSame( 'circassian_empty_translation', Memory\Memory_Units::edit( self::id_of( 'Дом' ), '  ', $editor )->get_error_code() );
		self::assertSame( 'circassian_no_unit', Memory\Memory_Units::edit( 999999, 'x', $editor )->get_error_code() );
		Memory\Memory_Store::clear();
	}

	/**
	 * @testdox deleting one unit removes it alone; a second delete says it is gone
	 */
	public function test_deleting_one_unit_removes_it_alone(): void {
		self::seed();
		$id = self::id_of( 'Дом' );
		self::assertTrue( Memory\Memory_Units::delete( $id ) );
		self::assertSame( array( 'Иди домой' ), array_map( static fn( object $row ): string => $row->source, iterator_to_array( Memory\Memory_Store::units(), false ) ) );
		self::assertSame( 'circassian_no_unit', Memory\Memory_Units::delete( $id )->get_error_code() );
		Memory\Memory_Store::clear();
	}

	/**
	 * @testdox the Tools page's Edit and Delete refuse an Author (no right to teach) and an Editor without the action's nonce, and change nothing
	 */
	public function test_edit_and_delete_refuse_without_the_right_or_the_nonce(): void {
		self::seed();
		$id   = self::id_of( 'Иди домой' );
		$stop = static fn() => static function ( $message, $title = '', $args = array() ): void {
			throw new RuntimeException( 'refused ' . ( is_array( $args ) && isset( $args['response'] ) ? $args['response'] : '' ) );
		};
		add_filter( 'wp_die_handler', $stop );
		// phpcs:disable WordPress.CSRF.NonceVerification.NoNonceVerification, WordPress.Security.NonceVerification.Missing, WordPress.Security.NonceVerification.Recommended -- the requests under test, without a valid nonce on purpose.
		$before = $_POST;
		try {
			foreach ( array( 'author', 'editor' ) as $role ) {
				wp_set_current_user( circassian_test_user( $role ) );
				foreach ( array(
					Admin\Memory_Units_Section::EDIT_ACTION   => 'edit',
					Admin\Memory_Units_Section::DELETE_ACTION => 'delete',
				) as $action => $method ) {
					$_POST    = array(
						'action'   => $action,
						'unit'     => (string) $id,
						'target'   => 'Хъыбар',
						'_wpnonce' => 'author' === $role ? wp_create_nonce( $action ) : 'not-a-nonce',
					);
					$_REQUEST = $_POST;
					try {
						Admin\Memory_Units_Section::$method();
						self::fail( "{$role}: {$method} went through" );
					} catch ( RuntimeException $refusal ) {
						self::assertSame( 'refused 403', $refusal->getMessage(), "{$role}: {$method}" );
					}
				}
			}
		} finally {
			remove_filter( 'wp_die_handler', $stop );
			$_POST    = $before;
			$_REQUEST = $before;
			wp_set_current_user( 0 );
		}
		// phpcs:enable WordPress.CSRF.NonceVerification.NoNonceVerification, WordPress.Security.NonceVerification.Missing, WordPress.Security.NonceVerification.Recommended
		self::assertSame( 'Унэм кIуэ', Memory\Memory_Units::get( $id )->target );
		Memory\Memory_Store::clear();
	}
}
