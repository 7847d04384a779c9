<?php
/**
 * The plugin's logic that needs no service: splitting, WAV joining, batch packing, hashing,
 * settings resolution, redaction.
 */
use Circassian\Audio_Library;
use Circassian\Service_Error;
use Circassian\Settings;
use Circassian\Text_Splitter;
use Circassian\Translator;
use Circassian\Wav;
use PHPUnit\Framework\TestCase;

function circassian_test_wav( int $samples, int $rate = 16000 ): string {
	$data   = str_repeat( "\x01\x00", $samples );
	$format = pack( 'vvVVvv', 1, 1, $rate, $rate * 2, 2, 16 );
	return 'RIFF' . pack( 'V', 4 + 8 + 16 + 8 + strlen( $data ) ) . 'WAVEfmt ' . pack( 'V', 16 ) . $format . 'data' . pack( 'V', strlen( $data ) ) . $data;
}

/** Bytes in a temporary file, removed at the end of the test run. */
function circassian_test_file( string $bytes ): string {
	$file = wp_tempnam( 'circassian-test.wav' );
	file_put_contents( $file, $bytes );
	register_shutdown_function( 'wp_delete_file', $file );
	return $file;
}

final class Logic_Test extends TestCase {

	/**
	 * @testdox text up to the limit stays one part
	 */
	public function test_text_up_to_the_limit_stays_one_part(): void {
		self::assertSame( array( 'Сэ кӀуэ.' ), Text_Splitter::split( '  Сэ кӀуэ.  ', 20000 ) );
	}

	/**
	 * @testdox text over the limit is split at sentence ends into parts within the limit, losing nothing
	 */
	public function test_text_over_the_limit_is_split_at_sentence_ends_into_parts_within_the(): void {
		$sentence = 'Адыгэбзэр бзэ дахэщ, абы и псалъэхэр макъамэ хуэдэщ. ';
		$text     = trim( str_repeat( $sentence, 420 ) );
		$parts    = Text_Splitter::split( $text, 20000 );
		self::assertSame( 2, count( $parts ), 'parts' );
		foreach ( $parts as $part ) {
			self::assertTrue( mb_strlen( $part ) <= 20000, 'a part is over 20000 characters' );
			self::assertTrue( str_ends_with( $part, '.' ), 'a part does not end at a sentence end' );
		}
		self::assertSame( $text, implode( ' ', $parts ), 'joined parts' );
	}

	/**
	 * @testdox a sentence longer than the limit is cut at a space
	 */
	public function test_a_sentence_longer_than_the_limit_is_cut_at_a_space(): void {
		$parts = Text_Splitter::split( str_repeat( 'слово ', 10 ), 20 );
		foreach ( $parts as $part ) {
			self::assertTrue( mb_strlen( $part ) <= 20, 'part over limit: ' . $part );
		}
		self::assertSame( str_repeat( 'слово ', 9 ) . 'слово', implode( ' ', $parts ) );
	}

	/**
	 * @testdox WAVs are joined by streaming into one file whose duration is the sum
	 */
	public function test_wavs_are_joined_by_streaming_into_one_file_whose_duration_is_the_sum(): void {
		$target   = circassian_test_file( '' );
		$duration = Wav::join( array( circassian_test_file( circassian_test_wav( 16000 ) ), circassian_test_file( circassian_test_wav( 8000 ) ) ), $target );
		self::assertSame( 1.5, $duration );
		self::assertSame( 1.5, Wav::duration( $target ) );
		$joined = (string) file_get_contents( $target );
		self::assertSame( 'RIFF', substr( $joined, 0, 4 ) );
		self::assertSame( strlen( $joined ) - 8, unpack( 'V', substr( $joined, 4, 4 ) )[1], 'RIFF size' );
		self::assertSame( substr( circassian_test_wav( 16000 ), 44 ) . substr( circassian_test_wav( 8000 ), 44 ), substr( $joined, 44 ), 'samples' );
	}

