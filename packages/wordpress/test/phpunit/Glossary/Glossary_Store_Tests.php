<?php
/**
 * The site's glossary in its table: entries added, edited and removed, one entry per term, a file
 * laid over it, and nothing changed by an entry that cannot be used.
 */
use Circassian\Glossary;
use PHPUnit\Framework\TestCase;

final class Glossary_Store_Tests extends TestCase {

	protected function setUp(): void {
		circassian_test_glossary_clear();
		wp_set_current_user( 1 );
	}

	/**
	 * @testdox an entry is saved checked (trimmed, a keep's target its term), edited in place, refused when another entry is the same term, and removed
	 */
	public function test_an_entry_is_saved_edited_refused_as_a_duplicate_and_removed(): void {
		$id = Glossary\Glossary_Store::save(
			array(
				'source_lang' => 'ru',
				'target_lang' => 'kbd',
				'type'        => 'keep',
				'source'      => ' Нальчик ',
				'target'      => '',
				'stem'        => true,
			)
		);
		self::assertSame(
			array(
				'id'          => $id,
				'source_lang' => 'ru',
				'target_lang' => 'kbd',
				'type'        => 'keep',
				'source'      => 'Нальчик',
				'target'      => 'Нальчик',
				'stem'        => true,
			),
			Glossary\Glossary_Store::get( $id )
		);
		try {
			Glossary\Glossary_Store::save(
				array(
					'source_lang' => 'ru',
					'target_lang' => 'kbd',
					'type'        => 'translate',
					'source'      => 'НАЛЬЧИК',
					'target'      => 'Налшык',
				)
			);
			self::fail( 'a second entry for the same term' );
		} catch ( Glossary\Glossary_Error $error ) {
			self::assertStringContainsString( "entry $id", $error->getMessage() );
		}
		Glossary\Glossary_Store::save(
			array(
				'source_lang' => 'ru',
				'target_lang' => 'kbd',
				'type'        => 'translate',
				'source'      => 'Нальчик',
				'target'      => 'Налшык',
			),
			$id
		);
		self::assertSame( 'Налшык', Glossary\Glossary_Store::get( $id )['target'] );
		self::assertCount( 1, Glossary\Glossary_Store::glossary()->entries );
		self::assertTrue( Glossary\Glossary_Store::delete( $id ) );
		self::assertSame( array(), Glossary\Glossary_Store::all() );
	}

	/**
	 * @testdox an import replaces the entry of the same term and adds the others; a file with one bad row changes nothing
	 */
	public function test_an_import_replaces_same_terms_adds_others_and_a_bad_file_changes_nothing(): void {
		Glossary\Glossary_Store::save(
			array(
				'source_lang' => 'ru',
				'target_lang' => 'kbd',
				'type'        => 'translate',
				'source'      => 'сайт',
				'target'      => 'сайтыр',
			)
		);
		$result = Glossary\Glossary_Transfer::import( "ru,kbd,type,note\r\nсайт,сайт,translate,\r\nНальчик,,keep,город\r\n" );
		self::assertIsArray( $result );
		self::assertSame( array( 2, 1, 1 ), array( $result['read'], $result['added'], $result['replaced'] ) );
		$before = Glossary\Glossary_Store::all();
		self::assertSame( array( 'keep', 'keep' ), array_column( $before, 'type' ), 'сайт into itself is a keep' );
		$refused = Glossary\Glossary_Transfer::import( "ru,kbd,type,note\r\nобновление,зэхъуэкӀыныгъэ,translate,\r\nНальчик,Налшык,keep,\r\n" );
		self::assertWPError( $refused );
		self::assertStringContainsString( 'line 3', $refused->get_error_message() );
		self::assertSame( $before, Glossary\Glossary_Store::all() );
		self::assertSame( "ru,kbd,type,note\r\nсайт,сайт,keep,\r\nНальчик,Нальчик,keep,город\r\n", Glossary\Glossary_Transfer::csv( 'ru', 'kbd' ) );
	}

	private static function assertWPError( mixed $value ): void {
		self::assertInstanceOf( WP_Error::class, $value );
	}
}
