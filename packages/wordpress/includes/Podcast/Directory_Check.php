<?php
/**
 * "Check the feed as a directory would": fetches what Apple Podcasts and Spotify fetch when a
 * show is submitted, from this server, and says in plain words what they would refuse: the newest
 * episode's audio (HEAD answered with its type and the enclosure's length; a byte-range request
 * answered 206, which Apple requires), the artwork (type, pixels, colours, read from the image
 * downloaded), the episode's format and the feed's declared language.
 *
 * Byte ranges and HEAD are answered by the site's web server (Apache, nginx, a host's CDN), not by
 * this plugin, which only writes the files into the uploads folder: a failure says so.
 *
 * @package Circassian
 */

namespace Circassian\Podcast;

defined( 'ABSPATH' ) || exit;

final class Directory_Check {

	/** The two bytes a range request asks for, as players and directories ask for the start of a file. */
	private const RANGE = 'bytes=0-1';

	/**
	 * Runs every check on one language's feed.
	 *
	 * @return array{passed: bool, checks: list<array{check: string, passed: bool, message: string}>}
	 */
	public static function run( string $language ): array {
		$checks = array( self::language( $language ) );
		$latest = Episode_Enclosure::latest( $language );
		if ( null === $latest ) {
			$checks[] = self::result( 'episode', false, __( 'This feed has no episode yet: directories refuse a show without one.', 'circassian' ) );
		} else {
			$enclosure = $latest['enclosure'];
			$checks[]  = self::format( $enclosure['type'] );
			$checks[]  = self::judge_head( wp_remote_head( $enclosure['url'], self::request() ), $enclosure );
			$range     = wp_remote_get(
				$enclosure['url'],
				self::request() + array(
					'headers'             => array( 'Range' => self::RANGE ),
					// A server that ignores the range sends the whole file: the start is enough to tell.
					'limit_response_size' => 65536,
				)
			);
			$checks[] = self::judge_range( $range, $enclosure );
		}
		$checks[] = self::artwork( Podcast_Feed::image() );
		return array(
			'passed' => ! in_array( false, array_column( $checks, 'passed' ), true ),
			'checks' => $checks,
		);
	}

	/**
	 * What Apple asks of the answer to HEAD: 200, the enclosure's type, its length in bytes.
	 *
	 * @param array<string, mixed>|\WP_Error                $response  The answer to HEAD.
	 * @param array{url: string, type: string, length: int} $enclosure What the feed declares.
	 * @return array{check: string, passed: bool, message: string}
	 */
	public static function judge_head( array|\WP_Error $response, array $enclosure ): array {
		if ( is_wp_error( $response ) ) {
			/* translators: 1: the address, 2: the error. */
			return self::result( 'head', false, sprintf( __( 'The episode’s audio (%1$s) could not be fetched: %2$s. Directories cannot fetch it either.', 'circassian' ), $enclosure['url'], $response->get_error_message() ) );
		}
		$code     = (int) wp_remote_retrieve_response_code( $response );
		$type     = strtolower( trim( explode( ';', (string) wp_remote_retrieve_header( $response, 'content-type' ) )[0] ) );
		$length   = (string) wp_remote_retrieve_header( $response, 'content-length' );
		$problems = array();
		if ( 200 !== $code ) {
			/* translators: %d: HTTP status. */
			$problems[] = sprintf( __( 'it answered %d, not 200', 'circassian' ), $code );
		}
		if ( $type !== $enclosure['type'] ) {
			/* translators: 1: the type the server sent, 2: the enclosure's type. */
			$problems[] = sprintf( __( 'it names the type “%1$s”, and the feed says %2$s', 'circassian' ), $type, $enclosure['type'] );
		}
		if ( (string) $enclosure['length'] !== $length ) {
			/* translators: 1: the length the server sent, 2: the enclosure's length. */
			$problems[] = sprintf( __( 'it gives the length “%1$s” bytes, and the feed says %2$d', 'circassian' ), $length, $enclosure['length'] );
		}
		if ( ! $problems ) {
			/* translators: 1: the type, 2: length in bytes. */
			return self::result( 'head', true, sprintf( __( 'The web server answers a HEAD request for the newest episode with 200, %1$s and its length, %2$d bytes, as the feed says.', 'circassian' ), $type, $enclosure['length'] ) );
		}
		/* translators: %s: the problems, joined by semicolons. */
		return self::result( 'head', false, sprintf( __( 'Apple Podcasts would refuse the newest episode’s audio: asked with HEAD, %s. HEAD requests are answered by the site’s web server, not by this plugin: ask your host.', 'circassian' ), implode( __( '; ', 'circassian' ), $problems ) ) );
	}

