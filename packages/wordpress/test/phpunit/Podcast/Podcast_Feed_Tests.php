<?php
/**
 * Podcast_Feed: the podcast's GUID.
 */
use Circassian\Podcast;
use Circassian\Post_Audio;
use PHPUnit\Framework\TestCase;

final class Podcast_Feed_Tests extends TestCase {

	/**
	 * @testdox the podcast GUID is the Podcasting 2.0 UUIDv5 of the feed address
	 */
	public function test_the_podcast_guid_is_the_podcasting_2_0_uuidv5_of_the_feed_address(): void {
		self::assertSame( '9b024349-ccf0-5f69-a609-6b82873eab3c', Podcast\Podcast_Feed::podcast_guid( 'https://podnews.net/rss' ) );
	}

	/**
	 * @testdox the feed shows only the owner's email typed in the show's details, never the site's administration address, and there is no feed while post audio is off
	 */
	public function test_the_feed_shows_only_the_typed_email_and_none_while_post_audio_is_off(): void {
		$feed         = static function (): string {
			ob_start();
			Podcast\Podcast_Feed::render();
			return (string) ob_get_clean();
		};
		$_GET['lang'] = 'kbd'; // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- the feed's own query, as a visit sends it.
		delete_option( Post_Audio\Settings::OPTION );
		self::assertSame( "This site publishes no podcast: post audio is off.\n", $feed(), 'no show, not an empty one (404: podcast-feed.test.ts)' );
		update_option( Post_Audio\Settings::OPTION, array( 'post_types' => array( 'post' ) ) );
		$body = $feed();
		self::assertStringNotContainsString( (string) get_option( 'admin_email' ), $body );
		self::assertStringNotContainsString( '<itunes:email>', $body );
		self::assertStringContainsString( '<itunes:owner>', $body );
		Podcast\Podcast_Details::save( array( 'email' => 'show@example.test' ) );
		self::assertStringContainsString( '<itunes:email>show@example.test</itunes:email>', $feed() );
		delete_option( Podcast\Podcast_Details::OPTION );
		delete_option( Post_Audio\Settings::OPTION );
		unset( $_GET['lang'] );
	}
}
