<?php
/**
 * Route_Permissions: who may reach the settings routes.
 */
use Circassian\Service;
use PHPUnit\Framework\TestCase;

final class Route_Permissions_Tests extends TestCase {

	/**
	 * @testdox settings need manage_options on a single site (manage_network_options on multisite)
	 */
	public function test_settings_need_manage_options_on_a_single_site_manage_network_options(): void {
		self::assertSame( is_multisite() ? 'manage_network_options' : 'manage_options', Service\Settings::manage_capability() );
		wp_set_current_user( circassian_test_user( 'editor' ) );
		self::assertSame( 403, circassian_test_rest( 'POST', '/circassian/v1/settings', array( 'capability' => 'edit_posts' ) )->get_status() );
	}
}
