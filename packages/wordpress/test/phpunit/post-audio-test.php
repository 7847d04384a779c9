<?php
/**
 * Post audio: the text read aloud (title first; code, players and blocks marked "not in audio"
 * left out), the setting's checks, and the background event that voices a post once per text.
 */
use Circassian\Post_Audio;
use PHPUnit\Framework\TestCase;

/** A post of the corpus (test/corpus), unsaved, with the title given. */
function circassian_test_corpus_post( string $name, string $title ): WP_Post {
	return new WP_Post(
		(object) array(
			'ID'           => 0,
			'post_title'   => $title,
			'post_content' => (string) file_get_contents( dirname( __DIR__ ) . "/corpus/{$name}.txt" ),
		)
	);
}

final class Post_Audio_Test extends TestCase {

	/**
	 * @testdox a post is read title first, leaving out code, players and blocks marked "not in audio"
	 */
	public function test_a_post_is_read_title_first_leaving_out_code_players_and_blocks_marked(): void {
		$post = new WP_Post(
			(object) array(
				'ID'           => 0,
				'post_title'   => 'Сэ &amp; уэ',
				'post_content' => '<!-- wp:paragraph --><p>Япэ <strong>абзац</strong>.</p><!-- /wp:paragraph -->'
					. '<!-- wp:code --><pre class="wp-block-code"><code>echo 1;</code></pre><!-- /wp:code -->'
					. '<!-- wp:paragraph {"circassianNotInAudio":true} --><p>Зыхэмыхьэр.</p><!-- /wp:paragraph -->'
					. '<!-- wp:group --><div class="wp-block-group"><!-- wp:heading --><h2>Щхьэ</h2><!-- /wp:heading --></div><!-- /wp:group -->'
					. '<!-- wp:circassian/audio {"text":"Блок"} --><figure class="wp-block-circassian-audio"><audio controls src="x.wav"></audio><figcaption>Блок</figcaption></figure><!-- /wp:circassian/audio -->',
			)
		);
		self::assertSame( "Сэ & уэ\n\nЯпэ абзац.\n\nЩхьэ", Post_Audio::text( $post ) );
	}

