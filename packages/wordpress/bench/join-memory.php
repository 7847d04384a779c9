<?php
/**
 * `php join-memory.php CHARS MODE DIR`: writes the WAV parts the local service makes for CHARS
 * characters of speech (16 kHz, 16-bit mono, 15 characters a second at the default speed 0.85,
 * one part per 20000 characters), joins them (MODE stream: the plugin's Wav::join; memory: the
 * former in-memory join, as a baseline) and prints {"peak": bytes, "bytes": size, "seconds": s}.
 * Peak memory is measured from after the parts are written.
 */
use Circassian\Audio;

define( 'ABSPATH', __DIR__ . '/' );
function __( string $text ): string {
	return $text;
}
function wp_delete_file( string $file ): void {
	@unlink( $file ); // phpcs:ignore
}
class WP_Error {
	public function __construct( public string $code = '', public string $message = '', public mixed $data = null ) {}
}
function is_wp_error( mixed $thing ): bool {
	return $thing instanceof WP_Error;
}
require dirname( __DIR__ ) . '/includes/Audio/Wav.php';

[ , $chars, $mode, $dir ] = $argv;
$rate                     = 16000;
$format                   = pack( 'vvVVvv', 1, 1, $rate, $rate * 2, 2, 16 );
$files                    = array();
$second                   = str_repeat( "\x10\x00", $rate );
for ( $left = (int) $chars, $i = 0; $left > 0; $left -= 20000, $i++ ) {
	$samples = (int) round( min( 20000, $left ) / ( 15 * 0.85 ) * $rate );
	$file    = "{$dir}/part-{$i}.wav";
	$out     = fopen( $file, 'wb' );
	fwrite( $out, 'RIFF' . pack( 'V', 36 + 2 * $samples ) . 'WAVEfmt ' . pack( 'V', 16 ) . $format . 'data' . pack( 'V', 2 * $samples ) );
	for ( $n = $samples; $n > 0; $n -= $rate ) {
		fwrite( $out, $n >= $rate ? $second : substr( $second, 0, 2 * $n ) );
	}
	fclose( $out );
	$files[] = $file;
}
$target = "{$dir}/joined.wav";
memory_reset_peak_usage();
$base = memory_get_usage();
if ( 'stream' === $mode ) {
	$seconds = Audio\Wav::join( $files, $target );
} else {
	// The join before: every part read into memory, the samples concatenated, the file built in one string.
	$data = '';
	foreach ( $files as $file ) {
		$data .= substr( (string) file_get_contents( $file ), 44 );
	}
	$joined = 'RIFF' . pack( 'V', 36 + strlen( $data ) ) . 'WAVEfmt ' . pack( 'V', 16 ) . $format . 'data' . pack( 'V', strlen( $data ) ) . $data;
	file_put_contents( $target, $joined );
	$seconds = strlen( $data ) / ( 2 * $rate );
}
echo json_encode(
	array(
		'peak'    => memory_get_peak_usage() - $base,
		'bytes'   => filesize( $target ),
		'seconds' => $seconds,
	)
) . "\n";
