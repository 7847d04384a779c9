<?php
/**
 * Admin\Table_Head: the head row of the admin pages' tables.
 */
use Circassian\Admin;
use PHPUnit\Framework\TestCase;

final class Table_Head_Tests extends TestCase {

	/**
	 * @testdox a column per label, escaped, then the actions' column named for screen readers only
	 */
	public function test_a_column_per_label_escaped_then_the_actions_column(): void {
		ob_start();
		Admin\Table_Head::render( array( 'Term', 'Translation <b>' ) );
		$html = (string) ob_get_clean();
		preg_match_all( '#<th scope="col">(.*?)</th>#s', $html, $cells );
		self::assertSame( array( 'Term', 'Translation &lt;b&gt;', '<span class="screen-reader-text">Actions</span>' ), $cells[1] );
		self::assertStringStartsWith( '<thead>', trim( $html ) );
	}
}
