<?php
/**
 * A new user of a role.
 */

function circassian_test_user( string $role ): int {
	return (int) wp_insert_user(
		array(
			'user_login' => $role . '-' . wp_rand(),
			'user_pass'  => wp_generate_password(),
			'role'       => $role,
		)
	);
}
