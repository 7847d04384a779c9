<?php
/**
 * Speech jobs started and aged for the job tests.
 */
use PHPUnit\Framework\Assert;

/** A long speech job started as the administrator; its id. */
function circassian_test_long_job(): string {
	wp_set_current_user( 1 );
	circassian_test_admin( 'DELETE', '/admin/faults' );
	$response = circassian_test_rest( 'POST', '/circassian/v1/speech', array( 'text' => trim( str_repeat( 'Адыгэбзэр бзэ дахэщ. ', 90 ) ) ) );
	Assert::assertSame( 200, $response->get_status(), 'start' );
	Assert::assertSame( 'running', $response->get_data()['status'] );
	return $response->get_data()['job'];
}

/** Changes a stored job record (as time passing would). */
function circassian_test_job_update( string $id, array $changes ): void {
	update_option( 'circassian_job_' . $id, array_merge( get_option( 'circassian_job_' . $id ), $changes ), false );
}
