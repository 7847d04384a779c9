<?php
/**
 * Published posts for bulk runs, what the service voiced, and the clean-up after.
 */
use Circassian\Bulk;
use Circassian\Post_Audio;

/** Posts published while post audio is off (so nothing voices them on publish); their ids. */
function circassian_test_bulk_posts( int $count ): array {
	delete_option( Post_Audio\Settings::OPTION );
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
	circassian_test_post_audio_on();
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
		$audio = get_post_meta( $id, Post_Audio\Audio_State::META_AUDIO, true );
		if ( is_array( $audio ) ) {
			wp_delete_attachment( (int) $audio['id'], true );
		}
		wp_delete_post( $id, true );
	}
	delete_option( Bulk\Run::OPTION );
	delete_option( Post_Audio\Settings::OPTION );
	wp_clear_scheduled_hook( Bulk\Runner::CRON_HOOK );
	circassian_test_admin( 'DELETE', '/admin/faults' );
}
