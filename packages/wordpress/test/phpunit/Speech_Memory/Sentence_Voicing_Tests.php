<?php
/**
 * Speech_Memory\Sentence_Voicing through post audio (Post_Audio\Voicing), against the local service:
 * a post voiced sentence by sentence from the site's store, an edit re-voicing only its sentence,
 * the join and its timings, and a sentence another post had costing nothing.
 */
use Circassian\Audio;
use Circassian\Post_Audio;
use Circassian\Speech_Memory;
use PHPUnit\Framework\TestCase;

final class Speech_Memory_Sentence_Voicing_Tests extends TestCase {

	protected function setUp(): void {
		wp_set_current_user( 1 );
		circassian_test_post_audio_on();
		Speech_Memory\Memory_Setting::save( true );
	}

	protected function tearDown(): void {
		delete_option( Speech_Memory\Memory_Setting::OPTION );
		delete_option( Post_Audio\Settings::OPTION );
	}

	/** The texts of the speech calls the service answered since $before calls. */
	private static function texts_since( int $before ): array {
		$calls = array_reverse( circassian_test_admin( 'GET', '/admin/calls?operation=speech' )['calls'] ?? array() );
		return array_map( static fn( array $call ): string => (string) ( $call['content']['request']['text'] ?? '' ), array_slice( $calls, $before ) );
	}

	private static function calls(): int {
		return count( circassian_test_admin( 'GET', '/admin/calls?operation=speech' )['calls'] ?? array() );
	}

	private static function post( string $title, string ...$paragraphs ): int {
		$blocks = array_map( static fn( string $text ): string => "<!-- wp:paragraph --><p>{$text}</p><!-- /wp:paragraph -->", $paragraphs );
		return wp_insert_post(
			array(
				'post_title'   => $title,
				'post_status'  => 'publish',
				'post_content' => implode( "\n\n", $blocks ),
			)
		);
	}

	private static function voice( int $post ): void {
		wp_clear_scheduled_hook( Post_Audio\Audio_Event::CRON_HOOK, array( $post ) );
		Post_Audio\Scheduler::make( $post );
	}

	/**
	 * @testdox a post is voiced a sentence a call, joined into one file whose duration is the sum of its sentences, with a timing per sentence that ends where the next starts
	 */
	public function test_a_post_is_voiced_sentence_by_sentence_and_joined(): void {
		$before = self::calls();
		$post   = self::post( 'Зэманыр', 'Уи пщэддджыжь фӀыуэ. Сэ адыгэбзэкӀэ сыщоджэ!', 'Дауэ ущыт?' );
		self::voice( $post );
		self::assertSame( array( 'Зэманыр', 'Уи пщэддджыжь фӀыуэ.', 'Сэ адыгэбзэкӀэ сыщоджэ!', 'Дауэ ущыт?' ), self::texts_since( $before ) );
		$audio   = get_post_meta( $post, Post_Audio\Audio_State::META_AUDIO, true );
		$timings = Speech_Memory\Post_Timings::of( $post );
		self::assertIsArray( $timings, 'no timings kept with the audio' );
		self::assertSame( array( 'Зэманыр', 'Уи пщэддджыжь фӀыуэ.', 'Сэ адыгэбзэкӀэ сыщоджэ!', 'Дауэ ущыт?' ), array_column( $timings['sentences'], 'text' ) );
		$file = (string) get_attached_file( $audio['id'] );
		self::assertEqualsWithDelta( Audio\Wav::duration( $file ), $timings['duration'], 0.001, 'the timings do not end where the audio does' );
		$sentences = $timings['sentences'];
		self::assertSame( 0.0, $sentences[0]['start'] );
		foreach ( array_slice( $sentences, 1 ) as $index => $sentence ) {
			self::assertSame( $sentences[ $index ]['end'], $sentence['start'], "sentence {$index} and the next do not meet" );
			self::assertGreaterThan( $sentence['start'], $sentence['end'] );
		}
		self::assertStringContainsString( 'data-circassian-timings=', Post_Audio\Player::markup( $post ), 'the player holds no timings' );
		wp_delete_post( $post, true );
	}

	/**
	 * @testdox an edit of one sentence re-voices that sentence only, the timings move with it, voicing the same text again asks nothing, and a sentence another post had costs nothing
	 */
	public function test_an_edit_revoices_only_its_sentence(): void {
		$before = self::calls();
		$post   = self::post( 'Тхыгъэ', 'Япэ псалъэуха. ЕтӀуанэ псалъэуха.', 'Ещанэ псалъэуха.' );
		self::voice( $post );
		self::assertCount( 4, self::texts_since( $before ) );
		$first = Speech_Memory\Post_Timings::of( $post );

		$before = self::calls();
		wp_update_post(
			array(
				'ID'           => $post,
				'post_content' => '<!-- wp:paragraph --><p>Япэ псалъэуха. ЕтӀуанэ псалъэухэр.</p><!-- /wp:paragraph --><!-- wp:paragraph --><p>Ещанэ псалъэуха.</p><!-- /wp:paragraph -->',
			)
		);
		self::voice( $post );
		self::assertSame( array( 'ЕтӀуанэ псалъэухэр.' ), self::texts_since( $before ), 'more than the edited sentence was voiced' );
		$second = Speech_Memory\Post_Timings::of( $post );
		self::assertSame( $first['sentences'][1]['start'], $second['sentences'][1]['start'], 'an unchanged sentence before the edit moved' );
		self::assertSame( 'ЕтӀуанэ псалъэухэр.', $second['sentences'][2]['text'] );
		$shift = $second['sentences'][2]['end'] - $first['sentences'][2]['end'];
		self::assertEqualsWithDelta( $first['sentences'][3]['end'] + $shift, $second['sentences'][3]['end'], 0.002, 'the sentence after the edit did not move with it' );
		self::assertEqualsWithDelta( Audio\Wav::duration( (string) get_attached_file( get_post_meta( $post, Post_Audio\Audio_State::META_AUDIO, true )['id'] ) ), $second['duration'], 0.001 );

		// The same text again: nothing asked (its audio is current); made afresh, still nothing.
		$before = self::calls();
		delete_post_meta( $post, Post_Audio\Audio_State::META_AUDIO );
		self::voice( $post );
		self::assertSame( array(), self::texts_since( $before ), 'the same text was voiced again' );
		self::assertIsArray( get_post_meta( $post, Post_Audio\Audio_State::META_AUDIO, true ) );

		// Another post sharing a sentence: only its own sentences are asked.
		$other = self::post( 'Адрей тхыгъэ', 'Ещанэ псалъэуха. ЗыкӀи щымыӀэ.' );
		self::voice( $other );
		self::assertSame( array( 'Адрей тхыгъэ', 'ЗыкӀи щымыӀэ.' ), self::texts_since( $before ) );
		wp_delete_post( $post, true );
		wp_delete_post( $other, true );
	}
}
