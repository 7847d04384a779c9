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

function circassian_test_wav( int $samples, int $rate = 16000 ): string {
	$data   = str_repeat( "\x01\x00", $samples );
	$format = pack( 'vvVVvv', 1, 1, $rate, $rate * 2, 2, 16 );
	return 'RIFF' . pack( 'V', 4 + 8 + 16 + 8 + strlen( $data ) ) . 'WAVEfmt ' . pack( 'V', 16 ) . $format . 'data' . pack( 'V', strlen( $data ) ) . $data;
}

circassian_test(
	'text up to the limit stays one part',
	static fn() => assert_same( array( 'Сэ кӀуэ.' ), Text_Splitter::split( '  Сэ кӀуэ.  ', 20000 ) )
);

circassian_test(
	'text over the limit is split at sentence ends into parts within the limit, losing nothing',
	static function () {
		$sentence = 'Адыгэбзэр бзэ дахэщ, абы и псалъэхэр макъамэ хуэдэщ. ';
		$text     = trim( str_repeat( $sentence, 420 ) );
		$parts    = Text_Splitter::split( $text, 20000 );
		assert_same( 2, count( $parts ), 'parts' );
		foreach ( $parts as $part ) {
			assert_true( mb_strlen( $part ) <= 20000, 'a part is over 20000 characters' );
			assert_true( str_ends_with( $part, '.' ), 'a part does not end at a sentence end' );
		}
		assert_same( $text, implode( ' ', $parts ), 'joined parts' );
	}
);

circassian_test(
	'a sentence longer than the limit is cut at a space',
	static function () {
		$parts = Text_Splitter::split( str_repeat( 'слово ', 10 ), 20 );
		foreach ( $parts as $part ) {
			assert_true( mb_strlen( $part ) <= 20, 'part over limit: ' . $part );
		}
		assert_same( str_repeat( 'слово ', 9 ) . 'слово', implode( ' ', $parts ) );
	}
);

/** Bytes in a temporary file, removed at the end of the test run. */
function circassian_test_file( string $bytes ): string {
	$file = wp_tempnam( 'circassian-test.wav' );
	file_put_contents( $file, $bytes );
	register_shutdown_function( 'wp_delete_file', $file );
	return $file;
}

circassian_test(
	'WAVs are joined by streaming into one file whose duration is the sum',
	static function () {
		$target   = circassian_test_file( '' );
		$duration = Wav::join( array( circassian_test_file( circassian_test_wav( 16000 ) ), circassian_test_file( circassian_test_wav( 8000 ) ) ), $target );
		assert_same( 1.5, $duration );
		assert_same( 1.5, Wav::duration( $target ) );
		$joined = (string) file_get_contents( $target );
		assert_same( 'RIFF', substr( $joined, 0, 4 ) );
		assert_same( strlen( $joined ) - 8, unpack( 'V', substr( $joined, 4, 4 ) )[1], 'RIFF size' );
		assert_same( substr( circassian_test_wav( 16000 ), 44 ) . substr( circassian_test_wav( 8000 ), 44 ), substr( $joined, 44 ), 'samples' );
	}
);

circassian_test(
	'only a sane PCM WAV passes: JSON, HTML, a truncated file, lying sizes and odd formats are refused',
	static function () {
		$target = circassian_test_file( '' );
		assert_true( is_wp_error( Wav::join( array( circassian_test_file( circassian_test_wav( 10 ) ), circassian_test_file( circassian_test_wav( 10, 22050 ) ) ), $target ) ), 'joined different formats' );
		assert_true( ! is_wp_error( Wav::inspect( circassian_test_file( circassian_test_wav( 100 ) ) ) ), 'a good WAV was refused' );
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
			assert_true( is_wp_error( $result ), "{$what} passed as a WAV" );
			assert_same( 'invalid_response', $result->get_error_data()['type'], $what );
		}
	}
);

circassian_test(
	'batches hold at most 50 texts and 20000 characters',
	static function () {
		$counts = array_map( 'count', Translator::pack( array_map( 'strval', range( 1, 120 ) ) ) );
		assert_same( array( 50, 50, 20 ), $counts );
		$counts = array_map( 'count', Translator::pack( array( str_repeat( 'а', 9000 ), str_repeat( 'б', 9000 ), str_repeat( 'в', 9000 ) ) ) );
		assert_same( array( 2, 1 ), $counts );
	}
);

circassian_test(
	'the source hash is the one the editor computes',
	static function () {
		$hash = Audio_Library::source_hash(
			array(
				'text'     => 'Уи пщэддджыжь фӀыуэ.',
				'language' => 'kbd',
				'voice'    => 'female',
				'speed'    => 0.85,
				'instruct' => '',
			)
		);
		assert_same( (string) getenv( 'CIRCASSIAN_TEST_JS_HASH' ), $hash );
	}
);

circassian_test(
	'a setting comes from the environment, then the constant, then the database',
	static function () {
		// A name of its own: the real settings' constants, once defined, would stay for every later test.
		$name   = 'CIRCASSIAN_TEST_SETTING';
		$option = 'circassian_test_setting';
		assert_same(
			array(
				'value'  => '',
				'source' => 'none',
			),
			Settings::resolve( $name, $option )
		);
		update_option( $option, 'from-db' );
		assert_same(
			array(
				'value'  => 'from-db',
				'source' => 'database',
			),
			Settings::resolve( $name, $option )
		);
		define( $name, 'from-constant' );
		assert_same(
			array(
				'value'  => 'from-constant',
				'source' => 'constant',
			),
			Settings::resolve( $name, $option )
		);
		putenv( "{$name}=from-env" );
		assert_same(
			array(
				'value'  => 'from-env',
				'source' => 'environment',
			),
			Settings::resolve( $name, $option )
		);
		putenv( $name );
		assert_same( 'constant', Settings::resolve( $name, $option )['source'] );
		assert_same( 'database', Settings::api_key()['source'], 'the site key' );
		delete_option( $option );
	}
);

circassian_test(
	'only the prefix of a key is shown, and messages lose the key and its secret',
	static function () {
		$key = Settings::api_key()['value'];
		assert_true( str_contains( $key, '.' ), 'the site has a key' );
		[ $prefix, $secret ] = explode( '.', $key, 2 );
		assert_same( $prefix, Settings::key_prefix( $key ) );
		assert_same( '', Settings::key_prefix( 'nodotsecret0123456789' ), 'a malformed key shows nothing of itself' );
		$redacted = Service_Error::redact( "sent {$key} then {$secret}" );
		assert_true( ! str_contains( $redacted, $secret ), 'secret left in: ' . $redacted );
	}
);
