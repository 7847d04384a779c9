<?php
/**
 * Speech_Jobs: the background step of a job.
 */
use Circassian\Speech;
use PHPUnit\Framework\TestCase;

final class Speech_Jobs_Tests extends TestCase {

	/**
	 * @testdox after the key is removed, the background step ends the job and schedules nothing more
	 */
	public function test_after_the_key_is_removed_the_background_step_ends_the_job_and(): void {
		$id  = circassian_test_long_job();
		$key = get_option( 'circassian_api_key' );
		// WP-Cron takes the event off its list when it runs it.
		wp_clear_scheduled_hook( Speech\Job_Rules::CRON_HOOK, array( $id ) );
		delete_option( 'circassian_api_key' );
		try {
			Speech\Speech_Jobs::run_in_background( $id );
		} finally {
			update_option( 'circassian_api_key', $key, false );
		}
		self::assertSame( false, wp_next_scheduled( Speech\Job_Rules::CRON_HOOK, array( $id ) ), 'rescheduled' );
		self::assertSame( 'failed', get_option( 'circassian_job_' . $id )['status'] );
		wp_set_current_user( 1 );
		self::assertSame( 'not_configured', circassian_test_rest( 'GET', '/circassian/v1/speech/jobs/' . $id )->get_data()['data']['type'] ?? null );
	}
}
