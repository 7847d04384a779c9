<?php
/**
 * Speech jobs end: a failing service is given a bounded time, a removed key ends the job, and
 * ended records are cleaned up after a day.
 */
use Circassian\Option_Lock;
use Circassian\Speech_Jobs;
use PHPUnit\Framework\Assert;
use PHPUnit\Framework\TestCase;

/** A long speech job started as the administrator; its id. */
function circassian_test_long_job(): string {
	wp_set_current_user( 1 );
	circassian_test_admin( 'DELETE', '/admin/faults' );
	$response = circassian_test_rest( 'POST', '/circassian/v1/speech', array( 'text' => trim( str_repeat( 'Адыгэбзэр бзэ дахэщ. ', 90 ) ) ) );
	Assert::assertSame( 200, $response->get_status(), 'start' );
	Assert::assertSame( 'running', $response->get_data()['status'] );
	return $response->get_data()['job'];
}

/** Changes a stored job record (as time passing would). */
function circassian_test_job_update( string $id, array $changes ): void {
	update_option( 'circassian_job_' . $id, array_merge( get_option( 'circassian_job_' . $id ), $changes ), false );
}

final class Jobs_Test extends TestCase {

	/**
	 * @testdox a job whose service keeps failing keeps trying (and says so), then gives up after a bounded time and tells the editor
	 */
	public function test_a_job_whose_service_keeps_failing_keeps_trying_and_says_so_then_gives(): void {
		$id = circassian_test_long_job();
		circassian_test_fault( 'jobs', 'upstream_unavailable', 100 );
		circassian_test_job_update( $id, array( 'polled_at' => 0 ) );
		$first = circassian_test_rest( 'GET', '/circassian/v1/speech/jobs/' . $id );
		self::assertSame( 200, $first->get_status() );
		self::assertSame( 'running', $first->get_data()['status'] );
		self::assertTrue( is_string( $first->get_data()['retrying'] ), 'the editor is not told the service is failing' );
		circassian_test_job_update(
			$id,
			array(
				'polled_at'     => 0,
				'failing_since' => time() - Speech_Jobs::GIVE_UP_SECONDS - 1,
			)
		);
		$last = circassian_test_rest( 'GET', '/circassian/v1/speech/jobs/' . $id );
		self::assertSame( 'upstream_unavailable', $last->get_data()['data']['type'] ?? null, wp_json_encode( $last->get_data() ) );
		self::assertSame( false, get_option( 'circassian_job_' . $id ), 'the record stayed' );
		circassian_test_admin( 'DELETE', '/admin/faults' );
	}

	/**
	 * @testdox a job older than its maximum age fails instead of running forever
	 */
	public function test_a_job_older_than_its_maximum_age_fails_instead_of_running_forever(): void {
		$id = circassian_test_long_job();
		circassian_test_job_update(
			$id,
			array(
				'polled_at' => 0,
				'created'   => time() - Speech_Jobs::MAX_AGE_SECONDS - 1,
			)
		);
		$response = circassian_test_rest( 'GET', '/circassian/v1/speech/jobs/' . $id );
		self::assertSame( 'job_failed', $response->get_data()['data']['type'] ?? null, wp_json_encode( $response->get_data() ) );
	}

	/**
	 * @testdox after the key is removed, the background step ends the job and schedules nothing more
	 */
	public function test_after_the_key_is_removed_the_background_step_ends_the_job_and(): void {
		$id  = circassian_test_long_job();
		$key = get_option( 'circassian_api_key' );
		// WP-Cron takes the event off its list when it runs it.
		wp_clear_scheduled_hook( Speech_Jobs::CRON_HOOK, array( $id ) );
		delete_option( 'circassian_api_key' );
		try {
			Speech_Jobs::run_in_background( $id );
		} finally {
			update_option( 'circassian_api_key', $key, false );
		}
		self::assertSame( false, wp_next_scheduled( Speech_Jobs::CRON_HOOK, array( $id ) ), 'rescheduled' );
		self::assertSame( 'failed', get_option( 'circassian_job_' . $id )['status'] );
		wp_set_current_user( 1 );
		self::assertSame( 'not_configured', circassian_test_rest( 'GET', '/circassian/v1/speech/jobs/' . $id )->get_data()['data']['type'] ?? null );
	}

