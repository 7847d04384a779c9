<?php
/**
 * Memory_Transfer: TMX export and import, ours and other tools'.
 */
use Circassian\Memory;
use PHPUnit\Framework\TestCase;

final class Memory_Transfer_Tests extends TestCase {
	/**
	 * @testdox TMX: an export imports into an empty memory with the same units, and exports the same bytes
	 */
	public function test_tmx_an_export_imports_into_an_empty_memory_with_the_same_units_and(): void {
		Memory\Memory_Store::clear();
		Memory\Memory_Store::store(
			array(
				array(
					'source_lang' => 'ru',
					'target_lang' => 'kbd',
					'source'      => "Строка & <тег>\r\nдва",
					'target'      => 'Сатыр',
					'origin'      => 'human',
					'creator'     => 'ann "a"',
					'created'     => '2026-01-02 03:04:05',
				),
				array(
					'source_lang' => 'en',
					'target_lang' => 'ady',
					'source'      => 'Hello',
					'target'      => 'Сэлам',
					'origin'      => 'machine',
					'created'     => '2026-01-02 03:04:06',
				),
			)
		);
		$export = static function ( ?string $origin = null ): string {
			$out = fopen( 'php://memory', 'w+b' );
			Memory\Tmx_Writer::write( $out, Memory\Memory_Store::units( $origin ) );
			rewind( $out );
			return (string) stream_get_contents( $out );
		};
		$first  = $export();
		self::assertTrue( str_contains( $first, '<prop type="x-circassian-origin">human</prop>' ), 'origin prop' );
		self::assertTrue( str_contains( $first, 'creationdate="20260102T030405Z"' ), 'date' );
		self::assertTrue( ! str_contains( $export( 'human' ), 'Hello' ), 'origin filter' );
		Memory\Memory_Store::clear();
		$imported = Memory\Memory_Transfer::import_string( $first );
		self::assertSame( 2, $imported['units'] );
		self::assertSame( $first, $export(), 'export, import, export' );
		self::assertSame( "Строка & <тег>\r\nдва", Memory\Memory_Store::units( 'human' )->current()->source, 'CR LF kept' );
		self::assertSame( 'circassian_not_tmx', Memory\Memory_Transfer::import_string( '<html><body>no</body></html>' )->get_error_code(), 'not TMX' );
		self::assertSame( 'circassian_not_tmx', Memory\Memory_Transfer::import_string( '<tmx><body><tu>' )->get_error_code(), 'broken XML' );
	}

