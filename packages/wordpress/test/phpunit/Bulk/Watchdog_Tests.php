<?php
/**
 * Bulk\Watchdog: a run whose step WP-Cron lost gets it back.
 */
use Circassian\Bulk;
use Circassian\Support;
use PHPUnit\Framework\TestCase;

final class Watchdog_Tests extends TestCase {

	/**
	 * @testdox a running run whose step vanished gets it back from the watchdog, once, and says when; a paused run and a held worker are left alone
	 */
	public function test_a_running_run_whose_step_vanished_gets_it_back_from_the_watchdog_once(): void {
		wp_set_current_user( 1 );
		$ids = circassian_test_bulk_posts( 1 );
		Bulk\Runner::start( 'post', $ids );
		self::assertSame( false, Bulk\Watchdog::watch(), 'a run with its step scheduled was touched' );
		wp_clear_scheduled_hook( Bulk\Runner::CRON_HOOK );
		self::assertTrue( Support\Option_Lock::acquire( Bulk\Runner::WORKER_LOCK, 60 ), 'the worker lock' );
		self::assertSame( false, Bulk\Watchdog::watch(), 'revived while a worker holds the lock' );
		Support\Option_Lock::release( Bulk\Runner::WORKER_LOCK );
		self::assertSame( true, Bulk\Watchdog::watch(), 'not revived' );
		self::assertTrue( false !== wp_next_scheduled( Bulk\Runner::CRON_HOOK ), 'no step scheduled' );
		self::assertTrue( null !== Bulk\Run::view( Bulk\Run::get() )['revived'], 'the view does not say when' );
		self::assertSame( false, Bulk\Watchdog::watch(), 'revived twice' );
		Bulk\Runner::pause();
		wp_clear_scheduled_hook( Bulk\Runner::CRON_HOOK );
		self::assertSame( false, Bulk\Watchdog::watch(), 'a paused run was given a step' );
		circassian_test_bulk_clean( $ids );
	}

	/**
	 * @testdox a step that finds the worker lock held (a worker that died with it) comes back later instead of leaving the run with no step
	 */
	public function test_a_step_that_finds_the_worker_lock_held_comes_back_later(): void {
		wp_set_current_user( 1 );
		$ids = circassian_test_bulk_posts( 1 );
		Bulk\Runner::start( 'post', $ids );
		// WP-Cron takes the event off its list when it runs it.
		wp_clear_scheduled_hook( Bulk\Runner::CRON_HOOK );
		self::assertTrue( Support\Option_Lock::acquire( Bulk\Runner::WORKER_LOCK, 60 ), 'the worker lock' );
		try {
			Bulk\Runner::step();
			$next = wp_next_scheduled( Bulk\Runner::CRON_HOOK );
			self::assertTrue( false !== $next && $next > time(), 'no step to come back' );
			self::assertSame( 0, Bulk\Run::get()['position'], 'the step ran while the lock was held' );
		} finally {
			Support\Option_Lock::release( Bulk\Runner::WORKER_LOCK );
		}
		circassian_test_bulk_clean( $ids );
	}
}
