<?php
/**
 * Service_Policies: the service's terms and privacy addresses, and the privacy policy guide's text.
 */
use Circassian\Service;
use PHPUnit\Framework\TestCase;

final class Service_Policies_Tests extends TestCase {

	/**
	 * @testdox the terms and privacy addresses are stored from the route, cleared with an empty value, and a non-address is refused with nothing stored
	 */
	public function test_the_terms_and_privacy_addresses_are_stored_from_the_route_cleared_with(): void {
		wp_set_current_user( 1 );
		$saved = circassian_test_rest(
			'POST',
			'/circassian/v1/settings',
			array(
				'terms_url'   => 'https://service.example/terms',
				'privacy_url' => 'https://service.example/privacy',
			)
		);
		self::assertSame( 200, $saved->get_status(), 'save' );
		self::assertSame( 'https://service.example/terms', $saved->get_data()['terms_url'] );
		self::assertSame( 'https://service.example/privacy', circassian_test_rest( 'GET', '/circassian/v1/settings' )->get_data()['privacy_url'] );
		foreach ( array( 'javascript:alert(1)', 'not an address', 'ftp://service.example/terms' ) as $bad ) {
			$refused = circassian_test_rest(
				'POST',
				'/circassian/v1/settings',
				array(
					'terms_url' => $bad,
					'speed'     => 1.5,
				)
			);
			self::assertSame( 400, $refused->get_status(), $bad );
		}
		self::assertSame( 'https://service.example/terms', Service\Service_Policies::settings()['terms_url'], 'kept after refusals' );
		// Through the form's path too (Connection::save), where no schema runs first.
		self::assertTrue( is_wp_error( Service\Connection::save( array( 'privacy_url' => 'javascript:alert(1)' ) ) ), 'form path accepted a script address' );
		self::assertSame( 'https://service.example/privacy', Service\Service_Policies::settings()['privacy_url'] );
		circassian_test_rest( 'POST', '/circassian/v1/settings', array( 'terms_url' => '' ) );
		self::assertSame( '', Service\Service_Policies::settings()['terms_url'], 'cleared' );
		self::assertSame( 'https://service.example/privacy', Service\Service_Policies::settings()['privacy_url'], 'the other stays' );
	}

	/**
	 * @testdox the privacy policy guide gets the plugin's text with the addresses filled in, or asks the owner to fill them in
	 */
	public function test_the_privacy_policy_guide_gets_the_plugin_s_text_with_the_addresses(): void {
		require_once ABSPATH . 'wp-admin/includes/admin.php';
		Service\Service_Policies::save(
			array(
				'terms_url'   => '',
				'privacy_url' => '',
			)
		);
		self::assertTrue( str_contains( Service\Service_Policies::policy_text(), 'Settings > Circassian' ), 'no request to fill them in' );
		Service\Service_Policies::save(
			array(
				'terms_url'   => 'https://service.example/terms',
				'privacy_url' => 'https://service.example/privacy',
			)
		);
		$text = Service\Service_Policies::policy_text();
		self::assertTrue( str_contains( $text, 'href="https://service.example/terms"' ), 'terms link' );
		self::assertTrue( str_contains( $text, 'href="https://service.example/privacy"' ), 'privacy link' );
		self::assertTrue( ! str_contains( $text, 'Settings > Circassian' ), 'still asks for the addresses' );
		self::assertTrue( str_contains( $text, 'published or updated' ), 'post audio on publish is not disclosed' );
		// As in the admin: the guide takes contributions on admin_init only.
		set_current_screen( 'options-privacy' );
		do_action( 'admin_init' );
		$found = array_filter( WP_Privacy_Policy_Content::get_suggested_policy_text(), static fn( $item ) => 'Circassian' === $item['plugin_name'] );
		self::assertSame( 1, count( $found ), 'suggested policy entries' );
		self::assertTrue( str_contains( (string) array_values( $found )[0]['policy_text'], 'https://service.example/privacy' ), 'the guide lacks the address' );
	}
}