	/**
	 * @testdox only a sane PCM WAV passes: JSON, HTML, a truncated file, lying sizes and odd formats are refused
	 */
	public function test_only_a_sane_pcm_wav_passes_json_html_a_truncated_file_lying_sizes_and(): void {
		$target = circassian_test_file( '' );
		self::assertTrue( is_wp_error( Wav::join( array( circassian_test_file( circassian_test_wav( 10 ) ), circassian_test_file( circassian_test_wav( 10, 22050 ) ) ), $target ) ), 'joined different formats' );
		self::assertTrue( ! is_wp_error( Wav::inspect( circassian_test_file( circassian_test_wav( 100 ) ) ) ), 'a good WAV was refused' );
		$good = circassian_test_wav( 100 );
		$bad  = array(
			'JSON'               => str_pad( '{"error":{"type":"internal_error"}}', 64 ),
			'HTML'               => str_pad( '<html><script>alert(1)</script></html>', 64 ),
			'truncated'          => substr( $good, 0, 100 ),
			'data larger'        => substr( $good, 0, 40 ) . pack( 'V', 1000000 ) . substr( $good, 44 ),
			'RIFF larger'        => 'RIFF' . pack( 'V', 1000000 ) . substr( $good, 8 ),
			'compressed format'  => substr( $good, 0, 20 ) . pack( 'v', 85 ) . substr( $good, 22 ),
			'absurd sample rate' => substr( $good, 0, 24 ) . pack( 'V', 5 ) . substr( $good, 28 ),
		);
		foreach ( $bad as $what => $bytes ) {
			$result = Wav::inspect( circassian_test_file( $bytes ) );
			self::assertTrue( is_wp_error( $result ), "{$what} passed as a WAV" );
			self::assertSame( 'invalid_response', $result->get_error_data()['type'], $what );
		}
	}

	/**
	 * @testdox batches hold at most 50 texts and 20000 characters
	 */
	public function test_batches_hold_at_most_50_texts_and_20000_characters(): void {
		$counts = array_map( 'count', Translator::pack( array_map( 'strval', range( 1, 120 ) ) ) );
		self::assertSame( array( 50, 50, 20 ), $counts );
		$counts = array_map( 'count', Translator::pack( array( str_repeat( 'а', 9000 ), str_repeat( 'б', 9000 ), str_repeat( 'в', 9000 ) ) ) );
		self::assertSame( array( 2, 1 ), $counts );
	}

	/**
	 * @testdox the source hash is the one the editor computes
	 */
	public function test_the_source_hash_is_the_one_the_editor_computes(): void {
		$hash = Audio_Library::source_hash(
			array(
				'text'     => 'Уи пщэддджыжь фӀыуэ.',
				'language' => 'kbd',
				'voice'    => 'female',
				'speed'    => 0.85,
				'instruct' => '',
			)
		);
		self::assertSame( (string) getenv( 'CIRCASSIAN_TEST_JS_HASH' ), $hash );
	}

	/**
	 * @testdox a setting comes from the environment, then the constant, then the database
	 */
	public function test_a_setting_comes_from_the_environment_then_the_constant_then_the(): void {
		// A name of its own: the real settings' constants, once defined, would stay for every later test.
		$name   = 'CIRCASSIAN_TEST_SETTING';
		$option = 'circassian_test_setting';
		self::assertSame(
			array(
				'value'  => '',
				'source' => 'none',
			),
			Settings::resolve( $name, $option )
		);
		update_option( $option, 'from-db' );
		self::assertSame(
			array(
				'value'  => 'from-db',
				'source' => 'database',
			),
			Settings::resolve( $name, $option )
		);
		define( $name, 'from-constant' );
		self::assertSame(
			array(
				'value'  => 'from-constant',
				'source' => 'constant',
			),
			Settings::resolve( $name, $option )
		);
		putenv( "{$name}=from-env" );
		self::assertSame(
			array(
				'value'  => 'from-env',
				'source' => 'environment',
			),
			Settings::resolve( $name, $option )
		);
		putenv( $name );
		self::assertSame( 'constant', Settings::resolve( $name, $option )['source'] );
		self::assertSame( 'database', Settings::api_key()['source'], 'the site key' );
		delete_option( $option );
	}

	/**
	 * @testdox only the prefix of a key is shown, and messages lose the key and its secret
	 */
	public function test_only_the_prefix_of_a_key_is_shown_and_messages_lose_the_key_and_its(): void {
		$key = Settings::api_key()['value'];
		self::assertTrue( str_contains( $key, '.' ), 'the site has a key' );
		[ $prefix, $secret ] = explode( '.', $key, 2 );
		self::assertSame( $prefix, Settings::key_prefix( $key ) );
		self::assertSame( '', Settings::key_prefix( 'nodotsecret0123456789' ), 'a malformed key shows nothing of itself' );
		$redacted = Service_Error::redact( "sent {$key} then {$secret}" );
		self::assertTrue( ! str_contains( $redacted, $secret ), 'secret left in: ' . $redacted );
	}
}
