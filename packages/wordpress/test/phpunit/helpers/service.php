<?php
/**
 * The local service seen from PHP: a client of it, its faults and its call records.
 */
use Circassian\Service;

function circassian_test_client(): Service\Service_Client {
	$service = json_decode( (string) getenv( 'CIRCASSIAN_TEST_SERVICE' ), true );
	return new Service\Service_Client( $service['url'], $service['key'] );
}

function circassian_test_fault( string $operation, string $type, int $count ): void {
	circassian_test_admin( 'DELETE', '/admin/faults' );
	circassian_test_admin(
		'POST',
		'/admin/faults',
		array(
			'operation'  => $operation,
			'error_type' => $type,
			'count'      => $count,
		)
	);
}

function circassian_test_me_calls(): int {
	return count( circassian_test_admin( 'GET', '/admin/calls?operation=me' )['calls'] ?? array() );
}
