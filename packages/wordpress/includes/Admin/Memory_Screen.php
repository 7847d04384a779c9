<?php
/**
 * The Tools > Circassian screen's own: its address, the notice an action leaves for the next
 * load (user meta), and the check every action of it passes first (the capabilities, the nonce).
 * A leaf the screen's parts share: the memory's management (Memory_Page) and its review
 * (Memory_Review).
 *
 * @package Circassian
 */

namespace Circassian\Admin;

defined( 'ABSPATH' ) || exit;

final class Memory_Screen {

	public const SLUG        = 'circassian-memory';
	public const RESULT_META = 'circassian_memory_result';

	/**
	 * Stops an action of someone without every capability, or without the action's nonce.
	 *
	 * @param string ...$caps Every one is required.
	 */
	public static function guard( string $action, string ...$caps ): void {
		foreach ( $caps as $cap ) {
			if ( ! current_user_can( $cap ) ) {
				wp_die( esc_html__( 'Sorry, you are not allowed to manage the translation memory.', 'circassian' ), 403 );
			}
		}
		check_admin_referer( $action );
	}

	/**
	 * Back to the screen (filtered by a person, when one was chosen; at a search and its page, when
	 * given), with the action's result said there.
	 *
	 * @param array<string, string>                                  $query    More of the screen's own query (a search, its page).
	 * @param list<array{tu: int, reason: string, detail: string}> $left_out An import's units left out, listed under the message.
	 */
	public static function back( string $type, string $message, string $person = '', array $query = array(), array $left_out = array() ): never {
		update_user_meta(
			get_current_user_id(),
			self::RESULT_META,
			array(
				'type'     => $type,
				'message'  => $message,
				'left_out' => $left_out,
			)
		);
		$url = admin_url( 'tools.php?page=' . self::SLUG );
		$url = '' === $person ? $url : add_query_arg( 'person', rawurlencode( $person ), $url );
		wp_safe_redirect( $query ? add_query_arg( array_map( 'rawurlencode', $query ), $url ) : $url );
		exit;
	}

	/**
	 * The last action's result, once: it goes as it is read.
	 *
	 * @return array{type: string, message: string, left_out?: list<array{tu: int, reason: string, detail: string}>}|null
	 */
	public static function take_result(): ?array {
		$result = get_user_meta( get_current_user_id(), self::RESULT_META, true );
		delete_user_meta( get_current_user_id(), self::RESULT_META );
		return is_array( $result ) && isset( $result['type'], $result['message'] ) ? $result : null;
	}
}
