<?php
/**
 * Bulk post audio: the posts listed (without audio, or with audio of another text), a run moved
 * on by its WP-Cron step through the publishing path, a quota_exceeded that pauses it with the
 * allowance named, resume, nothing voiced twice, and the pace of requests per minute.
 */
use Circassian\Bulk\Candidates;
use Circassian\Bulk\Run;
use Circassian\Bulk\Runner;
use Circassian\Key_Allowance;
use Circassian\Post_Audio;
use Circassian\Request_Pace;
use PHPUnit\Framework\TestCase;

/** Posts published while post audio is off (so nothing voices them on publish); their ids. */
function circassian_test_bulk_posts( int $count ): array {
	delete_option( Post_Audio::OPTION );
	$ids = array();
	for ( $i = 1; $i <= $count; $i++ ) {
		$ids[] = wp_insert_post(
			array(
				'post_title'   => "Бжьыхьэ {$i}",
				'post_status'  => 'publish',
				'post_author'  => 1,
				'post_content' => "<!-- wp:paragraph --><p>Тхыгъэ {$i}.</p><!-- /wp:paragraph -->",
			)
		);
	}
	update_option(
		Post_Audio::OPTION,
		array(
			'post_types' => array( 'post' ),
			'placement'  => 'after',
		)
	);
	return $ids;
}

/** The speech texts the local service voiced (ok outcome), oldest first. */
function circassian_test_voiced(): array {
	$calls = circassian_test_admin( 'GET', '/admin/calls?operation=speech' )['calls'] ?? array();
	$ok    = array_filter( $calls, static fn( $call ) => 'ok' === ( $call['outcome'] ?? '' ) );
	return array_reverse( array_values( array_map( static fn( $call ) => (string) ( $call['content']['request']['text'] ?? '' ), $ok ) ) );
}

function circassian_test_bulk_clean( array $ids ): void {
	foreach ( $ids as $id ) {
		$audio = get_post_meta( $id, Post_Audio::META_AUDIO, true );
		if ( is_array( $audio ) ) {
			wp_delete_attachment( (int) $audio['id'], true );
		}
		wp_delete_post( $id, true );
	}
	delete_option( Run::OPTION );
	delete_option( Post_Audio::OPTION );
	wp_clear_scheduled_hook( Runner::CRON_HOOK );
	circassian_test_admin( 'DELETE', '/admin/faults' );
}

final class Bulk_Test extends TestCase {

	/**
	 * @testdox a run voices each listed post once through the publishing path; a quota_exceeded pauses it naming the allowance, resume finishes it
	 */
	public function test_a_run_voices_each_listed_post_once_through_the_publishing_path_a_quota(): void {
		wp_set_current_user( 1 );
		circassian_test_admin( 'DELETE', '/admin/faults' );
		$ids = circassian_test_bulk_posts( 4 );
		// One of them voiced, then its text changed: audio of an older text.
		Post_Audio::generate( $ids[0] );
		wp_update_post(
			array(
				'ID'         => $ids[0],
				'post_title' => 'Бжьыхьэ 1 (нэгъуэщӀ)',
			)
		);
		wp_clear_scheduled_hook( Post_Audio::CRON_HOOK, array( $ids[0] ) );
		$listed = array_column( Candidates::posts( 'post', $ids ), 'state', 'id' );
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
		$run = Runner::start( 'post', array_keys( $listed ) );
		self::assertTrue( is_array( $run ), 'not started: ' . ( is_wp_error( $run ) ? $run->get_error_message() : '' ) );
		self::assertTrue( is_wp_error( Runner::start( 'post', $ids ) ), 'a second run started beside the first' );
		self::assertTrue( false !== wp_next_scheduled( Runner::CRON_HOOK ), 'no step scheduled' );
		Runner::step();
		$paused = Run::view( Run::get() );
		self::assertSame( 'paused', $paused['status'], wp_json_encode( $paused ) );
		self::assertSame( array( 'quota', 'speech_seconds_per_day', 'seconds of audio per day' ), array( $paused['pause']['by'], $paused['pause']['allowance'], $paused['pause']['label'] ) );
		self::assertTrue( false !== strtotime( $paused['pause']['resets_at'] ), 'no reset time' );
		self::assertSame( 0, $paused['made'] );
		Runner::step();
		self::assertSame( 'paused', Run::get()['status'], 'a step moved a paused run on' );
		Runner::resume();
		Runner::step();
		$finished = Run::view( Run::get() );
		self::assertSame( array( 'done', 4, 0, 0 ), array( $finished['status'], $finished['made'], $finished['skipped'], $finished['failed'] ), wp_json_encode( $finished ) );

		$voiced = array_slice( circassian_test_voiced(), $before );
		$texts  = array_map( static fn( $id ) => Post_Audio::text( get_post( $id ) ), $ids );
		self::assertSame( $texts, $voiced, 'each post voiced once, in order' );
		self::assertSame( array(), Candidates::posts( 'post', $ids ), 'posts still listed' );
		circassian_test_bulk_clean( $ids );
	}

