<?php
/**
 * TBX read and written as core does (vectors/glossary-tbx.json, written by tools/tbx-vectors.ts
 * from core's readTbx and writeTbx): files of other tools, Weblate's export and the 2019 form read
 * entry for entry, core's bytes written, a round trip byte-stable, a file that is not TBX refused
 * with why and nothing imported.
 */
use Circassian\Glossary;
use PHPUnit\Framework\TestCase;

// phpcs:disable WordPress.NamingConventions.ValidVariableName.NotSnakeCaseMemberVar, WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- DOM's own property names.

final class Glossary_Tbx_Tests extends TestCase {

	/**
	 * @testdox core's three TBX fixtures (a TBX-Basic sample of another tool, Weblate's export, the ISO 30042:2019 form) read as core reads them: 5, 3 and 2 entries, the concept in English and French reported skipped
	 */
	public function test_core_s_fixtures_read_as_core_reads_them(): void {
		$vectors = circassian_test_vectors( 'glossary-tbx.json' );
		self::assertCount( 3, $vectors['fixtures'] );
		foreach ( $vectors['fixtures'] as $name => $fixture ) {
			$read = Glossary\Tbx_Reader::read( $fixture['tbx'] );
			self::assertSame( $fixture['entries'], $read['entries'], $name );
			self::assertSame( $fixture['skipped'], $read['skipped'], $name );
		}
		self::assertSame( 10, count( $vectors['entries'] ) );
	}

	/**
	 * @testdox the 10 entries are written as core's writeTbx bytes, read back the same, and written again the same bytes; PHP's DOMDocument, an independent reader, finds each termEntry with its languages and statuses
	 */
	public function test_written_as_core_s_bytes_and_round_trips(): void {
		$vectors = circassian_test_vectors( 'glossary-tbx.json' );
		$written = Glossary\Tbx_Writer::write( $vectors['entries'] );
		self::assertSame( $vectors['written'], $written );
		$back = Glossary\Tbx_Reader::read( $written );
		self::assertSame( array(), $back['skipped'] );
		self::assertSame( $written, Glossary\Tbx_Writer::write( $back['entries'] ) );
		$dom = new DOMDocument();
		self::assertTrue( $dom->loadXML( $written, LIBXML_NONET ) );
		self::assertSame( 'TBX-Basic', $dom->documentElement->getAttribute( 'type' ) );
		self::assertSame( count( $vectors['entries'] ), $dom->getElementsByTagName( 'termEntry' )->length );
		$statuses = array();
		foreach ( $dom->getElementsByTagName( 'termNote' ) as $note ) {
			if ( 'administrativeStatus' === $note->getAttribute( 'type' ) ) {
				$statuses[] = $note->textContent;
			}
		}
		$forbidden = count( array_filter( $vectors['entries'], static fn( array $entry ): bool => 'forbidden' === $entry['type'] ) );
		self::assertSame( $forbidden, count( array_keys( $statuses, 'deprecatedTerm-admn-sts', true ) ) );
	}

	/**
	 * @testdox a file that is not TBX (empty, broken XML, another root, an empty term, cut short) is refused with why, and an import of it changes nothing
	 */
	public function test_a_file_that_is_not_tbx_is_refused_and_changes_nothing(): void {
		wp_set_current_user( 1 );
		circassian_test_glossary_clear();
		Glossary\Glossary_Transfer::import( "ru,kbd,type,note\r\nКоков,,keep,\r\n" );
		$before = Glossary\Glossary_Store::all();
		$cases  = array(
			'<?xml version="1.0"?><tmx version="1.4"/>' => 'its root element is <tmx>',
			'<martif><text><body><termEntry><langSet xml:lang="ru"><tig><term> </term></tig></langSet></termEntry></body></text></martif>' => 'an empty <term>',
			'<martif><text><body><termEntry>'           => 'not readable TBX',
			'<martif type="TBX-Basic"><text><body><termEntry><langSet xml:lang="ru"><tig><term>a &unknown; b</term></tig></langSet></termEntry></body></text></martif>' => 'not readable TBX',
		);
		foreach ( $cases as $file => $why ) {
			$result = Glossary\Glossary_Transfer::import( $file );
			self::assertInstanceOf( WP_Error::class, $result, $why );
			self::assertStringContainsString( $why, $result->get_error_message() );
		}
		self::assertSame( $before, Glossary\Glossary_Store::all() );
		circassian_test_glossary_clear();
	}
}
