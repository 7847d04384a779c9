<?php
/**
 * Podcast_Feed: the podcast's GUID.
 */
use Circassian\Podcast;
use PHPUnit\Framework\TestCase;

final class Podcast_Feed_Tests extends TestCase {

	/**
	 * @testdox the podcast GUID is the Podcasting 2.0 UUIDv5 of the feed address
	 */
	public function test_the_podcast_guid_is_the_podcasting_2_0_uuidv5_of_the_feed_address(): void {
		self::assertSame( '9b024349-ccf0-5f69-a609-6b82873eab3c', Podcast\Podcast_Feed::podcast_guid( 'https://podnews.net/rss' ) );
	}
}