	/**
	 * @testdox a cancelled run stays cancelled: resume does not start it again, and a new run may start
	 */
	public function test_a_cancelled_run_stays_cancelled_resume_does_not_start_it_again_and_a(): void {
		wp_set_current_user( 1 );
		$ids = circassian_test_bulk_posts( 1 );
		Runner::start( 'post', $ids );
		Runner::cancel();
		Runner::resume();
		self::assertSame( 'cancelled', Run::get()['status'] );
		self::assertSame( false, wp_next_scheduled( Runner::CRON_HOOK ), 'a step is still scheduled' );
		self::assertTrue( is_array( Runner::start( 'post', $ids ) ), 'a new run was refused' );
		circassian_test_bulk_clean( $ids );
	}

	/**
	 * @testdox a post that fails for good goes on the error list with its title, and the run goes on
	 */
	public function test_a_post_that_fails_for_good_goes_on_the_error_list_with_its_title_and(): void {
		wp_set_current_user( 1 );
		$ids = circassian_test_bulk_posts( 2 );
		Runner::start( 'post', $ids );
		circassian_test_admin(
			'POST',
			'/admin/faults',
			array(
				'operation'  => 'speech',
				'error_type' => 'invalid_request',
				'count'      => 1,
			)
		);
		Runner::step();
		$view = Run::view( Run::get() );
		self::assertSame( array( 'done', 1, 1 ), array( $view['status'], $view['made'], $view['failed'] ) );
		self::assertSame( 'Бжьыхьэ 1', $view['errors'][0]['title'] );
		self::assertTrue( '' !== $view['errors'][0]['message'], 'no message' );
		circassian_test_bulk_clean( $ids );
	}

	/**
	 * @testdox background work waits for room under the key’s requests per minute
	 */
	public function test_background_work_waits_for_room_under_the_keys_requests_per_minute(): void {
		set_transient( Key_Allowance::LIMITS_TRANSIENT, array( 'requests_per_minute' => 3 ), HOUR_IN_SECONDS );
		update_option( Request_Pace::OPTION, array( microtime( true ) - 70, microtime( true ) - 30, microtime( true ) - 20 ), false );
		self::assertSame( 0.0, Request_Pace::wait_seconds(), 'the call older than the window still counts' );
		Request_Pace::record();
		$wait = Request_Pace::wait_seconds();
		self::assertTrue( $wait > 29 && $wait <= 31, "waits {$wait} s, not until the oldest call leaves the window" );
		delete_option( Request_Pace::OPTION );
		delete_transient( Key_Allowance::LIMITS_TRANSIENT );
	}

	/**
	 * @testdox the bulk routes are for administrators who may spend the key; an editor gets 403 and an unknown post type 400
	 */
	public function test_the_bulk_routes_are_for_administrators_who_may_spend_the_key_an_editor(): void {
		$editor = wp_insert_user(
			array(
				'user_login' => 'bulk-editor-' . wp_rand(),
				'user_pass'  => wp_generate_password(),
				'role'       => 'editor',
			)
		);
		wp_set_current_user( $editor );
		self::assertSame( 403, circassian_test_rest( 'GET', '/circassian/v1/bulk-audio' )->get_status() );
		self::assertSame( 403, circassian_test_rest( 'POST', '/circassian/v1/bulk-audio/run', array( 'post_type' => 'post' ) )->get_status() );
		wp_set_current_user( 1 );
		update_option(
			Post_Audio::OPTION,
			array(
				'post_types' => array( 'post' ),
				'placement'  => 'after',
			)
		);
		self::assertSame( 400, circassian_test_rest( 'GET', '/circassian/v1/bulk-audio', array( 'post_type' => 'page' ) )->get_status() );
		self::assertSame(
			400,
			circassian_test_rest(
				'POST',
				'/circassian/v1/bulk-audio/run',
				array(
					'post_type' => 'post',
					'ids'       => array( 'x' ),
				)
			)->get_status()
		);
		self::assertSame( 404, circassian_test_rest( 'POST', '/circassian/v1/bulk-audio/run/restart' )->get_status() );
		delete_option( Post_Audio::OPTION );
	}