	/**
	 * @testdox TMX from other tools: header source, region subtags, several targets, a <ph> placeholder read as its text (skipped before), no origin means human, what is left out listed with its reason
	 */
	public function test_tmx_from_other_tools_header_source_region_subtags_several_targets(): void {
		Memory\Memory_Store::clear();
		$tmx    = '<?xml version="1.0"?><!DOCTYPE tmx SYSTEM "tmx14.dtd"><tmx version="1.4"><header srclang="ru-RU" segtype="sentence" datatype="plaintext" o-tmf="x" adminlang="en" creationtool="OmegaT" creationtoolversion="6"/><body>'
			. '<tu><tuv xml:lang="ru-RU"><seg>Дом</seg></tuv><tuv xml:lang="kbd-Cyrl"><seg>Унэ</seg></tuv><tuv xml:lang="en-GB"><seg><hi>House</hi></seg></tuv></tu>'
			. '<tu><tuv xml:lang="ru"><seg>Код <ph>{0}</ph></seg></tuv><tuv xml:lang="kbd"><seg>Код <ph>{0}</ph> jeŭ</seg></tuv></tu>'
			. '<tu><tuv xml:lang="ru"><seg>Привет</seg></tuv><tuv xml:lang="de"><seg>Hallo</seg></tuv></tu>'
			. '<tu><prop type="x-circassian-origin">robot</prop><tuv xml:lang="ru"><seg>Да</seg></tuv><tuv xml:lang="kbd"><seg>НтӀэ</seg></tuv></tu>'
			. '<!-- a comment --><tu><tuv xml:lang="ru"><seg><![CDATA[Вода]]></seg></tuv><tuv xml:lang="kbd"><seg>Псы</seg></tuv></tu>'
			. '</body></tmx>';
		$result = Memory\Memory_Transfer::import_string( $tmx );
		self::assertSame( 4, $result['units'], 'ru→kbd and ru→en of one <tu>, the <ph> one and the CDATA one' );
		self::assertSame(
			array(
				'language' => 1,
				'origin'   => 1,
			),
			$result['skipped']
		);
		self::assertSame(
			array(
				array(
					'tu'     => 3,
					'reason' => 'language',
					'detail' => 'target language "de", not one the service translates',
				),
				array(
					'tu'     => 4,
					'reason' => 'origin',
					'detail' => 'x-circassian-origin "robot"',
				),
			),
			$result['left_out']
		);
		self::assertSame( array( 'Дом' => 'House' ), Memory\Memory_Store::lookup( 'ru', 'en', array( 'Дом' ) ) );
		self::assertSame( array( 'Вода' => 'Псы' ), Memory\Memory_Store::lookup( 'ru', 'kbd', array( 'Вода' ) ) );
		self::assertSame( array( 'Код {0}' => 'Код {0} jeŭ' ), Memory\Memory_Store::lookup( 'ru', 'kbd', array( 'Код {0}' ) ) );
		self::assertSame( 4, Memory\Memory_Store::stats()[0]['human'] + Memory\Memory_Store::stats()[1]['human'] );
		Memory\Memory_Store::clear();
	}

	/**
	 * @testdox a TMX file broken after 250 good units imports nothing and says the file is broken (it stored 200 and said nothing was imported)
	 */
	public function test_a_file_broken_after_its_first_units_imports_nothing(): void {
		Memory\Memory_Store::clear();
		$units = '';
		for ( $i = 1; $i <= 250; $i++ ) {
			$units .= "<tu><tuv xml:lang=\"ru\"><seg>Строка {$i}</seg></tuv><tuv xml:lang=\"kbd\"><seg>Сатыр {$i}</seg></tuv></tu>";
		}
		$broken = '<?xml version="1.0"?><tmx version="1.4"><header srclang="ru"/><body>' . $units . '<tu><tuv xml:lang="ru"><seg>Обрыв';
		$result = Memory\Memory_Transfer::import_string( $broken );
		self::assertSame( 'circassian_not_tmx', is_wp_error( $result ) ? $result->get_error_code() : 'imported' );
		self::assertStringContainsString( 'nothing was imported', $result->get_error_message() );
		self::assertSame( array(), Memory\Memory_Store::stats(), 'and nothing was: all or nothing' );
	}

	/**
	 * @testdox core's export of units with inline codes and provenance imports through the site's memory and exports as core wrote it: the same <tu>s, codes and props; export, import, export the same bytes (1 of 7 read before, the rest "inline-code")
	 */
	public function test_cores_coded_export_imports_and_exports_the_same(): void {
		$vectors = circassian_test_tmx_vectors();
		preg_match_all( '/    <tu .*?<\/tu>\n/s', $vectors['tmx'], $tus );
		$coded = array_slice( $tus[0], 0, 7 );
		$head  = substr( $vectors['tmx'], 0, strpos( $vectors['tmx'], '    <tu ' ) );
		$file  = $head . implode( '', $coded ) . "  </body>\n</tmx>\n";
		Memory\Memory_Store::clear();
		$imported = Memory\Memory_Transfer::import_string( $file );
		self::assertSame( array( 7, 7, array() ), array( $imported['units'], $imported['stored'], $imported['left_out'] ) );
		$first = circassian_test_tmx_of( Memory\Memory_Store::units() );
		preg_match_all( '/    <tu .*?<\/tu>\n/s', $first, $ours );
		self::assertEqualsCanonicalizing( $coded, $ours[0], "core's <tu>s, byte for byte" );
		Memory\Memory_Store::clear();
		Memory\Memory_Transfer::import_string( $first );
		self::assertSame( $first, circassian_test_tmx_of( Memory\Memory_Store::units() ), 'export, import, export' );
		Memory\Memory_Store::clear();
	}

