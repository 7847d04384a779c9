<?php
/**
 * Bulk\Runner: a run moved on by its WP-Cron step through the publishing path, paused by a spent
 * allowance, cancelled, resumed, nothing voiced twice.
 */
use Circassian\Bulk;
use Circassian\Post_Audio;
use Circassian\Spending;
use PHPUnit\Framework\TestCase;

final class Runner_Tests extends TestCase {

	/**
	 * @testdox a run voices each listed post once through the publishing path; a quota_exceeded pauses it naming the allowance, resume finishes it
	 */
	public function test_a_run_voices_each_listed_post_once_through_the_publishing_path_a_quota(): void {
		wp_set_current_user( 1 );
		circassian_test_admin( 'DELETE', '/admin/faults' );
		$ids = circassian_test_bulk_posts( 4 );
		// One of them voiced, then its text changed: audio of an older text.
		Post_Audio\Voicing::generate( $ids[0] );
		wp_update_post(
			array(
				'ID'         => $ids[0],
				'post_title' => 'Бжьыхьэ 1 (нэгъуэщӀ)',
			)
		);
		wp_clear_scheduled_hook( Post_Audio\Audio_Event::CRON_HOOK, array( $ids[0] ) );
		$listed = array_column( Bulk\Candidates::posts( 'post', $ids ), 'state', 'id' );
		self::assertSame(
			array(
				$ids[0] => 'stale',
				$ids[1] => 'missing',
				$ids[2] => 'missing',
				$ids[3] => 'missing',
			),
			$listed
		);
		$before = count( circassian_test_voiced() );

		circassian_test_admin(
			'POST',
			'/admin/faults',
			array(
				'operation'  => 'speech',
				'error_type' => 'quota_exceeded',
				'count'      => 1,
			)
		);
		$run = Bulk\Runner::start( 'post', array_keys( $listed ) );
		self::assertTrue( is_array( $run ), 'not started: ' . ( is_wp_error( $run ) ? $run->get_error_message() : '' ) );
		self::assertTrue( is_wp_error( Bulk\Runner::start( 'post', $ids ) ), 'a second run started beside the first' );
		self::assertTrue( false !== wp_next_scheduled( Bulk\Runner::CRON_HOOK ), 'no step scheduled' );
		Bulk\Runner::step();
		$paused = Bulk\Run::view( Bulk\Run::get() );
		self::assertSame( 'paused', $paused['status'], wp_json_encode( $paused ) );
		self::assertSame( array( 'quota', 'speech_seconds_per_day', 'seconds of audio per day' ), array( $paused['pause']['by'], $paused['pause']['allowance'], $paused['pause']['label'] ) );
		self::assertTrue( false !== strtotime( $paused['pause']['resets_at'] ), 'no reset time' );
		self::assertSame( 0, $paused['made'] );
		Bulk\Runner::step();
		self::assertSame( 'paused', Bulk\Run::get()['status'], 'a step moved a paused run on' );
		Bulk\Runner::resume();
		Bulk\Runner::step();
		$finished = Bulk\Run::view( Bulk\Run::get() );
		self::assertSame( array( 'done', 4, 0, 0 ), array( $finished['status'], $finished['made'], $finished['skipped'], $finished['failed'] ), wp_json_encode( $finished ) );

		$voiced = array_slice( circassian_test_voiced(), $before );
		$texts  = array_map( static fn( $id ) => Post_Audio\Speech_Request::text( get_post( $id ) ), $ids );
		self::assertSame( $texts, $voiced, 'each post voiced once, in order' );
		self::assertSame( array(), Bulk\Candidates::posts( 'post', $ids ), 'posts still listed' );
		circassian_test_bulk_clean( $ids );
	}

	/**
	 * @testdox a cancelled run stays cancelled: resume does not start it again, and a new run may start
	 */
	public function test_a_cancelled_run_stays_cancelled_resume_does_not_start_it_again_and_a(): void {
		wp_set_current_user( 1 );
		$ids = circassian_test_bulk_posts( 1 );
		Bulk\Runner::start( 'post', $ids );
		Bulk\Runner::cancel();
		Bulk\Runner::resume();
		self::assertSame( 'cancelled', Bulk\Run::get()['status'] );
		self::assertSame( false, wp_next_scheduled( Bulk\Runner::CRON_HOOK ), 'a step is still scheduled' );
		self::assertTrue( is_array( Bulk\Runner::start( 'post', $ids ) ), 'a new run was refused' );
		circassian_test_bulk_clean( $ids );
	}

	/**
	 * @testdox a post that fails for good goes on the error list with its title, and the run goes on
	 */
	public function test_a_post_that_fails_for_good_goes_on_the_error_list_with_its_title_and(): void {
		wp_set_current_user( 1 );
		$ids = circassian_test_bulk_posts( 2 );
		Bulk\Runner::start( 'post', $ids );
		circassian_test_admin(
			'POST',
			'/admin/faults',
			array(
				'operation'  => 'speech',
				'error_type' => 'invalid_request',
				'count'      => 1,
			)
		);
		Bulk\Runner::step();
		$view = Bulk\Run::view( Bulk\Run::get() );
		self::assertSame( array( 'done', 1, 1 ), array( $view['status'], $view['made'], $view['failed'] ) );
		self::assertSame( 'Бжьыхьэ 1', $view['errors'][0]['title'] );
		self::assertTrue( '' !== $view['errors'][0]['message'], 'no message' );
		circassian_test_bulk_clean( $ids );
	}

	/**
	 * @testdox a run voices a Contributor's post from the characters of whoever started the run (a Contributor may not spend the key, and every run used to list the post as failed), the Contributor spending nothing
	 */
	public function test_a_run_voices_a_contributors_post_under_the_rights_of_whoever_started_it(): void {
		wp_set_current_user( 1 );
		circassian_test_admin( 'DELETE', '/admin/faults' );
		delete_option( Spending\Access::OPTION );
		$ids         = circassian_test_bulk_posts( 2 );
		$contributor = circassian_test_user( 'contributor' );
		wp_update_post(
			array(
				'ID'          => $ids[1],
				'post_author' => $contributor,
			)
		);
		// Published before publishers were remembered: nobody is, so the run's starter pays.
		delete_post_meta( $ids[1], Post_Audio\Payer::META_PUBLISHER );
		wp_clear_scheduled_hook( Post_Audio\Audio_Event::CRON_HOOK, array( $ids[1] ) );
		$before = count( circassian_test_voiced() );
		self::assertTrue( is_array( Bulk\Runner::start( 'post', $ids ) ), 'not started' );
		Bulk\Runner::step();
		$finished = Bulk\Run::view( Bulk\Run::get() );
		self::assertSame( array( 'done', 2, 0 ), array( $finished['status'], $finished['made'], $finished['failed'] ), wp_json_encode( $finished ) );
		self::assertSame( 2, count( array_slice( circassian_test_voiced(), $before ) ) );
		self::assertSame( 0, Spending\Daily_Chars::used( $contributor ), 'the Contributor paid' );
		self::assertSame( 1, get_current_user_id(), 'the step gives the current user back' );
		circassian_test_bulk_clean( $ids );
	}
}