	/**
	 * @testdox a run voices each post as its author, through the spending gate: a post whose author's role may not spend the key goes on the error list with the reason, unvoiced
	 */
	public function test_a_run_voices_each_post_as_its_author_through_the_spending_gate_a_post(): void {
		wp_set_current_user( 1 );
		circassian_test_admin( 'DELETE', '/admin/faults' );
		delete_option( Circassian\Access::OPTION );
		$ids = circassian_test_bulk_posts( 2 );
		wp_update_post(
			array(
				'ID'          => $ids[1],
				'post_author' => circassian_test_user( 'contributor' ),
			)
		);
		wp_clear_scheduled_hook( Post_Audio::CRON_HOOK, array( $ids[1] ) );
		$before = count( circassian_test_voiced() );
		self::assertTrue( is_array( Runner::start( 'post', $ids ) ), 'not started' );
		Runner::step();
		$finished = Run::view( Run::get() );
		self::assertSame( array( 'done', 1, 1 ), array( $finished['status'], $finished['made'], $finished['failed'] ), wp_json_encode( $finished ) );
		self::assertSame( $ids[1], $finished['errors'][0]['post_id'] );
		self::assertTrue( str_contains( $finished['errors'][0]['message'], 'Authors and up' ), $finished['errors'][0]['message'] );
		self::assertSame( array( Post_Audio::text( get_post( $ids[0] ) ) ), array_slice( circassian_test_voiced(), $before ), 'only the allowed author\'s post voiced' );
		self::assertSame( 1, get_current_user_id(), 'the step gives the current user back' );
		circassian_test_bulk_clean( $ids );
	}

	/**
	 * @testdox a published post with a password is no bulk candidate, and the publishing path refuses to voice it (nothing sent)
	 */
	public function test_a_published_post_with_a_password_is_no_bulk_candidate_and_the(): void {
		wp_set_current_user( 1 );
		$ids = circassian_test_bulk_posts( 2 );
		wp_update_post(
			array(
				'ID'            => $ids[1],
				'post_password' => 'secret',
			)
		);
		wp_clear_scheduled_hook( Post_Audio::CRON_HOOK, array( $ids[0] ) );
		wp_clear_scheduled_hook( Post_Audio::CRON_HOOK, array( $ids[1] ) );
		self::assertSame( array( $ids[0] ), array_column( Candidates::posts( 'post', $ids ), 'id' ) );
		$before  = count( circassian_test_voiced() );
		$refused = Post_Audio::generate( $ids[1] );
		self::assertTrue( is_wp_error( $refused ), 'a password-protected post was voiced' );
		self::assertSame( $before, count( circassian_test_voiced() ), 'the protected text reached the service' );
		circassian_test_bulk_clean( $ids );
	}

	/**
	 * @testdox a running run whose step vanished gets it back from the watchdog, once, and says when; a paused run and a held worker are left alone
	 */
	public function test_a_running_run_whose_step_vanished_gets_it_back_from_the_watchdog_once(): void {
		wp_set_current_user( 1 );
		$ids = circassian_test_bulk_posts( 1 );
		Runner::start( 'post', $ids );
		self::assertSame( false, Circassian\Bulk\Watchdog::watch(), 'a run with its step scheduled was touched' );
		wp_clear_scheduled_hook( Runner::CRON_HOOK );
		self::assertTrue( Circassian\Option_Lock::acquire( Runner::WORKER_LOCK, 60 ), 'the worker lock' );
		self::assertSame( false, Circassian\Bulk\Watchdog::watch(), 'revived while a worker holds the lock' );
		Circassian\Option_Lock::release( Runner::WORKER_LOCK );
		self::assertSame( true, Circassian\Bulk\Watchdog::watch(), 'not revived' );
		self::assertTrue( false !== wp_next_scheduled( Runner::CRON_HOOK ), 'no step scheduled' );
		self::assertTrue( null !== Run::view( Run::get() )['revived'], 'the view does not say when' );
		self::assertSame( false, Circassian\Bulk\Watchdog::watch(), 'revived twice' );
		Runner::pause();
		wp_clear_scheduled_hook( Runner::CRON_HOOK );
		self::assertSame( false, Circassian\Bulk\Watchdog::watch(), 'a paused run was given a step' );
		circassian_test_bulk_clean( $ids );
	}
}
