<?php
/**
 * Option_Lock: a lock between PHP workers.
 */
use Circassian\Support;
use PHPUnit\Framework\TestCase;

final class Option_Lock_Tests extends TestCase {

	/**
	 * @testdox a lock is held by one worker: taken once, refused while fresh even to a worker that saw no row, taken over once when stale, free again when released
	 */
	public function test_a_lock_is_held_by_one_worker_taken_once_refused_while_fresh_even_to_a(): void {
		$name = 'circassian_job_lock_test_lock';
		delete_option( $name );
		self::assertTrue( Support\Option_Lock::acquire( $name, 60 ), 'the first worker takes it' );
		self::assertTrue( ! Support\Option_Lock::acquire( $name, 60 ), 'a second worker waits' );
		// A second worker whose cache says there is no row (add_option() would overwrite the row and win).
		wp_cache_set( 'notoptions', array( $name => true ), 'options' );
		self::assertTrue( ! Support\Option_Lock::acquire( $name, 60 ), 'a worker that saw no row waits too' );
		global $wpdb;
		$wpdb->update( $wpdb->options, array( 'option_value' => (string) ( time() - 120 ) ), array( 'option_name' => $name ) );
		self::assertTrue( Support\Option_Lock::acquire( $name, 60 ), 'a stale lock is taken over' );
		self::assertTrue( ! Support\Option_Lock::acquire( $name, 60 ), 'by one worker only' );
		Support\Option_Lock::release( $name );
		self::assertTrue( Support\Option_Lock::acquire( $name, 60 ), 'free once released' );
		Support\Option_Lock::release( $name );
	}
}
