<?php
/**
 * Directory_Check: what it makes of a web server's answers to HEAD and to a byte-range request.
 * The answers are given as WordPress's HTTP API returns them; the real server's answers (PHP's
 * built-in server, which ignores ranges) are in test/e2e/wordpress/podcast-feed.test.ts.
 */
use Circassian\Podcast;
use PHPUnit\Framework\TestCase;

final class Directory_Check_Tests extends TestCase {

	private const ENCLOSURE = array(
		'url'    => 'https://example.test/wp-content/uploads/episode.mp3',
		'type'   => 'audio/mpeg',
		'length' => 12345,
	);

	/**
	 * @testdox HEAD passes with 200, the enclosure's type and its length; a wrong type, length or status is each named, and the web server is named as the one to fix it
	 */
	public function test_head(): void {
		self::assertTrue( Podcast\Directory_Check::judge_head( self::answer( 200, 'audio/mpeg', '12345' ), self::ENCLOSURE )['passed'] );
		$refused = Podcast\Directory_Check::judge_head( self::answer( 200, 'application/octet-stream', '999' ), self::ENCLOSURE );
		self::assertFalse( $refused['passed'] );
		self::assertSame( 'Apple Podcasts would refuse the newest episode’s audio: asked with HEAD, it names the type “application/octet-stream”, and the feed says audio/mpeg; it gives the length “999” bytes, and the feed says 12345. HEAD requests are answered by the site’s web server, not by this plugin: ask your host.', $refused['message'] );
		self::assertStringContainsString( 'it answered 405, not 200', Podcast\Directory_Check::judge_head( self::answer( 405, 'audio/mpeg', '12345' ), self::ENCLOSURE )['message'] );
		self::assertStringContainsString( 'could not be fetched: refused', Podcast\Directory_Check::judge_head( new WP_Error( 'http_request_failed', 'refused' ), self::ENCLOSURE )['message'] );
	}

	/**
	 * @testdox a byte range passes only as 206 with the two bytes asked; a server that sends the whole file (200) is refused, saying byte ranges come from the web server, not the plugin
	 */
	public function test_range(): void {
		self::assertTrue( Podcast\Directory_Check::judge_range( self::answer( 206, 'audio/mpeg', '2', 'bytes 0-1/12345' ), self::ENCLOSURE )['passed'] );
		$other = Podcast\Directory_Check::judge_range( self::answer( 206, 'audio/mpeg', '2', 'bytes 0-1/999' ), self::ENCLOSURE );
		self::assertFalse( $other['passed'], 'another file’s length' );
		self::assertStringContainsString( 'it answered 206 with Content-Range “bytes 0-1/999”, not 206 with the two bytes asked', $other['message'] );
		$whole = Podcast\Directory_Check::judge_range( self::answer( 200, 'audio/mpeg', '12345' ), self::ENCLOSURE );
		self::assertFalse( $whole['passed'] );
		self::assertStringContainsString( 'it answered 200 with the whole file, not 206 with the two bytes asked', $whole['message'] );
		self::assertStringContainsString( 'Byte ranges are answered by the site’s web server (Apache, nginx, the host), not by this plugin', $whole['message'] );
	}

	/**
	 * An answer as wp_remote_request() returns it.
	 *
	 * @return array<string, mixed>
	 */
	private static function answer( int $code, string $type, string $length, string $range = '' ): array {
		$headers = array(
			'content-type'   => $type,
			'content-length' => $length,
		);
		if ( '' !== $range ) {
			$headers['content-range'] = $range;
		}
		return array(
			'headers'  => new WpOrg\Requests\Utility\CaseInsensitiveDictionary( $headers ),
			'body'     => '',
			'response' => array(
				'code'    => $code,
				'message' => '',
			),
		);
	}
}
