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

circassian_test(
	'a run voices each listed post once through the publishing path; a quota_exceeded pauses it naming the allowance, resume finishes it',
	static function () {
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
		assert_same(
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
		assert_true( is_array( $run ), 'not started: ' . ( is_wp_error( $run ) ? $run->get_error_message() : '' ) );
		assert_true( is_wp_error( Runner::start( 'post', $ids ) ), 'a second run started beside the first' );
		assert_true( false !== wp_next_scheduled( Runner::CRON_HOOK ), 'no step scheduled' );
		Runner::step();
		$paused = Run::view( Run::get() );
		assert_same( 'paused', $paused['status'], wp_json_encode( $paused ) );
		assert_same( array( 'quota', 'speech_seconds_per_day', 'seconds of audio per day' ), array( $paused['pause']['by'], $paused['pause']['allowance'], $paused['pause']['label'] ) );
		assert_true( false !== strtotime( $paused['pause']['resets_at'] ), 'no reset time' );
		assert_same( 0, $paused['made'] );
		Runner::step();
		assert_same( 'paused', Run::get()['status'], 'a step moved a paused run on' );
		Runner::resume();
		Runner::step();
		$finished = Run::view( Run::get() );
		assert_same( array( 'done', 4, 0, 0 ), array( $finished['status'], $finished['made'], $finished['skipped'], $finished['failed'] ), wp_json_encode( $finished ) );

		$voiced = array_slice( circassian_test_voiced(), $before );
		$texts  = array_map( static fn( $id ) => Post_Audio::text( get_post( $id ) ), $ids );
		assert_same( $texts, $voiced, 'each post voiced once, in order' );
		assert_same( array(), Candidates::posts( 'post', $ids ), 'posts still listed' );
		circassian_test_bulk_clean( $ids );
	}
);

circassian_test(
	'a cancelled run stays cancelled: resume does not start it again, and a new run may start',
	static function () {
		wp_set_current_user( 1 );
		$ids = circassian_test_bulk_posts( 1 );
		Runner::start( 'post', $ids );
		Runner::cancel();
		Runner::resume();
		assert_same( 'cancelled', Run::get()['status'] );
		assert_same( false, wp_next_scheduled( Runner::CRON_HOOK ), 'a step is still scheduled' );
		assert_true( is_array( Runner::start( 'post', $ids ) ), 'a new run was refused' );
		circassian_test_bulk_clean( $ids );
	}
);

circassian_test(
	'a post that fails for good goes on the error list with its title, and the run goes on',
	static function () {
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
		assert_same( array( 'done', 1, 1 ), array( $view['status'], $view['made'], $view['failed'] ) );
		assert_same( 'Бжьыхьэ 1', $view['errors'][0]['title'] );
		assert_true( '' !== $view['errors'][0]['message'], 'no message' );
		circassian_test_bulk_clean( $ids );
	}
);

circassian_test(
	'background work waits for room under the key’s requests per minute',
	static function () {
		set_transient( Key_Allowance::LIMITS_TRANSIENT, array( 'requests_per_minute' => 3 ), HOUR_IN_SECONDS );
		update_option( Request_Pace::OPTION, array( microtime( true ) - 70, microtime( true ) - 30, microtime( true ) - 20 ), false );
		assert_same( 0.0, Request_Pace::wait_seconds(), 'the call older than the window still counts' );
		Request_Pace::record();
		$wait = Request_Pace::wait_seconds();
		assert_true( $wait > 29 && $wait <= 31, "waits {$wait} s, not until the oldest call leaves the window" );
		delete_option( Request_Pace::OPTION );
		delete_transient( Key_Allowance::LIMITS_TRANSIENT );
	}
);

circassian_test(
	'the bulk routes are for administrators who may spend the key; an editor gets 403 and an unknown post type 400',
	static function () {
		$editor = wp_insert_user(
			array(
				'user_login' => 'bulk-editor-' . wp_rand(),
				'user_pass'  => wp_generate_password(),
				'role'       => 'editor',
			)
		);
		wp_set_current_user( $editor );
		assert_same( 403, circassian_test_rest( 'GET', '/circassian/v1/bulk-audio' )->get_status() );
		assert_same( 403, circassian_test_rest( 'POST', '/circassian/v1/bulk-audio/run', array( 'post_type' => 'post' ) )->get_status() );
		wp_set_current_user( 1 );
		update_option(
			Post_Audio::OPTION,
			array(
				'post_types' => array( 'post' ),
				'placement'  => 'after',
			)
		);
		assert_same( 400, circassian_test_rest( 'GET', '/circassian/v1/bulk-audio', array( 'post_type' => 'page' ) )->get_status() );
		assert_same(
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
		assert_same( 404, circassian_test_rest( 'POST', '/circassian/v1/bulk-audio/run/restart' )->get_status() );
		delete_option( Post_Audio::OPTION );
	}
);

circassian_test(
	"a run voices each post as its author, through the spending gate: a post whose author's role may not spend the key goes on the error list with the reason, unvoiced",
	static function () {
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
		assert_true( is_array( Runner::start( 'post', $ids ) ), 'not started' );
		Runner::step();
		$finished = Run::view( Run::get() );
		assert_same( array( 'done', 1, 1 ), array( $finished['status'], $finished['made'], $finished['failed'] ), wp_json_encode( $finished ) );
		assert_same( $ids[1], $finished['errors'][0]['post_id'] );
		assert_true( str_contains( $finished['errors'][0]['message'], 'Authors and up' ), $finished['errors'][0]['message'] );
		assert_same( array( Post_Audio::text( get_post( $ids[0] ) ) ), array_slice( circassian_test_voiced(), $before ), 'only the allowed author\'s post voiced' );
		assert_same( 1, get_current_user_id(), 'the step gives the current user back' );
		circassian_test_bulk_clean( $ids );
	}
);

circassian_test(
	'a published post with a password is no bulk candidate, and the publishing path refuses to voice it (nothing sent)',
	static function () {
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
		assert_same( array( $ids[0] ), array_column( Candidates::posts( 'post', $ids ), 'id' ) );
		$before  = count( circassian_test_voiced() );
		$refused = Post_Audio::generate( $ids[1] );
		assert_true( is_wp_error( $refused ), 'a password-protected post was voiced' );
		assert_same( $before, count( circassian_test_voiced() ), 'the protected text reached the service' );
		circassian_test_bulk_clean( $ids );
	}
);

circassian_test(
	'a running run whose step vanished gets it back from the watchdog, once, and says when; a paused run and a held worker are left alone',
	static function () {
		wp_set_current_user( 1 );
		$ids = circassian_test_bulk_posts( 1 );
		Runner::start( 'post', $ids );
		assert_same( false, Circassian\Bulk\Watchdog::watch(), 'a run with its step scheduled was touched' );
		wp_clear_scheduled_hook( Runner::CRON_HOOK );
		assert_true( Circassian\Option_Lock::acquire( Runner::WORKER_LOCK, 60 ), 'the worker lock' );
		assert_same( false, Circassian\Bulk\Watchdog::watch(), 'revived while a worker holds the lock' );
		Circassian\Option_Lock::release( Runner::WORKER_LOCK );
		assert_same( true, Circassian\Bulk\Watchdog::watch(), 'not revived' );
		assert_true( false !== wp_next_scheduled( Runner::CRON_HOOK ), 'no step scheduled' );
		assert_true( null !== Run::view( Run::get() )['revived'], 'the view does not say when' );
		assert_same( false, Circassian\Bulk\Watchdog::watch(), 'revived twice' );
		Runner::pause();
		wp_clear_scheduled_hook( Runner::CRON_HOOK );
		assert_same( false, Circassian\Bulk\Watchdog::watch(), 'a paused run was given a step' );
		circassian_test_bulk_clean( $ids );
	}
);
