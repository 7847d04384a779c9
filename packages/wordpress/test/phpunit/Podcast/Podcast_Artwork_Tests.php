<?php
/**
 * Podcast_Artwork: images drawn here, held to Apple Podcasts' artwork rules.
 */
use Circassian\Podcast;
use PHPUnit\Framework\TestCase;

final class Podcast_Artwork_Tests extends TestCase {

	/**
	 * @testdox a 1400 px square RGB PNG and a 3000 px JPEG pass; a 512 px PNG, a 3200 px one, a 1500 × 1400 one, a GIF, a PNG named .jpg and a CMYK JPEG are refused, each with its reason in words
	 */
	public function test_apples_rules_each_with_its_reason(): void {
		self::assertTrue( Podcast\Podcast_Artwork::check_file( circassian_test_image( 'cover-1400.png', 1400, 1400 ) ) );
		self::assertTrue( Podcast\Podcast_Artwork::check_file( circassian_test_image( 'cover-3000.jpg', 3000, 3000 ) ) );
		$refusals = array(
			'icon-512.png'   => array( circassian_test_image( 'icon-512.png', 512, 512 ), 'it is 512 × 512 pixels, and Apple Podcasts takes 1400 × 1400 to 3000 × 3000' ),
			'cover-3200.png' => array( circassian_test_image( 'cover-3200.png', 3200, 3200 ), 'it is 3200 × 3200 pixels' ),
			'wide.png'       => array( circassian_test_image( 'wide.png', 1500, 1400 ), 'it is 1500 × 1400 pixels, and the artwork must be square' ),
			'cover.gif'      => array( self::gif(), 'it is image/gif, and podcast apps take JPEG or PNG only' ),
			'png-named.jpg'  => array( self::renamed( circassian_test_image( 'real.png', 1400, 1400 ), 'png-named.jpg' ), 'its name does not end in .png, as its type asks' ),
			'print.jpg'      => array( circassian_test_cmyk_jpeg( 'print.jpg', 1400 ), 'it is in CMYK colours (for print), and podcast apps take RGB' ),
		);
		foreach ( $refusals as $name => [ $file, $reason ] ) {
			$refused = Podcast\Podcast_Artwork::check_file( $file );
			self::assertInstanceOf( WP_Error::class, $refused, $name );
			self::assertStringContainsString( wp_basename( $file ) . ' cannot be the podcast artwork: ', $refused->get_error_message(), $name );
			self::assertStringContainsString( $reason, $refused->get_error_message(), $name );
		}
		$not_image = circassian_test_file( 'not an image' );
		self::assertStringContainsString( 'is not an image file', Podcast\Podcast_Artwork::check_file( $not_image )->get_error_message() );
	}

	/**
	 * @testdox the feed's image is the plugin's own 1400 px cover until artwork is saved, never the site icon (cropped to 512 px); the cover itself passes
	 */
	public function test_the_default_cover_passes_and_the_site_icon_is_not_used(): void {
		delete_option( Podcast\Podcast_Show::OPTION );
		$icon = circassian_test_image_attachment( circassian_test_image( 'site-icon.png', 512, 512 ) );
		update_option( 'site_icon', $icon );
		self::assertStringEndsWith( '/images/podcast-cover.png', Podcast\Podcast_Feed::image() );
		self::assertTrue( Podcast\Podcast_Artwork::check_file( dirname( Circassian\PLUGIN_FILE ) . '/images/podcast-cover.png' ) );
		delete_option( 'site_icon' );
		wp_delete_attachment( $icon, true );
	}

	private static function gif(): string {
		$file  = wp_upload_dir()['path'] . '/cover.gif';
		$image = imagecreate( 1400, 1400 );
		imagecolorallocate( $image, 30, 110, 60 );
		imagegif( $image, $file );
		register_shutdown_function( 'wp_delete_file', $file );
		return $file;
	}

	private static function renamed( string $file, string $name ): string {
		$to = dirname( $file ) . '/' . $name;
		rename( $file, $to );
		register_shutdown_function( 'wp_delete_file', $to );
		return $to;
	}
}
