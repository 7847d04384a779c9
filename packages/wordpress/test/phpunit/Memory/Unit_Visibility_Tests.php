<?php
/**
 * Unit_Visibility: near matches and concordance answer a person only units whose source they may
 * read (issue 32's trust pass), everything to a reviewer.
 */
use Circassian\Memory;
use PHPUnit\Framework\TestCase;

final class Unit_Visibility_Tests extends TestCase {

	/** A post of $author's in $status (with $password, when given). */
	private static function post( int $author, string $status, string $password = '' ): int {
		return (int) wp_insert_post(
			array(
				'post_author'   => $author,
				'post_status'   => $status,
				'post_title'    => 'A ' . $status . ' post',
				'post_content'  => 'Text',
				'post_password' => $password,
			)
		);
	}

	/** A human unit of English into Kabardian learnt by $author where $where says. */
	private static function unit( string $source, string $target, WP_User $author, string $where ): array {
		return array(
			'source_lang' => 'en',
			'target_lang' => 'kbd',
			'source'      => $source,
			'target'      => $target,
			'origin'      => 'human',
			'creator'     => $author->user_login,
			'creator_id'  => $author->ID,
			'where'       => $where,
			'created'     => '2026-01-01 00:00:00',
		);
	}

	/** @return list<string> The targets of $asker's near matches of $text, best first. */
	private static function near( string $text, WP_User $asker ): array {
		return array_map( static fn( object $row ): string => (string) $row->target, Memory\Memory_Fuzzy::matches( 'en', 'kbd', $text, $asker, '', 50, 10 ) );
	}

	/** @return list<string> The targets a concordance search of $phrase shows $asker, sorted. */
	private static function found( string $phrase, WP_User $asker ): array {
		$targets = array_map( static fn( object $row ): string => (string) $row->target, Memory\Memory_Search::find( $phrase, $asker )['units'] );
		sort( $targets );
		return $targets;
	}

	/**
	 * @testdox a unit learnt from another author's draft, private or password-protected post is no near match and no search hit for an Author; their own, a public post's and a unit of no post are; an Editor (the reviewer) gets every one
	 */
	public function test_units_answer_only_who_may_read_their_source(): void {
		Memory\Memory_Store::clear();
		$anna   = get_userdata( circassian_test_user( 'author' ) );
		$boris  = get_userdata( circassian_test_user( 'author' ) );
		$editor = get_userdata( circassian_test_user( 'editor' ) );
		$units  = array(
			self::unit( 'Open the private file now', 'private', $anna, 'post:' . self::post( $anna->ID, 'private' ) ),
			self::unit( 'Open the draft file now', 'draft', $anna, 'post:' . self::post( $anna->ID, 'draft' ) ),
			self::unit( 'Open the locked file now', 'protected', $anna, 'post:' . self::post( $anna->ID, 'publish', 'secret' ) ),
			self::unit( 'Open the pending file now', 'pending', $anna, 'post:' . self::post( $anna->ID, 'pending' ) ),
			self::unit( 'Open the public file now', 'public', $anna, 'post:' . self::post( $anna->ID, 'publish' ) ),
			self::unit( 'Open the own file now', 'own draft', $boris, 'post:' . self::post( $boris->ID, 'draft' ) ),
			array( 'creator_id' => 0 ) + self::unit( 'Open the imported file now', 'imported', $anna, '' ),
			self::unit( 'Open the gone file now', 'gone', $anna, 'post:999999' ),
		);
		Memory\Memory_Store::store( $units );
		$all = array( 'draft', 'gone', 'imported', 'own draft', 'pending', 'private', 'protected', 'public' );

		$seen = self::near( 'Open the shared file now', $boris );
		sort( $seen );
		self::assertSame( array( 'imported', 'own draft', 'public' ), $seen, 'Boris, an Author, near matches' );
		self::assertSame( array( 'imported', 'own draft', 'public' ), self::found( 'file', $boris ), 'Boris, an Author, search' );
		self::assertSame( 3, Memory\Memory_Search::find( 'file', $boris )['total'], 'the total counts only what Boris may see' );

		$seen = self::near( 'Open the shared file now', $anna );
		sort( $seen );
		self::assertSame( array( 'draft', 'imported', 'pending', 'private', 'protected', 'public' ), $seen, 'Anna sees her own posts\' units, not Boris\'s draft' );

		$seen = self::near( 'Open the shared file now', $editor );
		sort( $seen );
		self::assertSame( $all, $seen, 'the Editor, who may teach the memory, sees every unit' );
		self::assertSame( $all, self::found( 'file', $editor ) );
		Memory\Memory_Store::clear();
	}

	/**
	 * @testdox a unit learnt from a translation stays hidden while the original it was translated from is private, even once the translation is published
	 */
	public function test_a_translations_unit_follows_its_original_too(): void {
		Memory\Memory_Store::clear();
		$anna        = get_userdata( circassian_test_user( 'author' ) );
		$boris       = get_userdata( circassian_test_user( 'author' ) );
		$original    = self::post( $anna->ID, 'private' );
		$translation = self::post( $anna->ID, 'publish' );
		update_post_meta( $translation, Circassian\Translation\Linked_Translations::META_ORIGINAL, $original );
		Memory\Memory_Store::store( array( self::unit( 'Meet me at the old bridge', 'secret', $anna, 'post:' . $translation ) ) );
		self::assertSame( array(), self::near( 'Meet me at the new bridge', $boris ) );
		self::assertSame( array( 'secret' ), self::near( 'Meet me at the new bridge', $anna ) );
		wp_update_post(
			array(
				'ID'          => $original,
				'post_status' => 'publish',
			)
		);
		self::assertSame( array( 'secret' ), self::near( 'Meet me at the new bridge', $boris ), 'once the original is public' );
		Memory\Memory_Store::clear();
	}

	/**
	 * @testdox a machine unit of the translate route records the post its texts are from, so a private post's machine translation is no near match for another Author
	 */
	public function test_machine_units_record_their_post(): void {
		Memory\Memory_Store::clear();
		$anna    = get_userdata( circassian_test_user( 'author' ) );
		$boris   = get_userdata( circassian_test_user( 'author' ) );
		$private = self::post( $anna->ID, 'private' );
		wp_set_current_user( circassian_test_user( 'administrator' ) );
		$answer = circassian_test_rest(
			'POST',
			'/circassian/v1/translate',
			array(
				'texts'       => array( 'The meeting moves to the red room' ),
				'source_lang' => 'en',
				'target_lang' => 'kbd',
				'post'        => $private,
			)
		);
		wp_set_current_user( 0 );
		self::assertSame( 200, $answer->get_status(), (string) wp_json_encode( $answer->get_data() ) );
		$units = iterator_to_array( Memory\Memory_Store::units(), false );
		self::assertSame( array( 'post:' . $private ), array_map( static fn( object $unit ): string => (string) $unit->where_made, $units ) );
		self::assertSame( array(), self::near( 'The meeting moves to the blue room', $boris ) );
		self::assertCount( 1, self::near( 'The meeting moves to the blue room', $anna ) );
		Memory\Memory_Store::clear();
	}
}
