<?php
/**
 * MP3 copies of post audio for the podcast feed: Apple Podcasts and Spotify take MP3 or AAC, not
 * the WAV the service makes. The site encodes with `lame` or `ffmpeg` when the server has one
 * (looked for on PATH and in /usr/bin, /usr/local/bin); without either the feed keeps WAV and the
 * settings page says what it takes, and the administrator's browser encodes them there
 * (REST\Podcast_Mp3_Controller). The MP3 lies beside the WAV (same name, .mp3), however it was
 * made, and goes with its attachment.
 *
 * @package Circassian
 */

namespace Circassian\Audio;

defined( 'ABSPATH' ) || exit;

final class Audio_Encoder {

	/** The encoders looked for, in order of preference. */
	public const TOOLS = array( 'lame', 'ffmpeg' );
	/** Spoken word: mono 64 kbit/s is what podcast hosts recommend for speech. */
	private const BITRATE_KBPS = 64;
	private const SEARCHED     = array( '/usr/bin', '/usr/local/bin', '/bin' );

	public static function hook(): void {
		add_action( 'delete_attachment', array( self::class, 'delete_copy' ) );
	}

	/**
	 * The encoder this server has: its name and path, or null. The filter `circassian_audio_encoder`
	 * may return null to leave a server's encoder unused (one that cannot run here, say, as a
	 * hosting sandbox may refuse proc_open); the episodes are then encoded in the browser.
	 *
	 * @return array{name: string, path: string}|null
	 */
	public static function available(): ?array {
		$found = apply_filters( 'circassian_audio_encoder', self::found() );
		return is_array( $found ) && isset( $found['name'], $found['path'] ) && is_string( $found['name'] ) && is_string( $found['path'] )
			? array(
				'name' => $found['name'],
				'path' => $found['path'],
			)
			: null;
	}

	/**
	 * The first encoder found on PATH and in the usual folders.
	 *
	 * @return array{name: string, path: string}|null
	 */
	private static function found(): ?array {
		$dirs = array_merge( array_filter( explode( PATH_SEPARATOR, (string) getenv( 'PATH' ) ) ), self::SEARCHED );
		foreach ( self::TOOLS as $name ) {
			foreach ( array_unique( $dirs ) as $dir ) {
				$path = rtrim( $dir, '/' ) . '/' . $name;
				if ( is_file( $path ) && is_executable( $path ) ) {
					return array(
						'name' => $name,
						'path' => $path,
					);
				}
			}
		}
		return null;
	}

	/** Where the MP3 copy of a WAV file lies. */
	public static function copy_path( string $wav ): string {
		return (string) preg_replace( '/\.wav$/i', '', $wav ) . '.mp3';
	}

	/**
	 * The MP3 copy of a WAV attachment, where the site made one: its address (beside the WAV's) and
	 * its file; null while there is none. The player and the podcast feed serve it before the WAV.
	 *
	 * @return array{url: string, file: string}|null
	 */
	public static function copy_of( int $attachment_id ): ?array {
		$file = get_attached_file( $attachment_id );
		$url  = (string) wp_get_attachment_url( $attachment_id );
		if ( ! is_string( $file ) || '' === $url || ! str_ends_with( strtolower( $file ), '.wav' ) || ! is_readable( self::copy_path( $file ) ) ) {
			return null;
		}
		return array(
			'url'  => dirname( $url ) . '/' . rawurlencode( basename( self::copy_path( $file ) ) ),
			'file' => self::copy_path( $file ),
		);
	}

	/**
	 * Encodes a WAV file into its MP3 copy; true when the copy exists afterwards. No shell is
	 * involved: the command is an argument list (proc_open), so no file name is ever interpreted.
	 */
	public static function encode( string $wav ): bool {
		$tool = self::available();
		if ( null === $tool || ! is_readable( $wav ) ) {
			return false;
		}
		$mp3     = self::copy_path( $wav );
		$partial = $mp3 . '.partial';
		$command = 'lame' === $tool['name']
			? array( $tool['path'], '--quiet', '-m', 'm', '-b', (string) self::BITRATE_KBPS, $wav, $partial )
			: array( $tool['path'], '-v', 'error', '-nostdin', '-y', '-i', $wav, '-ac', '1', '-codec:a', 'libmp3lame', '-b:a', self::BITRATE_KBPS . 'k', '-f', 'mp3', $partial );
		$quiet   = array(
			1 => array( 'file', '/dev/null', 'w' ),
			2 => array( 'file', '/dev/null', 'w' ),
		);
		// phpcs:ignore Generic.PHP.ForbiddenFunctions.Found, WordPress.PHP.DiscouragedPHPFunctions.system_calls_proc_open -- the encoder is the point; an argument list, no shell.
		$process = proc_open( $command, $quiet, $pipes );
		if ( ! is_resource( $process ) ) {
			return false;
		}
		$ok = 0 === proc_close( $process ) && is_file( $partial ) && filesize( $partial ) > 0;
		if ( $ok ) {
			rename( $partial, $mp3 ); // phpcs:ignore WordPress.WP.AlternativeFunctions.rename_rename -- a file in the uploads folder, made here.
		} elseif ( is_file( $partial ) ) {
			wp_delete_file( $partial );
		}
		return $ok;
	}

	/**
	 * Stores MP3 bytes made elsewhere (the administrator's browser, checked by Mp3_File) as the
	 * WAV's copy, where the server's encoder would have put it; true once it is there. Written to
	 * a partial file first, so the feed never serves half a copy.
	 */
	public static function store( string $wav, string $mp3_bytes ): bool {
		$mp3     = self::copy_path( $wav );
		$partial = $mp3 . '.partial';
		// phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents -- a file in the uploads folder, beside its WAV.
		if ( strlen( $mp3_bytes ) !== file_put_contents( $partial, $mp3_bytes ) ) {
			wp_delete_file( $partial );
			return false;
		}
		return rename( $partial, $mp3 ); // phpcs:ignore WordPress.WP.AlternativeFunctions.rename_rename -- a file in the uploads folder, made here.
	}

	/** The MP3 copy goes with its attachment. */
	public static function delete_copy( int $attachment_id ): void {
		$file = get_attached_file( $attachment_id );
		if ( is_string( $file ) && str_ends_with( strtolower( $file ), '.wav' ) && is_file( self::copy_path( $file ) ) ) {
			wp_delete_file( self::copy_path( $file ) );
		}
	}
}
