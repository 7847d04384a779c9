<?php
/**
 * Speech\Job_Store: the daily clean-up of job records.
 */
use Circassian\Speech;
use PHPUnit\Framework\TestCase;

final class Job_Store_Tests extends TestCase {

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
		$day = Speech\Job_Rules::KEEP_ENDED_SECONDS;
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
				'created' => time() - Speech\Job_Rules::MAX_AGE_SECONDS - $day - 1,
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
		Speech\Speech_Jobs::clean();
		self::assertSame( false, get_option( 'circassian_job_' . $ids['old-done'] ), 'old-done' );
		self::assertSame( false, get_option( 'circassian_job_' . $ids['abandoned'] ), 'abandoned' );
		self::assertTrue( is_array( get_option( 'circassian_job_' . $ids['new-done'] ) ), 'new-done' );
		self::assertTrue( is_array( get_option( 'circassian_job_' . $ids['running'] ) ), 'running' );
		self::assertTrue( false !== wp_next_scheduled( Speech\Job_Rules::CLEAN_HOOK ), 'the clean-up is not scheduled' );
		delete_option( 'circassian_job_' . $ids['new-done'] );
		delete_option( 'circassian_job_' . $ids['running'] );
	}

	/**
	 * @testdox the clean-up removes a collected record after an hour, and keeps one collected a minute ago
	 */
	public function test_the_clean_up_removes_a_collected_record_after_an_hour(): void {
		$old  = wp_generate_uuid4();
		$new  = wp_generate_uuid4();
		$ages = array(
			$old => Speech\Job_Rules::KEEP_COLLECTED_SECONDS + 1,
			$new => 60,
		);
		foreach ( $ages as $id => $ago ) {
			add_option(
				'circassian_job_' . $id,
				array(
					'status'    => 'done',
					'ended'     => time() - $ago,
					'collected' => time() - $ago,
					'files'     => array(),
				),
				'',
				false
			);
		}
		Speech\Speech_Jobs::clean();
		self::assertSame( false, get_option( 'circassian_job_' . $old ), 'collected over an hour ago' );
		self::assertTrue( is_array( get_option( 'circassian_job_' . $new ) ), 'collected a minute ago' );
		delete_option( 'circassian_job_' . $new );
	}
}
