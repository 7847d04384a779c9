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

	/**
	 * @testdox an ended job answers its user's poll again after collection (an editor reloaded before saving), and is no longer offered to resume
	 */
	public function test_an_ended_job_answers_again_after_collection_and_is_no_longer_offered(): void {
		$id = circassian_test_long_job();
		circassian_test_job_update(
			$id,
			array(
				'status' => 'failed',
				'ended'  => time(),
				'error'  => array(
					'code'    => 'circassian_upstream_error',
					'message' => 'The service failed.',
					'data'    => array(
						'status' => 502,
						'type'   => 'upstream_error',
					),
				),
			)
		);
		$offered = static fn(): array => array_column( circassian_test_rest( 'GET', '/circassian/v1/speech/jobs' )->get_data(), 'id' );
		self::assertContains( $id, $offered(), 'an ended job not yet collected is offered to resume' );
		$first   = circassian_test_rest( 'GET', '/circassian/v1/speech/jobs/' . $id );
		$second  = circassian_test_rest( 'GET', '/circassian/v1/speech/jobs/' . $id );
		self::assertSame( 'upstream_error', $first->get_data()['data']['type'] ?? null );
		self::assertSame( $first->get_data(), $second->get_data(), 'the second poll answers as the first' );
		self::assertNotContains( $id, $offered(), 'a collected job is offered again' );
		wp_set_current_user( self::factory_user() );
		self::assertSame( 404, circassian_test_rest( 'GET', '/circassian/v1/speech/jobs/' . $id )->get_status(), 'another user reads the job' );
		wp_set_current_user( 1 );
		delete_option( 'circassian_job_' . $id );
	}

	private static function factory_user(): int {
		$login = 'jobs-reader-' . wp_generate_password( 6, false );
		return (int) wp_insert_user(
			array(
				'user_login' => $login,
				'user_pass'  => wp_generate_password(),
				'role'       => 'editor',
			)
		);
	}
}