	/**
	 * @testdox the daily clean-up removes records ended over a day ago and abandoned running ones, and keeps the rest
	 */
	public function test_the_daily_clean_up_removes_records_ended_over_a_day_ago_and_abandoned(): void {
		$ids = array(
			'old-done'  => wp_generate_uuid4(),
			'new-done'  => wp_generate_uuid4(),
			'abandoned' => wp_generate_uuid4(),
			'running'   => wp_generate_uuid4(),
		);
		$day = Speech_Jobs::KEEP_ENDED_SECONDS;
		add_option(
			'circassian_job_' . $ids['old-done'],
			array(
				'status' => 'done',
				'ended'  => time() - $day - 1,
				'files'  => array(),
			),
			'',
			false
		);
		add_option(
			'circassian_job_' . $ids['new-done'],
			array(
				'status' => 'failed',
				'ended'  => time() - 60,
				'files'  => array(),
			),
			'',
			false
		);
		add_option(
			'circassian_job_' . $ids['abandoned'],
			array(
				'status'  => 'running',
				'created' => time() - Speech_Jobs::MAX_AGE_SECONDS - $day - 1,
				'files'   => array(),
			),
			'',
			false
		);
		add_option(
			'circassian_job_' . $ids['running'],
			array(
				'status'  => 'running',
				'created' => time(),
				'files'   => array(),
			),
			'',
			false
		);
		Speech_Jobs::clean();
		self::assertSame( false, get_option( 'circassian_job_' . $ids['old-done'] ), 'old-done' );
		self::assertSame( false, get_option( 'circassian_job_' . $ids['abandoned'] ), 'abandoned' );
		self::assertTrue( is_array( get_option( 'circassian_job_' . $ids['new-done'] ) ), 'new-done' );
		self::assertTrue( is_array( get_option( 'circassian_job_' . $ids['running'] ) ), 'running' );
		self::assertTrue( false !== wp_next_scheduled( Speech_Jobs::CLEAN_HOOK ), 'the clean-up is not scheduled' );
		delete_option( 'circassian_job_' . $ids['new-done'] );
		delete_option( 'circassian_job_' . $ids['running'] );
	}

	/**
	 * @testdox a lock is held by one worker: taken once, refused while fresh even to a worker that saw no row, taken over once when stale, free again when released
	 */
	public function test_a_lock_is_held_by_one_worker_taken_once_refused_while_fresh_even_to_a(): void {
		$name = 'circassian_job_lock_test_lock';
		delete_option( $name );
		self::assertTrue( Option_Lock::acquire( $name, 60 ), 'the first worker takes it' );
		self::assertTrue( ! Option_Lock::acquire( $name, 60 ), 'a second worker waits' );
		// A second worker whose cache says there is no row (add_option() would overwrite the row and win).
		wp_cache_set( 'notoptions', array( $name => true ), 'options' );
		self::assertTrue( ! Option_Lock::acquire( $name, 60 ), 'a worker that saw no row waits too' );
		global $wpdb;
		$wpdb->update( $wpdb->options, array( 'option_value' => (string) ( time() - 120 ) ), array( 'option_name' => $name ) );
		self::assertTrue( Option_Lock::acquire( $name, 60 ), 'a stale lock is taken over' );
		self::assertTrue( ! Option_Lock::acquire( $name, 60 ), 'by one worker only' );
		Option_Lock::release( $name );
		self::assertTrue( Option_Lock::acquire( $name, 60 ), 'free once released' );
		Option_Lock::release( $name );
	}
}
