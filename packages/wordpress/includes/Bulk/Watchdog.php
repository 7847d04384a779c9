<?php
/**
 * Picks up a bulk run whose next step is gone. WP-Cron keeps its events in one option that each
 * request reads, changes and writes back whole, so two requests in the same second (a run's step
 * and WordPress's own events) can each write their copy and the later one drops the other's new
 * event: the run would stay "running" with nothing scheduled, for good. So any admin page load,
 * the bulk routes and every WP-Cron run look: a running run with no step scheduled and no worker
 * on it gets its step again, and the run records when, for the tools page to say.
 *
 * @package Circassian
 */

namespace Circassian\Bulk;

use Circassian\Support;

defined( 'ABSPATH' ) || exit;

final class Watchdog {

	public static function hook(): void {
		add_action( 'admin_init', array( self::class, 'watch' ) );
		// In a WP-Cron request the events run after init: a step scheduled here runs in this request.
		add_action( 'init', static fn() => wp_doing_cron() && self::watch() );
	}

	/** Whether it rescheduled the step of a running run that had none. */
	public static function watch(): bool {
		$run = Run::get();
		if ( null === $run || Run::RUNNING !== $run['status'] || false !== wp_next_scheduled( Runner::CRON_HOOK ) ) {
			return false;
		}
		// A worker on it now (its event already taken off the schedule) schedules the next step itself.
		if ( ! Support\Option_Lock::acquire( Runner::WORKER_LOCK, Runner::WORKER_LOCK_SECONDS ) ) {
			return false;
		}
		Support\Option_Lock::release( Runner::WORKER_LOCK );
		Runner::schedule( 0 );
		Run::change(
			static function ( array $run ): array {
				$run['revived'] = time();
				return $run;
			}
		);
		return true;
	}
}
