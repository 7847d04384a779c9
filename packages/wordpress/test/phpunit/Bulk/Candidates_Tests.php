<?php
/**
 * Bulk\Candidates: which posts a bulk run lists.
 */
use Circassian\Bulk;
use Circassian\Post_Audio;
use PHPUnit\Framework\TestCase;

final class Candidates_Tests extends TestCase {

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
		wp_clear_scheduled_hook( Post_Audio\Audio_Event::CRON_HOOK, array( $ids[0] ) );
		wp_clear_scheduled_hook( Post_Audio\Audio_Event::CRON_HOOK, array( $ids[1] ) );
		self::assertSame( array( $ids[0] ), array_column( Bulk\Candidates::posts( 'post', $ids ), 'id' ) );
		$before  = count( circassian_test_voiced() );
		$refused = Post_Audio\Voicing::generate( $ids[1] );
		self::assertTrue( is_wp_error( $refused ), 'a password-protected post was voiced' );
		self::assertSame( $before, count( circassian_test_voiced() ), 'the protected text reached the service' );
		circassian_test_bulk_clean( $ids );
	}
}
