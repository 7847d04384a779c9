<?php
/**
 * Settings: where the key and the address come from, and what of the key is ever shown.
 */
use Circassian\Service;
use PHPUnit\Framework\TestCase;

final class Settings_Tests extends TestCase {

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
			Service\Settings::resolve( $name, $option )
		);
		update_option( $option, 'from-db' );
		self::assertSame(
			array(
				'value'  => 'from-db',
				'source' => 'database',
			),
			Service\Settings::resolve( $name, $option )
		);
		define( $name, 'from-constant' );
		self::assertSame(
			array(
				'value'  => 'from-constant',
				'source' => 'constant',
			),
			Service\Settings::resolve( $name, $option )
		);
		putenv( "{$name}=from-env" );
		self::assertSame(
			array(
				'value'  => 'from-env',
				'source' => 'environment',
			),
			Service\Settings::resolve( $name, $option )
		);
		putenv( $name );
		self::assertSame( 'constant', Service\Settings::resolve( $name, $option )['source'] );
		self::assertSame( 'database', Service\Settings::api_key()['source'], 'the site key' );
		delete_option( $option );
	}

	/**
	 * @testdox only the prefix of a key is shown, and messages lose the key and its secret
	 */
	public function test_only_the_prefix_of_a_key_is_shown_and_messages_lose_the_key_and_its(): void {
		$key = Service\Settings::api_key()['value'];
		self::assertTrue( str_contains( $key, '.' ), 'the site has a key' );
		[ $prefix, $secret ] = explode( '.', $key, 2 );
		self::assertSame( $prefix, Service\Settings::key_prefix( $key ) );
		self::assertSame( '', Service\Settings::key_prefix( 'nodotsecret0123456789' ), 'a malformed key shows nothing of itself' );
		$redacted = Service\Service_Error::redact( "sent {$key} then {$secret}" );
		self::assertTrue( ! str_contains( $redacted, $secret ), 'secret left in: ' . $redacted );
	}

	/**
	 * @testdox with the key in the environment, the address can only come from there too: the route refuses it and a stored one is ignored
	 */
	public function test_with_the_key_in_the_environment_the_address_can_only_come_from_there(): void {
		wp_set_current_user( 1 );
		$stored = get_option( Service\Settings::BASE_URL_OPTION );
		putenv( 'CIRCASSIAN_API_KEY=ck_env.environmentsecret' );
		try {
			self::assertTrue( Service\Settings::base_url_locked(), 'not locked' );
			self::assertSame( 'none', Service\Settings::base_url()['source'], 'the database address is still used' );
			$response = circassian_test_rest( 'POST', '/circassian/v1/settings', array( 'base_url' => 'https://attacker.example' ) );
			self::assertSame( 403, $response->get_status() );
			self::assertSame( 'circassian_base_url_locked', $response->get_data()['code'] );
			self::assertSame( $stored, get_option( Service\Settings::BASE_URL_OPTION ), 'stored address' );
			$test = circassian_test_rest( 'POST', '/circassian/v1/settings/test', array( 'base_url' => 'https://attacker.example' ) );
			self::assertTrue( 200 !== $test->get_status(), 'the test went to the typed address' );
			self::assertTrue( ! str_contains( wp_json_encode( $test->get_data() ), 'environmentsecret' ), 'the secret is in the answer' );
			self::assertTrue( true === circassian_test_rest( 'GET', '/circassian/v1/settings' )->get_data()['base_url_locked'], 'describe' );
		} finally {
			putenv( 'CIRCASSIAN_API_KEY=' );
		}
		self::assertSame( 'database', Service\Settings::base_url()['source'] );
	}
}
