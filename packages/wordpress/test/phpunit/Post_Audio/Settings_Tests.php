<?php
/**
 * Post_Audio\Settings: the post types read aloud and the player's place.
 */
use Circassian\Post_Audio;
use PHPUnit\Framework\TestCase;

final class Post_Audio_Settings_Tests extends TestCase {

	/**
	 * @testdox the setting takes public post types and a known placement only, and a refusal changes nothing
	 */
	public function test_the_setting_takes_public_post_types_and_a_known_placement_only_and_a(): void {
		delete_option( Post_Audio\Settings::OPTION );
		self::assertSame(
			array(
				'post_types' => array(),
				'placement'  => 'before',
			),
			Post_Audio\Settings::get(),
			'default'
		);
		self::assertTrue( is_wp_error( Post_Audio\Settings::save( array( 'post_types' => array( 'post', 'wp_block' ) ) ) ), 'a post type that is not public' );
		self::assertTrue(
			is_wp_error(
				Post_Audio\Settings::save(
					array(
						'post_types' => array( 'post' ),
						'placement'  => 'top',
					)
				)
			),
			'an unknown placement'
		);
		self::assertSame( array(), Post_Audio\Settings::get()['post_types'], 'after refusals' );
		self::assertSame(
			true,
			Post_Audio\Settings::save(
				array(
					'post_types' => array( 'page', 'post' ),
					'placement'  => 'block',
				)
			)
		);
		self::assertSame(
			array(
				'post_types' => array( 'page', 'post' ),
				'placement'  => 'block',
			),
			Post_Audio\Settings::get()
		);
		delete_option( Post_Audio\Settings::OPTION );
	}
}
