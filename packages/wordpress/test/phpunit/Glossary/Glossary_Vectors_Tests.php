<?php
/**
 * The glossary's rules against the cases core reads (shared/vectors/glossary.json): which words a
 * term matches, what the term check reports, what say-as writes, how terms travel as markers, the
 * CSV contract, and the endings of a stem entry. The PHP port answers each as core does.
 */
use Circassian\Glossary;
use PHPUnit\Framework\TestCase;

final class Glossary_Vectors_Tests extends TestCase {

	/** @return array<string, mixed> */
	private static function vectors(): array {
		return circassian_test_shared_vectors( 'glossary.json' );
	}

	/**
	 * @testdox a term matches in each text of the vectors' 28 cases exactly the words core finds (whole words, NFC, palochka look-alikes, case, Kabardian, Adyghe and Russian endings)
	 */
	public function test_a_term_matches_the_words_core_finds(): void {
		$cases = self::vectors()['matching'];
		self::assertGreaterThanOrEqual( 28, count( $cases ) );
		foreach ( $cases as $case ) {
			$entry   = circassian_test_glossary_entry(
				array(
					'type'          => 'translate',
					'source'        => $case['term'],
					'target'        => 'x',
					'stem'          => $case['stem'],
					'caseSensitive' => $case['caseSensitive'],
				),
				$case['language'],
				'en' === $case['language'] ? 'ru' : 'en'
			);
			$matcher = new Glossary\Term_Matcher(
				array(
					array(
						'entry' => $entry,
						'term'  => $case['term'],
					),
				),
				$case['language']
			);
			self::assertSame( $case['found'], array_column( $matcher->find( $case['text'] ), 'text' ), $case['why'] );
		}
	}

	/**
	 * @testdox the term check reports core's problems on each source/target pair of the vectors (missing agreed terms, forbidden words, inflected agreed terms counted present)
	 */
	public function test_the_term_check_reports_core_s_problems(): void {
		$cases = self::vectors()['check'];
		self::assertGreaterThanOrEqual( 9, count( $cases ) );
		foreach ( $cases as $case ) {
			[ $source, $target ] = $case['pair'];
			$glossary            = new Glossary\Glossary( array_map( static fn( array $entry ) => circassian_test_glossary_entry( $entry, $source, $target ), $case['entries'] ) );
			$problems            = array_map(
				static fn( array $problem ): array => 'missing' === $problem['kind'] ? array(
					'kind' => 'missing',
					'term' => $problem['entry']['source'],
				) : array(
					'kind'  => 'forbidden',
					'found' => $problem['found'],
				),
				Glossary\Term_Check::check( $glossary, $source, $target, $case['source'], $case['target'] )
			);
			self::assertSame( $case['problems'], $problems, $case['why'] );
		}
	}

	/**
	 * @testdox say-as writes core's speech text for each case (whole words, capitals kept, a look-alike palochka matched)
	 */
	public function test_say_as_writes_core_s_speech_text(): void {
		foreach ( self::vectors()['sayAs'] as $case ) {
			$other    = 'ru' === $case['language'] ? 'kbd' : 'ru';
			$glossary = new Glossary\Glossary( array_map( static fn( array $entry ) => circassian_test_glossary_entry( $entry, $case['language'], $other ), $case['entries'] ) );
			self::assertSame( $case['said'], Glossary\Say_As::text( $glossary, $case['language'], $case['text'] ), $case['why'] );
		}
	}

	/**
	 * @testdox terms leave as core's markers, numbered above the text's own, and come back in their agreed form; a marker the answer lost is reported lost
	 */
	public function test_terms_leave_as_markers_and_come_back_agreed(): void {
		foreach ( self::vectors()['protect'] as $case ) {
			[ $source, $target ] = $case['pair'];
			$glossary            = new Glossary\Glossary( array_map( static fn( array $entry ) => circassian_test_glossary_entry( $entry, $source, $target ), $case['entries'] ) );
			$sent                = Glossary\Term_Protect::protect( $glossary, $source, $target, $case['text'] );
			self::assertSame( $case['sent'], $sent['text'], $case['why'] );
			$restored = Glossary\Term_Protect::restore( $case['answer'], $sent );
			self::assertSame( $case['restored'], $restored['text'], $case['why'] );
			self::assertSame( $case['lost'], array_column( $restored['lost'], 'found' ), $case['why'] );
		}
	}

	/**
	 * @testdox each CSV the contract refuses is refused with the line and why; the valid one reads as core's entries and writes back as core's bytes
	 */
	public function test_the_csv_contract(): void {
		$vectors = self::vectors();
		foreach ( $vectors['csvInvalid'] as $case ) {
			try {
				Glossary\Glossary_Csv::read( $case['csv'] );
				self::fail( 'accepted: ' . $case['why'] );
			} catch ( Glossary\Glossary_Error $error ) {
				self::assertNotSame( '', $error->getMessage(), $case['why'] );
			}
		}
		$valid = $vectors['csvValid'];
		$read  = Glossary\Glossary_Csv::read( $valid['csv'] );
		self::assertSame( array( 'ru', 'kbd' ), array( $read['source'], $read['target'] ) );
		self::assertSame( array_map( static fn( array $entry ) => Glossary\Glossary_Entry::checked( circassian_test_glossary_entry( $entry, 'ru', 'kbd' ) ), $valid['entries'] ), $read['entries'] );
		self::assertSame( $valid['written'], Glossary\Glossary_Csv::write( 'ru', 'kbd', $read['entries'] ) );
	}

	/**
	 * @testdox the endings a stem entry tolerates are core's, for Kabardian, Adyghe and Russian
	 */
	public function test_the_endings_are_core_s(): void {
		$endings = self::vectors()['endings'];
		self::assertSame( Glossary\Endings::MIN_STEM, $endings['minStem'] );
		foreach ( array( 'kbd', 'ady', 'ru' ) as $language ) {
			$ours = Glossary\Endings::of( $language );
			self::assertSame( $endings[ $language ]['suffixes'], $ours['suffixes'], $language );
			self::assertSame( $endings[ $language ]['replacesEnding'], $ours['replaces_ending'], $language );
			self::assertSame( $endings[ $language ]['inflects'], $ours['inflects'], $language );
		}
		self::assertNull( Glossary\Endings::of( 'en' ) );
	}
}
