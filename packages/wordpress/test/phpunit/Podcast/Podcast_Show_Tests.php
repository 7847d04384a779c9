<?php
/**
 * Podcast_Show: artwork, category, explicit and the declared language, saved as the settings
 * page's form saves them (Connection::save) and through the settings route, then in the feed.
 */
use Circassian\Podcast;
use Circassian\Post_Audio;
use Circassian\Service;
use PHPUnit\Framework\TestCase;

final class Podcast_Show_Tests extends TestCase {

	protected function setUp(): void {
		delete_option( Podcast\Podcast_Show::OPTION );
		delete_option( Podcast\Podcast_Details::OPTION );
		update_option( Post_Audio\Settings::OPTION, array( 'post_types' => array( 'post' ) ) );
		wp_set_current_user( 1 );
	}

	protected function tearDown(): void {
		delete_option( Podcast\Podcast_Show::OPTION );
		delete_option( Podcast\Podcast_Details::OPTION );
		delete_option( Post_Audio\Settings::OPTION );
		unset( $_GET['lang'] );
	}

	/**
	 * @testdox a 512 px image is refused on save with its reason and nothing sent with it is saved; a 1400 px PNG is saved and becomes the feed's itunes:image and <image>
	 */
	public function test_artwork_is_checked_on_save_and_used_by_the_feed(): void {
		$small   = circassian_test_image_attachment( circassian_test_image( 'small-cover.png', 512, 512 ) );
		$refused = Service\Connection::save(
			array(
				'podcast' => array(
					'title'   => 'Half saved',
					'artwork' => (string) $small,
				),
			)
		);
		self::assertInstanceOf( WP_Error::class, $refused );
		self::assertMatchesRegularExpression( '/^small-cover(-\d+)?\.png cannot be the podcast artwork: it is 512 × 512 pixels, and Apple Podcasts takes 1400 × 1400 to 3000 × 3000\. Nothing was saved\.$/', $refused->get_error_message() );
		self::assertSame( 0, Podcast\Podcast_Show::get()['artwork'] );
		self::assertSame( '', Podcast\Podcast_Details::stored()['title'], 'the title sent with it was not saved' );
		$route = circassian_test_rest( 'POST', '/circassian/v1/settings', array( 'podcast' => array( 'artwork' => $small ) ) );
		self::assertSame( 400, $route->get_status(), 'the route refuses it too' );

		$cover = circassian_test_image_attachment( circassian_test_image( 'show-cover.png', 1400, 1400 ) );
		self::assertTrue( Service\Connection::save( array( 'podcast' => array( 'artwork' => (string) $cover ) ) ) );
		self::assertSame( $cover, Podcast\Podcast_Show::get()['artwork'] );
		$feed = self::feed( 'kbd' );
		$url  = (string) wp_get_attachment_url( $cover );
		self::assertStringContainsString( '<itunes:image href="' . esc_url( $url ) . '"/>', $feed );
		self::assertStringContainsString( '<image><url>' . esc_url( $url ) . '</url>', $feed );
		self::assertTrue( Service\Connection::save( array( 'podcast' => array( 'artwork' => '0' ) ) ) );
		self::assertStringEndsWith( '/images/podcast-cover.png', Podcast\Podcast_Feed::image(), 'removed: the plugin’s cover again' );
		wp_delete_attachment( $small, true );
		wp_delete_attachment( $cover, true );
	}

	/**
	 * @testdox the category is Education > Language Learning until another of Apple's is chosen, nested as Apple asks; one not on Apple's list is refused; itunes:explicit is false until set
	 */
	public function test_category_and_explicit(): void {
		$feed = self::feed( 'kbd' );
		self::assertStringContainsString( '<itunes:category text="Education"><itunes:category text="Language Learning"/></itunes:category>', $feed );
		self::assertStringContainsString( '<itunes:explicit>false</itunes:explicit>', $feed );
		foreach ( array( 'Arts > Poetry', 'Poetry', 'Education > Books' ) as $bad ) {
			$refused = Service\Connection::save( array( 'podcast' => array( 'category' => $bad ) ) );
			self::assertSame( "Not one of Apple Podcasts’ categories: $bad.", $refused->get_error_message(), $bad );
		}
		$books = array(
			'category' => 'Arts > Books',
			'explicit' => '1',
		);
		self::assertTrue( Service\Connection::save( array( 'podcast' => $books ) ) );
		$feed = self::feed( 'kbd' );
		self::assertStringContainsString( '<itunes:category text="Arts"><itunes:category text="Books"/></itunes:category>', $feed );
		self::assertStringContainsString( '<itunes:explicit>true</itunes:explicit>', $feed );
		self::assertTrue( Service\Connection::save( array( 'podcast' => array( 'category' => 'History' ) ) ) );
		self::assertStringContainsString( '<itunes:category text="History"></itunes:category>', self::feed( 'kbd' ) );
		$route = circassian_test_rest( 'POST', '/circassian/v1/settings', array( 'podcast' => array( 'explicit' => false ) ) );
		self::assertSame( 200, $route->get_status() );
		self::assertStringContainsString( '<itunes:explicit>false</itunes:explicit>', self::feed( 'kbd' ) );
	}

	/**
	 * @testdox the Kabardian and Adyghe feeds declare <language>ru</language> until another two-letter language is chosen; the true code only when chosen; the Russian feed declares ru
	 */
	public function test_the_declared_language(): void {
		self::assertStringContainsString( '<language>ru</language>', self::feed( 'kbd' ) );
		self::assertStringContainsString( '<language>ru</language>', self::feed( 'ady' ) );
		self::assertStringContainsString( '<language>en</language>', self::feed( 'en' ) );
		self::assertTrue( Service\Connection::save( array( 'podcast' => array( 'declared' => array( 'ady' => 'tr' ) ) ) ) );
		self::assertStringContainsString( '<language>tr</language>', self::feed( 'ady' ) );
		self::assertStringContainsString( '<language>ru</language>', self::feed( 'kbd' ), 'each feed its own' );
		self::assertTrue( Service\Connection::save( array( 'podcast' => array( 'declared' => array( 'kbd' => 'kbd' ) ) ) ) );
		self::assertStringContainsString( '<language>kbd</language>', self::feed( 'kbd' ) );
		foreach ( array( array( 'kbd' => 'ady' ), array( 'kbd' => 'xx' ), array( 'ru' => 'en' ) ) as $bad ) {
			self::assertInstanceOf( WP_Error::class, Service\Connection::save( array( 'podcast' => array( 'declared' => $bad ) ) ), wp_json_encode( $bad ) );
		}
		self::assertSame( 'tr', Podcast\Podcast_Show::declared_language( 'ady' ), 'kept after refusals' );
	}

	private static function feed( string $language ): string {
		$_GET['lang'] = $language; // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- the feed's own query, as a visit sends it.
		ob_start();
		Podcast\Podcast_Feed::render();
		return (string) ob_get_clean();
	}
}