	/**
	 * What Apple asks of a byte-range request: 206 Partial Content, with the two bytes asked.
	 *
	 * @param array<string, mixed>|\WP_Error                $response  The answer to `Range: bytes=0-1`.
	 * @param array{url: string, type: string, length: int} $enclosure What the feed declares.
	 * @return array{check: string, passed: bool, message: string}
	 */
	public static function judge_range( array|\WP_Error $response, array $enclosure ): array {
		$code  = is_wp_error( $response ) ? 0 : (int) wp_remote_retrieve_response_code( $response );
		$range = is_wp_error( $response ) ? '' : (string) wp_remote_retrieve_header( $response, 'content-range' );
		if ( 206 === $code && sprintf( 'bytes 0-1/%d', $enclosure['length'] ) === $range ) {
			return self::result( 'range', true, __( 'The web server answers byte-range requests (206 Partial Content), as Apple Podcasts requires.', 'circassian' ) );
		}
		if ( is_wp_error( $response ) ) {
			$answer = $response->get_error_message();
		} elseif ( '' === $range ) {
			/* translators: %d: HTTP status. */
			$answer = sprintf( __( 'it answered %d with the whole file, not 206 with the two bytes asked', 'circassian' ), $code );
		} else {
			/* translators: 1: HTTP status, 2: the Content-Range header sent. */
			$answer = sprintf( __( 'it answered %1$d with Content-Range “%2$s”, not 206 with the two bytes asked', 'circassian' ), $code, $range );
		}
		/* translators: %s: what the server answered. */
		return self::result( 'range', false, sprintf( __( 'Apple Podcasts would refuse the episodes: asked for a byte range, the web server did not send one (%s). Byte ranges are answered by the site’s web server (Apache, nginx, the host), not by this plugin: ask your host to serve the uploads folder with byte ranges.', 'circassian' ), $answer ) );
	}

	/**
	 * @return array{check: string, passed: bool, message: string}
	 */
	private static function format( string $type ): array {
		if ( 'audio/mpeg' === $type ) {
			return self::result( 'format', true, __( 'The episodes are MP3, which Apple Podcasts and Spotify take.', 'circassian' ) );
		}
		return self::result( 'format', false, __( 'The episodes are WAV: Apple Podcasts and Spotify take MP3 or AAC, and would refuse them. Without lame or ffmpeg on the server, your browser encodes them to MP3 on this settings page: reload it, and keep it open until it says the episodes are encoded.', 'circassian' ) );
	}

	/**
	 * @return array{check: string, passed: bool, message: string}
	 */
	private static function language( string $language ): array {
		$declared = Podcast_Show::declared_language( $language );
		if ( 1 === preg_match( '/^[a-z]{2}$/', $declared ) ) {
			/* translators: %s: the declared language code. */
			return self::result( 'language', true, sprintf( __( 'The feed declares the language “%s”: two letters, as Apple Podcasts takes.', 'circassian' ), $declared ) );
		}
		/* translators: %s: the declared language code. */
		return self::result( 'language', false, sprintf( __( 'The feed declares the language “%s”: Apple Podcasts takes only two-letter codes and would refuse the feed. Choose the language it declares below.', 'circassian' ), $declared ) );
	}

	/**
	 * Downloads the artwork as a directory would and checks the image itself.
	 *
	 * @return array{check: string, passed: bool, message: string}
	 */
	private static function artwork( string $url ): array {
		$response = wp_remote_get( $url, self::request() );
		$code     = is_wp_error( $response ) ? 0 : (int) wp_remote_retrieve_response_code( $response );
		if ( 200 !== $code ) {
			/* translators: 1: the address, 2: HTTP status or error. */
			return self::result( 'artwork', false, sprintf( __( 'The artwork (%1$s) could not be fetched (%2$s): directories would refuse the show.', 'circassian' ), $url, is_wp_error( $response ) ? $response->get_error_message() : (string) $code ) );
		}
		// Under its own extension, which the check compares with the type (wp_tempnam() is not loaded in REST requests).
		$path = get_temp_dir() . 'circassian-artwork-' . wp_generate_password( 12, false ) . '.' . strtolower( pathinfo( (string) wp_parse_url( $url, PHP_URL_PATH ), PATHINFO_EXTENSION ) );
		file_put_contents( $path, wp_remote_retrieve_body( $response ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- a temporary copy, removed below.
		$checked = Podcast_Artwork::check_file( $path );
		$size    = @getimagesize( $path ); // phpcs:ignore Generic.PHP.NoSilencedErrors.Discouraged -- answered by check_file().
		wp_delete_file( $path );
		if ( is_wp_error( $checked ) ) {
			/* translators: %s: why the image is refused. */
			return self::result( 'artwork', false, sprintf( __( 'Apple Podcasts would refuse the artwork: %s', 'circassian' ), $checked->get_error_message() ) );
		}
		/* translators: 1: width, 2: height, 3: image type. */
		return self::result( 'artwork', true, sprintf( __( 'The artwork is %1$d × %2$d pixels, %3$s, in RGB, as Apple Podcasts asks.', 'circassian' ), $size[0], $size[1], $size['mime'] ) );
	}

	/**
	 * @return array<string, mixed> What every request of the check sends.
	 */
	private static function request(): array {
		return array(
			'timeout'     => 15,
			'redirection' => 3,
		);
	}

	/**
	 * @return array{check: string, passed: bool, message: string}
	 */
	private static function result( string $check, bool $passed, string $message ): array {
		return array(
			'check'   => $check,
			'passed'  => $passed,
			'message' => $message,
		);
	}
}
