<?php
/**
 * Real image files for the podcast artwork tests, drawn with GD and put in the Media Library.
 */

/** A PNG or JPEG of $width × $height pixels (RGB), at $name in the uploads folder. */
function circassian_test_image( string $name, int $width, int $height ): string {
	$image = imagecreatetruecolor( $width, $height );
	imagefill( $image, 0, 0, (int) imagecolorallocate( $image, 30, 110, 60 ) );
	$file = wp_upload_dir()['path'] . '/' . wp_unique_filename( wp_upload_dir()['path'], $name );
	str_ends_with( $name, '.png' ) ? imagepng( $image, $file ) : imagejpeg( $image, $file );
	register_shutdown_function( 'wp_delete_file', $file );
	return $file;
}

/**
 * A JPEG whose frame header declares four colour components, as a CMYK JPEG does. GD writes only
 * RGB (YCbCr) JPEGs and this machine has no Imagick, so the header of a real GD JPEG is rewritten
 * (a fourth component added to SOF0): what getimagesize() reads, and what Apple's check reads.
 */
function circassian_test_cmyk_jpeg( string $name, int $side ): string {
	$file  = circassian_test_image( $name, $side, $side );
	$bytes = (string) file_get_contents( $file );
	$sof   = strpos( $bytes, "\xFF\xC0" );
	$size  = unpack( 'n', substr( $bytes, $sof + 2, 2 ) )[1];
	$head  = substr( $bytes, $sof + 4, 5 ) . "\x04" . substr( $bytes, $sof + 10, $size - 8 ) . "\x04\x11\x01";
	file_put_contents( $file, substr( $bytes, 0, $sof ) . "\xFF\xC0" . pack( 'n', $size + 3 ) . $head . substr( $bytes, $sof + 2 + $size ) );
	return $file;
}

/** An image file as a Media Library item. */
function circassian_test_image_attachment( string $file ): int {
	$type = wp_check_filetype( $file )['type'];
	return (int) wp_insert_attachment(
		array(
			'post_mime_type' => $type,
			'post_title'     => wp_basename( $file ),
		),
		$file
	);
}
