<?php
/**
 * Podcast_Details: the show's details, checked before anything is stored.
 */
use Circassian\Podcast;
use PHPUnit\Framework\TestCase;

final class Podcast_Details_Tests extends TestCase {

	/**
	 * @testdox an owner's email that is not one is refused with what was typed; a field sent empty follows the site again
	 */
	public function test_a_bad_email_is_refused_and_an_empty_field_follows_the_site(): void {
		$refused = Podcast\Podcast_Details::check( array( 'email' => 'not-an-email' ) );
		self::assertTrue( is_wp_error( $refused ) && str_contains( $refused->get_error_message(), 'not-an-email' ), 'accepted a non-address' );
		self::assertSame( 400, $refused->get_error_data()['status'] );
		self::assertTrue( is_wp_error( Podcast\Podcast_Details::check( 'title' ) ), 'accepted a string' );
		Podcast\Podcast_Details::save( array( 'title' => '  Адыгэ псалъэ  ' ) );
		self::assertSame( 'Адыгэ псалъэ', Podcast\Podcast_Details::settings()['title'] );
		Podcast\Podcast_Details::save( array( 'title' => '' ) );
		self::assertSame( Podcast\Podcast_Details::defaults()['title'], Podcast\Podcast_Details::settings()['title'] );
		delete_option( Podcast\Podcast_Details::OPTION );
	}
}