	/**
	 * @testdox provenance goes out and comes back: creationid, changeid, the origin (reviewed too), where, context and a suggestion's status; export, import, export gives the same bytes
	 */
	public function test_provenance_survives_export_import_export(): void {
		Memory\Memory_Store::clear();
		Memory\Memory_Store::store(
			array(
				array(
					'source_lang' => 'ru',
					'target_lang' => 'kbd',
					'source'      => 'Доброе утро',
					'target'      => 'Уи пщэддджыжь фӀыуэ',
					'origin'      => 'reviewed',
					'creator'     => 'anna',
					'changer'     => 'boris & co',
					'created'     => '2026-01-02 03:04:05',
					'changed'     => '2026-02-03 04:05:06',
					'where'       => 'post:42',
				),
				array(
					'source_lang' => 'ru',
					'target_lang' => 'kbd',
					'source'      => 'Читать',
					'target'      => 'Еджэн',
					'origin'      => 'human',
					'creator'     => 'intern',
					'created'     => '2026-01-02 03:04:05',
					'context'     => 'verb <infinitive>',
					'suggestion'  => true,
				),
			)
		);
		$export = static function (): string {
			$out = fopen( 'php://memory', 'w+b' );
			Memory\Tmx_Writer::write( $out, Memory\Memory_Store::units() );
			rewind( $out );
			return (string) stream_get_contents( $out );
		};
		$first  = $export();
		foreach ( array( 'creationid="anna"', 'changeid="boris &amp; co"', 'changedate="20260203T040506Z"', '<prop type="x-circassian-origin">reviewed</prop>', '<prop type="x-circassian-where">post:42</prop>', '<prop type="x-circassian-context">verb &lt;infinitive&gt;</prop>', '<prop type="x-circassian-status">suggestion</prop>' ) as $written ) {
			self::assertStringContainsString( $written, $first );
		}
		Memory\Memory_Store::clear();
		Memory\Memory_Transfer::import_string( $first );
		self::assertSame( $first, $export(), 'export, import, export' );
		Memory\Memory_Store::clear();
	}

	/**
	 * @testdox language codes and origins are escaped as any text: a unit whose codes hold markup cannot break or add to the document
	 */
	public function test_language_codes_and_origins_are_escaped(): void {
		$out = fopen( 'php://memory', 'w+b' );
		Memory\Tmx_Writer::write(
			$out,
			array(
				(object) array(
					'source_lang'  => 'ru"><x',
					'target_lang'  => 'kbd<y/>',
					'source'       => 'Да',
					'target'       => 'НтӀэ',
					'origin'       => 'human</prop><prop type="x">',
					'created'      => '2026-01-02 03:04:05',
					'changed'      => null,
					'creator'      => '',
					'changer'      => '',
					'where_made'   => '',
					'context'      => '',
					'suggested_by' => '',
					'usage_count'  => 0,
				),
			)
		);
		rewind( $out );
		$tmx = (string) stream_get_contents( $out );
		self::assertStringContainsString( 'srclang="ru&quot;&gt;&lt;x"', $tmx );
		self::assertStringContainsString( '<tuv xml:lang="kbd&lt;y/&gt;">', $tmx );
		self::assertStringContainsString( '<prop type="x-circassian-origin">human&lt;/prop&gt;&lt;prop type="x"&gt;</prop>', $tmx );
		self::assertNotFalse( simplexml_load_string( $tmx ), 'well-formed' );
	}
}
