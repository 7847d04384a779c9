<?php
/**
 * A tiny test runner: the site has no PHPUnit, and these tests only need named cases and a few
 * assertions. Each failure names what was expected.
 */
final class Circassian_Test_Failure extends Exception {}

final class Circassian_Tests {

	/** @var array<string, callable> */
	private static array $tests = array();

	public static function add( string $name, callable $test ): void {
		self::$tests[ $name ] = $test;
	}

	public static function run(): int {
		$failed = 0;
		foreach ( self::$tests as $name => $test ) {
			try {
				$test();
				echo wp_json_encode(
					array(
						'name' => $name,
						'ok'   => true,
					)
				) . "\n";
			} catch ( Throwable $error ) {
				++$failed;
				echo wp_json_encode(
					array(
						'name'  => $name,
						'ok'    => false,
						'error' => get_class( $error ) . ': ' . $error->getMessage() . ' at ' . basename( $error->getFile() ) . ':' . $error->getLine(),
					)
				) . "\n";
			}
		}
		return $failed > 0 ? 1 : 0;
	}
}

function circassian_test( string $name, callable $test ): void {
	Circassian_Tests::add( $name, $test );
}

function assert_same( mixed $expected, mixed $actual, string $what = '' ): void {
	if ( $expected !== $actual ) {
		throw new Circassian_Test_Failure( trim( $what . ' expected ' . var_export( $expected, true ) . ', got ' . var_export( $actual, true ) ) );
	}
}

function assert_true( bool $condition, string $what ): void {
	if ( ! $condition ) {
		throw new Circassian_Test_Failure( $what );
	}
}

/** The local service's own test controls (faults, call records). */
function circassian_test_admin( string $method, string $path, ?array $body = null ): array {
	$service  = json_decode( (string) getenv( 'CIRCASSIAN_TEST_SERVICE' ), true );
	$response = wp_remote_request(
		$service['url'] . $path,
		array(
			'method'  => $method,
			'headers' => array(
				'Authorization' => 'Bearer ' . $service['adminToken'],
				'Content-Type'  => 'application/json',
			),
			'body'    => null === $body ? null : wp_json_encode( $body ),
		)
	);
	return (array) json_decode( (string) wp_remote_retrieve_body( $response ), true );
}
