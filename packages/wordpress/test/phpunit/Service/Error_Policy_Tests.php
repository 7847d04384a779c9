<?php
/**
 * Error_Policy: the one table of what the plugin does about each error type.
 */
use Circassian\Service;
use PHPUnit\Framework\TestCase;

final class Error_Policy_Tests extends TestCase {

	/**
	 * @testdox a call tries again what the interface retries, upstream_error only once, and a lost connection
	 */
	public function test_retries_within_a_call(): void {
		foreach ( array( 'rate_limited', 'queue_timeout', 'upstream_unavailable', 'connection_error' ) as $type ) {
			self::assertTrue( Service\Error_Policy::retry_in_call( $type, 0 ) && Service\Error_Policy::retry_in_call( $type, 1 ), $type );
		}
		self::assertTrue( Service\Error_Policy::retry_in_call( 'upstream_error', 0 ), 'upstream_error the first time' );
		self::assertSame( false, Service\Error_Policy::retry_in_call( 'upstream_error', 1 ), 'upstream_error a second time' );
		foreach ( array( 'unauthorized', 'invalid_request', 'quota_exceeded', 'not_found', 'internal_error', 'timeout', 'job_failed', 'unknown' ) as $type ) {
			self::assertSame( false, Service\Error_Policy::retry_in_call( $type, 0 ), $type );
		}
	}

	/**
	 * @testdox background work tries again later what may pass, internal_error included, and stops for a refused or missing key
	 */
	public function test_background_work(): void {
		foreach ( array( 'connection_error', 'rate_limited', 'queue_timeout', 'upstream_unavailable', 'upstream_error', 'internal_error' ) as $type ) {
			self::assertTrue( Service\Error_Policy::is_passing( $type ), $type );
		}
		foreach ( array( 'unauthorized', 'invalid_request', 'quota_exceeded', 'not_found', 'not_configured', 'job_failed' ) as $type ) {
			self::assertSame( false, Service\Error_Policy::is_passing( $type ), $type );
		}
		self::assertSame( array( true, true, false ), array( Service\Error_Policy::is_blocking( 'unauthorized' ), Service\Error_Policy::is_blocking( 'not_configured' ), Service\Error_Policy::is_blocking( 'quota_exceeded' ) ) );
	}

	/**
	 * @testdox background work follows shared/service.json's backgroundWork for every error type: a timeout, an abort and an unknown error are tried again, a spent allowance pauses until it resets, the site's own refusals fail the one piece of work
	 */
	public function test_background_work_follows_the_shared_table(): void {
		$facts = json_decode( (string) file_get_contents( dirname( __DIR__, 5 ) . '/shared/service.json' ), true );
		self::assertCount( 17, $facts['backgroundWork'] );
		foreach ( $facts['backgroundWork'] as $type => $rule ) {
			self::assertSame(
				array( 'retry' === $rule, 'pause_until_reset' === $rule, 'stop_until_fixed' === $rule ),
				array( Service\Error_Policy::is_passing( $type ), Service\Error_Policy::pauses_until_reset( $type ), Service\Error_Policy::is_blocking( $type ) ),
				"{$type}: {$rule}"
			);
		}
		foreach ( Service\Service_Error::SITE_TYPES as $type ) {
			self::assertSame( 'fail', Service\Error_Policy::background( $type ), $type );
		}
	}
}
