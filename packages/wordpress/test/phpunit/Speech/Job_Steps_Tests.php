<?php
/**
 * Speech\Job_Steps: a job moved on through trouble, and ended when it is too old.
 */
use Circassian\Speech;
use PHPUnit\Framework\TestCase;

final class Job_Steps_Tests extends TestCase {

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
				'failing_since' => time() - Speech\Job_Rules::GIVE_UP_SECONDS - 1,
			)
		);
		$last = circassian_test_rest( 'GET', '/circassian/v1/speech/jobs/' . $id );
		self::assertSame( 'upstream_unavailable', $last->get_data()['data']['type'] ?? null, wp_json_encode( $last->get_data() ) );
		self::assertArrayHasKey( 'collected', get_option( 'circassian_job_' . $id ), 'the record is not marked collected' );
		delete_option( 'circassian_job_' . $id );
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
				'created'   => time() - Speech\Job_Rules::MAX_AGE_SECONDS - 1,
			)
		);
		$response = circassian_test_rest( 'GET', '/circassian/v1/speech/jobs/' . $id );
		self::assertSame( 'job_failed', $response->get_data()['data']['type'] ?? null, wp_json_encode( $response->get_data() ) );
	}
}
