<?php
/**
 * Prints, as JSON, what the test holds against the editor script: the site's own refusals the
 * PHP answers with (the service's and a client's error types are generated from
 * shared/service.json for both). Loads only the class (no WordPress).
 */
use Circassian\Service;

define( 'ABSPATH', __DIR__ . '/' );
require dirname( __DIR__, 2 ) . '/includes/Service/Service_Error.php';
echo json_encode( array( 'siteTypes' => Service\Service_Error::SITE_TYPES ) ) . "\n";
