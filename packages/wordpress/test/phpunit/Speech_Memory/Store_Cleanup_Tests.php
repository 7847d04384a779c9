<?php
/**
 * Speech_Memory\Speech_Store and Store_Cleanup: a sentence kept and found by its key, one no post
 * uses removed after the grace period (with its file), one a post uses kept, and the size cap
 * removing the least recently used, unused ones first.
 */
use Circassian\Speech_Memory;
use PHPUnit\Framework\TestCase;

final class Speech_Memory_Store_Cleanup_Tests extends TestCase {

	/** Keeps a WAV of $samples under a key made of $text; its last use $days ago. */
	private static function kept( string $text, int $samples, int $days ): string {
		global $wpdb;
		$key  = Speech_Memory\Speech_Key::of( $text, array() );
		$kept = Speech_Memory\Speech_Store::put( $key, 'kbd', circassian_test_file( circassian_test_wav( $samples ) ) );
		self::assertIsArray( $kept );
		$wpdb->update( Speech_Memory\Speech_Table::name(), array( 'used' => gmdate( 'Y-m-d H:i:s', time() - $days * DAY_IN_SECONDS ) ), array( 'speech_key' => $key ) );
		return $key;
	}

	/**
	 * @testdox a kept sentence is found by its key with its seconds; a lost file makes it missing, not broken
	 */
	public function test_a_sentence_is_kept_and_found(): void {
		$key    = self::kept( 'Сэ кӀуэ.', 16000, 0 );
		$stored = Speech_Memory\Speech_Store::get( Speech_Memory\Speech_Key::of( '  Сэ кIуэ. ', array( 'speed' => 0.85 ) ) );
		self::assertIsArray( $stored, 'not found under a look-alike palochka and the default speed written out' );
		self::assertEqualsWithDelta( 1.0, $stored['duration'], 0.0001 );
		self::assertStringStartsWith( Speech_Memory\Speech_Store::folder() . '/', $stored['path'] );
		wp_delete_file( $stored['path'] );
		self::assertNull( Speech_Memory\Speech_Store::get( $key ), 'a row without its file was used' );
	}

	/**
	 * @testdox the clean-up removes sentences no post uses after the grace period, keeps those a post uses, and over the size cap removes the least recently used, unused first
	 */
	public function test_cleanup_applies_grace_and_cap(): void {
		$old_unused = self::kept( 'Зэ.', 1600, 40 );
		$new_unused = self::kept( 'ТӀу.', 1600, 1 );
		$old_used   = self::kept( 'Щы.', 1600, 90 );
		$post       = wp_insert_post( array( 'post_title' => 'Тхыгъэ' ) );
		update_post_meta( $post, Speech_Memory\Post_Timings::META, array( 'parts' => array( array( 'key' => $old_used ) ) ) );
		$old_file = Speech_Memory\Speech_Store::get( $old_unused )['path'];

		Speech_Memory\Store_Cleanup::run();
		self::assertNull( Speech_Memory\Speech_Store::get( $old_unused ), 'unused past the grace period, kept' );
		self::assertFileDoesNotExist( $old_file );
		self::assertIsArray( Speech_Memory\Speech_Store::get( $new_unused ), 'unused within the grace period, removed' );
		self::assertIsArray( Speech_Memory\Speech_Store::get( $old_used ), 'used by a post, removed' );

		// A cap of one sentence's bytes: the unused one goes, though used more recently.
		$cap = static fn(): int => (int) filesize( Speech_Memory\Speech_Store::get( $old_used )['path'] );
		add_filter( 'circassian_speech_memory_max_bytes', $cap );
		Speech_Memory\Store_Cleanup::run();
		remove_filter( 'circassian_speech_memory_max_bytes', $cap );
		self::assertNull( Speech_Memory\Speech_Store::get( $new_unused ), 'over the cap, the unused sentence stayed' );
		self::assertIsArray( Speech_Memory\Speech_Store::get( $old_used ), 'over the cap, the used one went first' );
		Speech_Memory\Speech_Store::forget( $old_used );
		wp_delete_post( $post, true );
	}
}
