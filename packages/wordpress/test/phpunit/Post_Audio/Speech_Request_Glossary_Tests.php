<?php
/**
 * Post_Audio\Speech_Request with the site's glossary: a respelling (say as) reaches what is voiced, nothing else.
 */
use Circassian\Glossary;
use Circassian\Post_Audio;
use PHPUnit\Framework\TestCase;

final class Post_Audio_Speech_Request_Glossary_Tests extends TestCase {

	/**
	 * @testdox a surname the glossary respells is voiced as respelled (capitals kept, another word left), in the speech language only; the post's text as people read it is unchanged
	 */
	public function test_a_respelling_reaches_the_speech_request_only(): void {
		wp_set_current_user( 1 );
		circassian_test_glossary_clear();
		Glossary\Glossary_Transfer::import( "ru,kbd,type,note\r\nКоков,Ко́ков,say,\r\n" );
		$post = new WP_Post(
			(object) array(
				'ID'           => 0,
				'post_title'   => 'Коков и КОКОВ',
				'post_content' => '<!-- wp:paragraph --><p>Коковы пришли, Коков нет.</p><!-- /wp:paragraph -->',
			)
		);
		self::assertSame( "Ко́ков и КО́КОВ\n\nКоковы пришли, Ко́ков нет.", Post_Audio\Speech_Request::of( $post, array( 'language' => 'ru' ) )['text'] );
		self::assertSame( "Коков и КОКОВ\n\nКоковы пришли, Коков нет.", Post_Audio\Speech_Request::text( $post ), 'what people read' );
		self::assertSame( "Коков и КОКОВ\n\nКоковы пришли, Коков нет.", Post_Audio\Speech_Request::of( $post, array( 'language' => 'kbd' ) )['text'], 'a respelling of Russian words is not Kabardian speech' );
		circassian_test_glossary_clear();
	}
}