	/**
	 * @testdox the setting takes public post types and a known placement only, and a refusal changes nothing
	 */
	public function test_the_setting_takes_public_post_types_and_a_known_placement_only_and_a(): void {
		delete_option( Post_Audio::OPTION );
		self::assertSame(
			array(
				'post_types' => array(),
				'placement'  => 'before',
			),
			Post_Audio::settings(),
			'default'
		);
		self::assertTrue( is_wp_error( Post_Audio::save( array( 'post_types' => array( 'post', 'wp_block' ) ) ) ), 'a post type that is not public' );
		self::assertTrue(
			is_wp_error(
				Post_Audio::save(
					array(
						'post_types' => array( 'post' ),
						'placement'  => 'top',
					)
				)
			),
			'an unknown placement'
		);
		self::assertSame( array(), Post_Audio::settings()['post_types'], 'after refusals' );
		self::assertSame(
			true,
			Post_Audio::save(
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
			Post_Audio::settings()
		);
		delete_option( Post_Audio::OPTION );
	}

	/**
	 * @testdox publishing schedules the audio in the background; the event voices the post once, and again only when its text changed
	 */
	public function test_publishing_schedules_the_audio_in_the_background_the_event_voices_the(): void {
		wp_set_current_user( 1 );
		update_option(
			Post_Audio::OPTION,
			array(
				'post_types' => array( 'post' ),
				'placement'  => 'after',
			)
		);
		$post = wp_insert_post(
			array(
				'post_title'   => 'Тхыгъэ',
				'post_status'  => 'publish',
				'post_content' => '<!-- wp:paragraph --><p>Сэ кӀуэ.</p><!-- /wp:paragraph -->',
			)
		);
		self::assertTrue( false !== wp_next_scheduled( Post_Audio::CRON_HOOK, array( $post ) ), 'no event after publishing' );
		Post_Audio::make( $post );
		$audio = get_post_meta( $post, Post_Audio::META_AUDIO, true );
		self::assertTrue( is_array( $audio ) && $audio['id'] > 0, 'no audio after the event' );
		wp_clear_scheduled_hook( Post_Audio::CRON_HOOK, array( $post ) );

		wp_update_post(
			array(
				'ID'           => $post,
				'post_excerpt' => 'КӀэщӀу.',
			)
		);
		self::assertSame( false, wp_next_scheduled( Post_Audio::CRON_HOOK, array( $post ) ), 'an event for unchanged text' );
		Post_Audio::make( $post );
		self::assertSame( $audio, get_post_meta( $post, Post_Audio::META_AUDIO, true ), 'voiced again with the text unchanged' );

		wp_update_post(
			array(
				'ID'         => $post,
				'post_title' => 'Тхыгъэщ',
			)
		);
		self::assertTrue( false !== wp_next_scheduled( Post_Audio::CRON_HOOK, array( $post ) ), 'no event after the text changed' );
		Post_Audio::make( $post );
		$remade = get_post_meta( $post, Post_Audio::META_AUDIO, true );
		self::assertTrue( $remade['id'] !== $audio['id'], 'not remade' );
		self::assertSame( false, get_post_type( $audio['id'] ), 'the old audio was kept' );
		self::assertTrue( str_contains( Post_Audio::player( $post ), '<figure class="circassian-post-audio"><figcaption>Listen to this post</figcaption><audio controls preload="metadata" aria-label="Listen to this post" src="' ), 'player' );

		wp_clear_scheduled_hook( Post_Audio::CRON_HOOK, array( $post ) );
		wp_delete_post( $post, true );
		wp_delete_attachment( $remade['id'], true );
		delete_option( Post_Audio::OPTION );
	}

	/**
	 * @testdox the podcast GUID is the Podcasting 2.0 UUIDv5 of the feed address
	 */
	public function test_the_podcast_guid_is_the_podcasting_2_0_uuidv5_of_the_feed_address(): void {
		self::assertSame( '9b024349-ccf0-5f69-a609-6b82873eab3c', Circassian\Podcast_Feed::podcast_guid( 'https://podnews.net/rss' ) );
	}

	/**
	 * @testdox a translation keeps its inline markers while the text between them is filtered as post content
	 */
	public function test_a_translation_keeps_its_inline_markers_while_the_text_between_them_is(): void {
		self::assertSame(
			'Сэ <x1>адыгэбзэ</x1> alert(1)<x2/> <x3>фӀыуэ</x3>',
			Circassian\REST\Translate_Controller::filter_marked( 'Сэ <x1>адыгэбзэ</x1> <script>alert(1)</script><x2/> <x3>фӀыуэ</x3>' )
		);
	}

	/**
	 * @testdox the post-audio state route holds the text and voice as edited against the audio made: current, stale after an edit or another voice; not for a subscriber
	 */
	public function test_the_post_audio_state_route_holds_the_text_and_voice_as_edited_against(): void {
		wp_set_current_user( 1 );
		update_option(
			Post_Audio::OPTION,
			array(
				'post_types' => array( 'post' ),
				'placement'  => 'after',
			)
		);
		$post    = wp_insert_post(
			array(
				'post_title'   => 'Щхьэ',
				'post_status'  => 'publish',
				'post_content' => '<!-- wp:paragraph --><p>Сэ кӀуэ.</p><!-- /wp:paragraph -->',
			)
		);
		$content = get_post_field( 'post_content', $post );
		wp_clear_scheduled_hook( Post_Audio::CRON_HOOK, array( $post ) );
		Post_Audio::generate( $post );
		$state = static fn( string $title, array $more = array() ) => circassian_test_rest(
			'POST',
			"/circassian/v1/post-audio/{$post}/state",
			array(
				'title'   => $title,
				'content' => $content,
			) + $more
		);
		self::assertSame(
			array(
				'enabled'         => true,
				'state'           => 'current',
				'error'           => null,
				'retry_at'        => null,
				'language'        => 'kbd',
				'language_source' => 'detected',
			),
			array_intersect_key( $state( 'Щхьэ' )->get_data(), array_flip( array( 'enabled', 'state', 'error', 'retry_at', 'language', 'language_source' ) ) )
		);
		self::assertSame( 'stale', $state( 'Щхьэщ' )->get_data()['state'], 'another title' );
		self::assertSame( 'stale', $state( 'Щхьэ', array( 'voice' => array( 'voice' => 'female' ) ) )->get_data()['state'], 'another voice' );
		wp_set_current_user( get_user_by( 'login', 'subscriber' )->ID );
		self::assertSame( 403, $state( 'Щхьэ' )->get_status(), 'a subscriber' );
		wp_set_current_user( 1 );
		$audio = get_post_meta( $post, Post_Audio::META_AUDIO, true );
		wp_delete_attachment( (int) $audio['id'], true );
		wp_delete_post( $post, true );
		delete_option( Post_Audio::OPTION );
	}

	/**
	 * @testdox a classic post of the corpus is read without shortcodes, their attributes or URLs, a caption's and an enclosing shortcode's words kept
	 */
	public function test_a_classic_post_of_the_corpus_is_read_without_shortcodes_their(): void {
		$post = circassian_test_corpus_post( 'classic-post', 'A day at the lake' );
		self::assertSame(
			"A day at the lake\n\nLast summer we walked to the lake. The water was cold and very clear.\nThe lake at dawn\nHere is the song we sang on the way home.\nBring warm clothes next time.\nPhotos by Anna, see for more.",
			Post_Audio::text( $post )
		);
	}

	/**
	 * @testdox a block post of the corpus is read without shortcode, embed (legacy core-embed too), more and nextpage blocks, nor a shortcode or URL inside a paragraph
	 */
	public function test_a_block_post_of_the_corpus_is_read_without_shortcode_embed_legacy_core(): void {
		$post = circassian_test_corpus_post( 'block-post', 'The bridge' );
		self::assertSame(
			"The bridge\n\nOur village has a new bridge over the river.\n\nThe old one stood for sixty years\nBuilt in 1956\nand served us well.\n\nSee the council's notice at .",
			Post_Audio::text( $post )
		);
	}
}
