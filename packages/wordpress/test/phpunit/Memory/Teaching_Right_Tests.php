<?php
/**
 * Teaching_Right: who may teach the memory what everyone gets back.
 */
use Circassian\Memory;
use PHPUnit\Framework\TestCase;

final class Teaching_Right_Tests extends TestCase {

	/**
	 * @testdox Editors and above may teach the memory, Authors and Contributors may not; a role that names the capability decides, and the filter has the last word
	 */
	public function test_editors_and_above_teach_and_the_site_may_say_otherwise(): void {
		$users = array();
		foreach ( array( 'administrator', 'editor', 'author', 'contributor', 'subscriber' ) as $role ) {
			$users[ $role ] = circassian_test_user( $role );
		}
		self::assertSame(
			array(
				'administrator' => true,
				'editor'        => true,
				'author'        => false,
				'contributor'   => false,
				'subscriber'    => false,
			),
			array_map( array( Memory\Teaching_Right::class, 'may_teach' ), $users )
		);
		get_role( 'author' )->add_cap( Memory\Teaching_Right::CAPABILITY );
		get_role( 'editor' )->add_cap( Memory\Teaching_Right::CAPABILITY, false );
		clean_user_cache( $users['author'] );
		clean_user_cache( $users['editor'] );
		self::assertSame( array( true, false ), array( Memory\Teaching_Right::may_teach( $users['author'] ), Memory\Teaching_Right::may_teach( $users['editor'] ) ), 'the roles decide' );
		get_role( 'author' )->remove_cap( Memory\Teaching_Right::CAPABILITY );
		get_role( 'editor' )->remove_cap( Memory\Teaching_Right::CAPABILITY );
		$only_admins = static fn( bool $granted, WP_User $user ): bool => $granted && in_array( 'administrator', $user->roles, true );
		add_filter( 'circassian_may_teach_memory', $only_admins, 10, 2 );
		clean_user_cache( $users['editor'] );
		self::assertSame( array( true, false ), array( Memory\Teaching_Right::may_teach( $users['administrator'] ), Memory\Teaching_Right::may_teach( $users['editor'] ) ), 'the filter' );
		remove_filter( 'circassian_may_teach_memory', $only_admins );
		self::assertFalse( Memory\Teaching_Right::may_teach( 0 ), 'nobody' );
	}
}
