<?php
/**
 * Reads each quota_exceeded message of the shared vectors (JSON on stdin) with Quota_Reading and
 * prints the readings as JSON, so the test can hold PHP's decision against core's. Loads only the
 * class (no WordPress). argv[1] is the clock (Unix seconds).
 */
use Circassian\Service;

define( 'ABSPATH', __DIR__ . '/' );
require dirname( __DIR__, 2 ) . '/includes/Service/Quota_Reading.php';

$circassian_now      = (int) ( $argv[1] ?? time() );
$circassian_vectors  = json_decode( (string) file_get_contents( 'php://stdin' ), true );
$circassian_readings = array();
foreach ( $circassian_vectors as $circassian_vector ) {
	$circassian_readings[] = Service\Quota_Reading::read( $circassian_vector['message'], $circassian_vector['operation'] ?? null, $circassian_now );
}
echo json_encode( $circassian_readings ) . "\n";
