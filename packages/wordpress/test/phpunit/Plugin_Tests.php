<?php
/**
 * Plugin: the routes it registers.
 */
use PHPUnit\Framework\TestCase;

final class Plugin_Tests extends TestCase {

	/**
	 * @testdox every route declares a permission callback and an args schema
	 */
	public function test_every_route_declares_a_permission_callback_and_an_args_schema(): void {
		$routes = rest_get_server()->get_routes( 'circassian/v1' );
		self::assertSame( 29, count( $routes ), 'routes' );
		foreach ( $routes as $route => $handlers ) {
			if ( '/circassian/v1' === $route ) {
				continue;
			}
			foreach ( $handlers as $handler ) {
				self::assertTrue( is_callable( $handler['permission_callback'] ?? null ), "{$route} has no permission_callback" );
				self::assertTrue( isset( $handler['args'] ) && is_array( $handler['args'] ), "{$route} has no args" );
			}
		}
	}
}
