<?php
/**
 * The podcast's artwork, held to what Apple Podcasts publishes (and Spotify follows): a JPEG or
 * PNG file with the matching extension, square, 1400 to 3000 pixels a side, in RGB. Checked
 * when it is chosen in the settings, so a refused image changes nothing and says why; the feed
 * shows only an image that passed.
 *
 * @package Circassian
 */

namespace Circassian\Podcast;

use Circassian\Post_Audio;
use WP_Error;

use const Circassian\PLUGIN_FILE;

defined( 'ABSPATH' ) || exit;

final class Podcast_Artwork {

	public const MIN_SIDE = 1400;
	public const MAX_SIDE = 3000;
	/** The extensions Apple names for each type it takes. */
	private const EXTENSIONS = array(
		'image/jpeg' => array( 'jpg', 'jpeg' ),
		'image/png'  => array( 'png' ),
	);
	/**
	 * Checks a Media Library image as podcast artwork.
	 */
	public static function check_attachment( int $id ): true | WP_Error {
		$file = $id > 0 && wp_attachment_is_image( $id ) ? get_attached_file( $id ) : false;
		if ( ! is_string( $file ) || ! is_readable( $file ) ) {
			/* translators: %d: the Media Library item's number. */
			return self::refused( sprintf( __( 'Media Library item %d is not an image this site has.', 'circassian' ), $id ) );
		}
		return self::check_file( $file );
	}

	/**
	 * Checks an image file: every reason it fails, in one message.
	 */
	public static function check_file( string $file ): true | WP_Error {
		$name = wp_basename( $file );
		$info = @getimagesize( $file ); // phpcs:ignore Generic.PHP.NoSilencedErrors.Discouraged -- a file that is no image is answered in words below.
		if ( false === $info ) {
			/* translators: %s: file name. */
			return self::refused( sprintf( __( '%s is not an image file.', 'circassian' ), $name ) );
		}
		[ $width, $height ] = $info;
		$type               = (string) $info['mime'];
		$problems           = array();
		if ( ! isset( self::EXTENSIONS[ $type ] ) ) {
			/* translators: %s: the image's type, such as image/webp. */
			$problems[] = sprintf( __( 'it is %s, and podcast apps take JPEG or PNG only', 'circassian' ), $type );
		} elseif ( ! in_array( strtolower( pathinfo( $file, PATHINFO_EXTENSION ) ), self::EXTENSIONS[ $type ], true ) ) {
			/* translators: %s: the extension the file should have, such as .png. */
			$problems[] = sprintf( __( 'its name does not end in %s, as its type asks', 'circassian' ), '.' . self::EXTENSIONS[ $type ][0] );
		}
		if ( $width !== $height ) {
			/* translators: 1: width in pixels, 2: height in pixels. */
			$problems[] = sprintf( __( 'it is %1$d × %2$d pixels, and the artwork must be square', 'circassian' ), $width, $height );
		} elseif ( $width < self::MIN_SIDE || $width > self::MAX_SIDE ) {
			/* translators: 1: width in pixels, 2: height in pixels, 3: smallest side, 4: largest side. */
			$problems[] = sprintf( __( 'it is %1$d × %2$d pixels, and Apple Podcasts takes %3$d × %3$d to %4$d × %4$d', 'circassian' ), $width, $height, self::MIN_SIDE, self::MAX_SIDE );
		}
		// A JPEG declares its channels: 4 is CMYK (made for print). PNG has no CMYK.
		if ( 'image/jpeg' === $type && 4 === (int) ( $info['channels'] ?? 3 ) ) {
			$problems[] = __( 'it is in CMYK colours (for print), and podcast apps take RGB: save it as RGB', 'circassian' );
		}
		if ( ! $problems ) {
			return true;
		}
		/* translators: 1: file name, 2: the reasons, joined by semicolons. */
		return self::refused( sprintf( __( '%1$s cannot be the podcast artwork: %2$s.', 'circassian' ), $name, implode( __( '; ', 'circassian' ), $problems ) ) );
	}

	/**
	 * The artwork's address: the image chosen in the settings ($id), else the plugin's own cover
	 * (1400 px, as Apple asks). The site icon is not used: WordPress crops it to 512 px, under
	 * Apple's minimum.
	 */
	public static function url( int $id ): string {
		$url = $id > 0 ? (string) wp_get_attachment_url( $id ) : '';
		return '' !== $url ? $url : plugins_url( 'images/podcast-cover.png', PLUGIN_FILE );
	}

	private static function refused( string $message ): WP_Error {
		return Post_Audio\Settings::invalid( $message );
	}
}
