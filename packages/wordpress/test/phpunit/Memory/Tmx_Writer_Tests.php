<?php
/**
 * Tmx_Writer: TMX 1.4b level 2 as core writes it (vectors/tmx-level2.json holds core's writeTmx of
 * the same units: tools/tmx-vectors.ts), read by an independent XML parser (DOMDocument).
 */
use Circassian\Memory;
use PHPUnit\Framework\TestCase;

// phpcs:disable WordPress.NamingConventions.ValidVariableName.NotSnakeCaseMemberVar, WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- DOM's own property names.

final class Tmx_Writer_Tests extends TestCase {
	/**
	 * @testdox an export gives core's bytes for the same 207 units: placeholders, tags, addresses, markers and masks as <ph>, <bpt>/<ept>, <it>, x numbered by the source's codes, an ICU plural one unit (plain <seg> text before)
	 */
	public function test_an_export_gives_cores_bytes_for_the_same_units(): void {
		$vectors = circassian_test_tmx_vectors();
		self::assertCount( 207, $vectors['units'], 'the vectors are there' );
		$tmx = circassian_test_tmx_of( array_map( static fn( array $unit ): object => (object) $unit, $vectors['units'] ) );
		// Named first, so a failure says which code went wrong before the whole file is compared.
		self::assertStringContainsString( '<seg>Сәлам, <ph x="1">{user}</ph>! Бүген <ph x="2">%d</ph> хәбәр бар.</seg>', $tmx );
		self::assertStringContainsString( '<seg><bpt i="1" x="1">&lt;strong&gt;</bpt>Гъэхьын<ept i="1">&lt;/strong&gt;</ept> теӀэ<ph x="2">&lt;br&gt;</ph>е <ph x="3">help@example.org</ph> деж итх</seg>', $tmx );
		self::assertStringContainsString( '<seg><ph x="1">{n, plural, =0 {</ph>нет писем<ph x="2">} one {#</ph> письмо<ph x="3">} other {#</ph> писем<ph x="4">}}</ph> — см. <ph x="5">https://example.org/mail</ph>.</seg>', $tmx );
		self::assertStringContainsString( '<seg><ph x="1">{n, plural, =0 {</ph>письмо щыӀэкъым<ph x="6">} one {</ph>письмо <ph x="7">#} other {</ph>письмохэр <ph x="8">#}}</ph> <ph x="5">https://example.org/mail</ph> еплъ.</seg>', $tmx );
		self::assertStringContainsString( '<seg>выделение<it pos="end" x="2">&lt;/em&gt;</it> иужь</seg>', $tmx );
		self::assertSame( $vectors['tmx'], $tmx, "core's writeTmx, byte for byte" );
	}

	/**
	 * @testdox the same units stored in the site's memory and exported from it give core's <tu> bytes, provenance props included
	 */
	public function test_units_stored_and_exported_give_cores_tu_bytes(): void {
		$vectors = circassian_test_tmx_vectors();
		Memory\Memory_Store::clear();
		$coded = array_slice( $vectors['units'], 0, 7 );
		Memory\Memory_Store::store(
			array_map(
				static fn( array $unit ): array => array(
					'where'      => $unit['where_made'],
					'suggestion' => '' !== $unit['suggested_by'],
				) + $unit,
				$coded
			)
		);
		$tmx = circassian_test_tmx_of( Memory\Memory_Store::units() );
		Memory\Memory_Store::clear();
		preg_match_all( '/    <tu .*?<\/tu>\n/s', $tmx, $ours );
		preg_match_all( '/    <tu .*?<\/tu>\n/s', $vectors['tmx'], $cores );
		self::assertCount( 7, $ours[0] );
		foreach ( $ours[0] as $tu ) {
			self::assertContains( $tu, array_slice( $cores[0], 0, 7 ), 'a <tu> core writes' );
		}
		self::assertStringContainsString( "<prop type=\"x-circassian-context\"> noun\t</prop>", $tmx );
		self::assertStringContainsString( '<prop type="x-circassian-status">suggestion</prop>', $tmx );
	}

	/**
	 * @testdox an independent XML reader (DOMDocument) reads our export with the same segments and the same inline codes, under a header a CAT tool reads
	 */
	public function test_an_independent_xml_reader_reads_the_same_segments_and_codes(): void {
		$units = circassian_test_tmx_vectors()['units'];
		$doc   = new DOMDocument();
		self::assertTrue( $doc->loadXML( circassian_test_tmx_of( array_map( static fn( array $unit ): object => (object) $unit, $units ) ), LIBXML_NONET ), 'well-formed' );
		$header = $doc->getElementsByTagName( 'header' )->item( 0 );
		self::assertSame(
			array( 'sentence', 'circassian', 'plaintext', '*all*', 'en' ),
			array_map( static fn( string $name ): string => $header->getAttribute( $name ), array( 'segtype', 'o-tmf', 'datatype', 'srclang', 'adminlang' ) )
		);
		$read = static function ( DOMElement $seg ): array {
			$codes = array();
			$text  = '';
			foreach ( $seg->childNodes as $node ) {
				$text .= $node->textContent;
				if ( $node instanceof DOMElement ) {
					$codes[] = array(
						'name' => $node->tagName,
						'x'    => $node->hasAttribute( 'x' ) ? $node->getAttribute( 'x' ) : null,
						'i'    => $node->hasAttribute( 'i' ) ? $node->getAttribute( 'i' ) : null,
						'text' => $node->textContent,
					);
				}
			}
			return array(
				'text'  => $text,
				'codes' => $codes,
			);
		};
		$tus  = $doc->getElementsByTagName( 'tu' );
		self::assertSame( count( $units ), $tus->length );
		$codes = 0;
		foreach ( $tus as $index => $tu ) {
			$segs = array_map( $read, iterator_to_array( $tu->getElementsByTagName( 'seg' ) ) );
			self::assertSame( array( $units[ $index ]['source'], $units[ $index ]['target'] ), array( $segs[0]['text'], $segs[1]['text'] ), "<tu> {$index}'s segments" );
			// Every code a CAT tool pairs by x holds the same text on both sides.
			foreach ( $segs[1]['codes'] as $code ) {
				foreach ( $segs[0]['codes'] as $partner ) {
					if ( null !== $code['x'] && $partner['x'] === $code['x'] ) {
						self::assertSame( $partner['text'], $code['text'], "<tu> {$index}'s code x={$code['x']}" );
					}
				}
			}
			$codes += count( $segs[0]['codes'] ) + count( $segs[1]['codes'] );
		}
		self::assertGreaterThan( 1000, $codes, 'codes read' );
		$second = array_map( $read, iterator_to_array( $tus->item( 1 )->getElementsByTagName( 'seg' ) ) );
		self::assertSame(
			array(
				array(
					'name' => 'bpt',
					'x'    => '1',
					'i'    => '1',
					'text' => '<strong>',
				),
				array(
					'name' => 'ept',
					'x'    => null,
					'i'    => '1',
					'text' => '</strong>',
				),
				array(
					'name' => 'ph',
					'x'    => '2',
					'i'    => null,
					'text' => '<br>',
				),
				array(
					'name' => 'ph',
					'x'    => '3',
					'i'    => null,
					'text' => 'help@example.org',
				),
			),
			$second[0]['codes']
		);
		self::assertSame( array( '1', 'i1', '2', '3' ), array_map( static fn( array $code ): string => $code['x'] ?? 'i' . $code['i'], $second[1]['codes'] ) );
	}
}
