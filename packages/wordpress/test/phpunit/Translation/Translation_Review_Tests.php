<?php
/**
 * Review by sentence (issue 33): a post translated again, where a block's original changed under
 * an editor's correction, puts that block in review instead of replacing it; the review shows the
 * changed sentences (source before, source now, kept translation) and a person chooses: translate
 * only the changed sentences (only those are sent), keep the text, or replace it. Each language's
 * translation is its own post: a choice in one never touches another.
 */
use Circassian\Memory;
use Circassian\Translation;
use PHPUnit\Framework\TestCase;

final class Translation_Review_Tests extends TestCase {

	private const ORIGINAL = array( 'Утро в ауле. Солнце встаёт.', 'Мост открыт. Рынок закрыт. Дождь завтра.', 'Приходите все.' );
	private const CHANGED  = array( 'Утро в ауле. Солнце встаёт.', 'Мост открыт. Рынок закрыт. Дождь в понедельник.', 'Приходите все.' );
	private const MADE     = array(
		'kbd' => array( 'Пщэдджыжь. Дыгъэр къокӀ.', 'Лъэмыжыр зэӀухащ. Бэзэрыр хуащӀащ. Пщэдей уэшх къешхынущ.', 'Псори къыдэкӀуэ.' ),
		'ady' => array( 'Пчэдыжь. Тыгъэр къепсы.', 'Лъэмыджыр зэӀухыгъ. Бэдзэрыр фашӀыгъ. Неущ ощх къещхыщт.', 'ЗэкӀэ къэкӀох.' ),
	);
	/** Each language's editor corrects the first sentence of the second paragraph. */
	private const CORRECTED = array(
		'kbd' => 'Лъэмыжыр иджы зэӀухащ. Бэзэрыр хуащӀащ. Пщэдей уэшх къешхынущ.',
		'ady' => 'Лъэмыджыр джы зэӀухыгъ. Бэдзэрыр фашӀыгъ. Неущ ощх къещхыщт.',
	);

	private static function blocks( array $texts ): string {
		return implode( "\n\n", array_map( static fn( string $text ): string => "<!-- wp:paragraph -->\n<p>{$text}</p>\n<!-- /wp:paragraph -->", $texts ) );
	}

	/** POST /circassian/v1/translations as the post panel sends it. */
	private static function translate_post( int $original, string $language, array $source, array $translated, bool $update = false ): WP_REST_Response {
		return circassian_test_rest(
			'POST',
			'/circassian/v1/translations',
			array(
				'original'         => $original,
				'language'         => $language,
				'source'           => 'ru',
				'title'            => 'Хъыбар',
				'content'          => self::blocks( $translated ),
				'original_content' => self::blocks( $source ),
				'original_title'   => 'Новости',
				'update'           => $update,
			)
		);
	}

	/** POST /circassian/v1/translations/{id} as the review panel sends a choice. */
	private static function choose( int $translation, string $block, string $choice ): WP_REST_Response {
		return circassian_test_rest(
			'POST',
			'/circassian/v1/translations/' . $translation,
			array(
				'block'  => $block,
				'choice' => $choice,
			)
		);
	}

	/** The original translated into kbd and ady, each corrected by an editor, then its second paragraph's last sentence changed and the post translated again. */
	private static function translated_corrected_and_changed(): array {
		wp_set_current_user( 1 );
		Memory\Memory_Store::clear();
		$original = wp_insert_post(
			array(
				'post_status'  => 'publish',
				'post_title'   => 'Новости',
				'post_content' => self::blocks( self::ORIGINAL ),
			)
		);
		$posts    = array();
		foreach ( array( 'kbd', 'ady' ) as $language ) {
			$posts[ $language ] = (int) self::translate_post( $original, $language, self::ORIGINAL, self::MADE[ $language ] )->get_data()['id'];
			$made               = self::MADE[ $language ];
			$made[1]            = self::CORRECTED[ $language ];
			wp_update_post(
				array(
					'ID'           => $posts[ $language ],
					'post_content' => self::blocks( $made ),
				)
			);
		}
		wp_update_post(
			array(
				'ID'           => $original,
				'post_content' => self::blocks( self::CHANGED ),
			)
		);
		return array( $original, $posts );
	}

	/**
	 * @testdox a block whose original changed under an editor's correction waits for review, unchanged; the review shows the changed sentence before, now and as kept; the other blocks update as before
	 */
	public function test_a_corrected_block_whose_original_changed_waits_for_review(): void {
		[ $original, $posts ] = self::translated_corrected_and_changed();
		$fresh                = array( 'Пщэдджыжь. Дыгъэр къокӀ.', 'Лъэмыжыр зэӀухащ. Бэзэрыр хуащӀащ. Блыщхьэм уэшх къешхынущ.', 'Псори къыдэкӀуэ.' );
		$update               = self::translate_post( $original, 'kbd', self::CHANGED, $fresh, true );
		self::assertSame( 200, $update->get_status() );
		self::assertSame( 1, $update->get_data()['updated']['in_review'] );
		self::assertSame( 0, $update->get_data()['updated']['retranslated'], 'nothing replaced silently' );
		$kept    = self::MADE['kbd'];
		$kept[1] = self::CORRECTED['kbd'];
		self::assertSame( self::blocks( $kept ), get_post( $posts['kbd'] )->post_content, "the editor's correction is still there" );

		$review = circassian_test_rest( 'GET', '/circassian/v1/translations/' . $posts['kbd'] )->get_data()['review'];
		self::assertCount( 1, $review );
		self::assertSame(
			array(
				array(
					'index'  => 2,
					'before' => 'Дождь завтра.',
					'now'    => 'Дождь в понедельник.',
					'kept'   => 'Пщэдей уэшх къешхынущ.',
				),
			),
			$review[0]['changed']
		);
		self::assertSame( self::CORRECTED['kbd'], $review[0]['kept_text'] );
		self::assertSame( $fresh[1], $review[0]['fresh_text'] );
		self::assertSame( self::CHANGED[1], $review[0]['source_now'] );
		self::assertSame( array(), circassian_test_rest( 'GET', '/circassian/v1/translations/' . $posts['ady'] )->get_data()['review'], 'ady not updated yet: nothing waits there' );
	}

	/**
	 * @testdox "Translate only the changed sentences" sends only that sentence, keeps the editor's corrected sentence (which the memory then learns), and leaves the ady translation and its review untouched
	 */
	public function test_translating_only_the_changed_sentences_sends_only_them(): void {
		[ $original, $posts ] = self::translated_corrected_and_changed();
		self::translate_post( $original, 'kbd', self::CHANGED, array( 'Пщэдджыжь. Дыгъэр къокӀ.', 'Лъэмыжыр зэӀухащ. Бэзэрыр хуащӀащ. Блыщхьэм уэшх къешхынущ.', 'Псори къыдэкӀуэ.' ), true );
		self::translate_post( $original, 'ady', self::CHANGED, array( 'Пчэдыжь. Тыгъэр къепсы.', 'Лъэмыджыр зэӀухыгъ. Бэдзэрыр фашӀыгъ. Блыпэм ощх къещхыщт.', 'ЗэкӀэ къэкӀох.' ), true );
		$ady_before = get_post( $posts['ady'] )->post_content;
		$ady_review = circassian_test_rest( 'GET', '/circassian/v1/translations/' . $posts['ady'] )->get_data()['review'];
		self::assertCount( 1, $ady_review );

		// An ady block's id is no kbd block: refused, nothing written.
		$wrong = self::choose( $posts['kbd'], $ady_review[0]['id'], 'replace' );
		self::assertSame( 404, $wrong->get_status() );

		$block = circassian_test_rest( 'GET', '/circassian/v1/translations/' . $posts['kbd'] )->get_data()['review'][0]['id'];
		$calls = circassian_test_batch_calls();
		$chose = self::choose( $posts['kbd'], $block, 'sentences' );
		self::assertSame( 200, $chose->get_status(), wp_json_encode( $chose->get_data() ) );
		self::assertSame( 1, circassian_test_batch_calls() - $calls, 'one request' );
		$sent = circassian_test_admin( 'GET', '/admin/calls?operation=batch' )['calls'][0]['content']['request'];
		self::assertSame( array( 'Дождь в понедельник.' ), $sent['texts'], 'only the changed sentence sent (the log is newest first)' );
		self::assertSame( 'kbd', $sent['target_lang'] );
		$new = Memory\Memory_Store::lookup( 'ru', 'kbd', array( 'Дождь в понедельник.' ) )['Дождь в понедельник.'] ?? '';
		self::assertNotSame( '', $new, 'the service\'s answer kept as a machine unit' );
		$paragraph = 'Лъэмыжыр иджы зэӀухащ. Бэзэрыр хуащӀащ. ' . $new;
		self::assertSame( $paragraph, $chose->get_data()['text'] );
		self::assertSame( 0, $chose->get_data()['waiting'] );
		self::assertSame( self::blocks( array( self::MADE['kbd'][0], $paragraph, self::MADE['kbd'][2] ) ), get_post( $posts['kbd'] )->post_content );
		self::assertSame( array(), $chose->get_data()['review'] );

		// The ady translation: as it was, its block still waiting.
		self::assertSame( $ady_before, get_post( $posts['ady'] )->post_content );
		self::assertSame( $ady_review, circassian_test_rest( 'GET', '/circassian/v1/translations/' . $posts['ady'] )->get_data()['review'] );
	}

	/**
	 * @testdox after "Translate only the changed sentences" (the memory answering the sentence: nothing sent), publishing teaches the paragraph with the editor's sentence in it under the original's paragraph as it is now
	 */
	public function test_the_edited_sentence_stays_a_correction_the_memory_learns(): void {
		[ $original, $posts ] = self::translated_corrected_and_changed();
		// The local service marks its words "[kbd] …", which reads as a shortcode (never taught): here the memory knows the sentence.
		Memory\Memory_Store::store(
			array(
				array(
					'source_lang' => 'ru',
					'target_lang' => 'kbd',
					'source'      => 'Дождь в понедельник.',
					'target'      => 'Блыщхьэм уэшх къешхынущ.',
					'origin'      => 'machine',
				),
			)
		);
		self::translate_post( $original, 'kbd', self::CHANGED, array( 'Пщэдджыжь. Дыгъэр къокӀ.', 'Лъэмыжыр зэӀухащ. Бэзэрыр хуащӀащ. Блыщхьэм уэшх къешхынущ.', 'Псори къыдэкӀуэ.' ), true );
		wp_update_post(
			array(
				'ID'          => $posts['kbd'],
				'post_status' => 'publish',
			)
		);
		self::assertSame( array(), Memory\Memory_Store::lookup( 'ru', 'kbd', array( self::CHANGED[1] ) ), 'waiting: not taught' );
		$calls = circassian_test_batch_calls();
		$chose = self::choose( $posts['kbd'], circassian_test_rest( 'GET', '/circassian/v1/translations/' . $posts['kbd'] )->get_data()['review'][0]['id'], 'sentences' );
		self::assertSame( 0, circassian_test_batch_calls() - $calls, 'the memory answered' );
		$paragraph = 'Лъэмыжыр иджы зэӀухащ. Бэзэрыр хуащӀащ. Блыщхьэм уэшх къешхынущ.';
		self::assertSame( $paragraph, $chose->get_data()['text'] );
		// Saved published: taught as it was written.
		self::assertSame( array( self::CHANGED[1] => $paragraph ), Memory\Memory_Store::lookup( 'ru', 'kbd', array( self::CHANGED[1] ) ) );
	}

	/**
	 * @testdox while a block waits, publishing does not teach it; "Replace with a new translation" puts the new translation in (taught as the machine's, not a person's), "Keep my text" leaves the block as it is
	 */
	public function test_replace_and_keep(): void {
		[ $original, $posts ] = self::translated_corrected_and_changed();
		$fresh                = array( 'Пчэдыжь. Тыгъэр къепсы.', 'Лъэмыджыр зэӀухыгъ. Бэдзэрыр фашӀыгъ. Блыпэм ощх къещхыщт.', 'ЗэкӀэ къэкӀох.' );
		self::translate_post( $original, 'ady', self::CHANGED, $fresh, true );
		wp_update_post(
			array(
				'ID'          => $posts['ady'],
				'post_status' => 'publish',
			)
		);
		self::assertSame( array(), Memory\Memory_Store::lookup( 'ru', 'ady', array( self::CHANGED[1] ) ), 'the kept paragraph translates the old original: not taught' );

		$block = circassian_test_rest( 'GET', '/circassian/v1/translations/' . $posts['ady'] )->get_data()['review'][0]['id'];
		$calls = circassian_test_batch_calls();
		$chose = self::choose( $posts['ady'], $block, 'replace' );
		self::assertSame( 200, $chose->get_status() );
		self::assertSame( 0, circassian_test_batch_calls() - $calls, 'the new translation was made with the update: nothing sent' );
		self::assertSame( self::blocks( $fresh ), get_post( $posts['ady'] )->post_content );
		self::assertSame( array(), Memory\Memory_Store::lookup( 'ru', 'ady', array( self::CHANGED[1] ) ), "the machine's paragraph is not taught as a person's" );

		// kbd: the editor keeps the text; the block stays and no longer waits.
		$kept = self::MADE['kbd'];
		self::translate_post( $original, 'kbd', self::CHANGED, self::MADE['kbd'], true );
		$block = circassian_test_rest( 'GET', '/circassian/v1/translations/' . $posts['kbd'] )->get_data()['review'][0]['id'];
		$keep  = self::choose( $posts['kbd'], $block, 'keep' );
		self::assertSame( 200, $keep->get_status() );
		$kept[1] = self::CORRECTED['kbd'];
		self::assertSame( self::blocks( $kept ), get_post( $posts['kbd'] )->post_content );
		self::assertSame( array(), circassian_test_rest( 'GET', '/circassian/v1/translations/' . $posts['kbd'] )->get_data()['review'] );
	}

	/**
	 * @testdox a translation recorded before sentences were kept (hashes only) offers the whole block: the changed sentences are not known, and translating them is refused with 409
	 */
	public function test_an_earlier_record_offers_the_whole_block_only(): void {
		[ $original, $posts ] = self::translated_corrected_and_changed();
		$record               = get_post_meta( $posts['kbd'], Translation\Translation_Update::META_SOURCES, true );
		$record['blocks']     = array_map( static fn( array $block ): array => array_intersect_key( $block, array_flip( array( 'hash', 'name' ) ) ), $record['blocks'] );
		update_post_meta( $posts['kbd'], Translation\Translation_Update::META_SOURCES, $record );
		self::translate_post( $original, 'kbd', self::CHANGED, self::MADE['kbd'], true );
		$review = circassian_test_rest( 'GET', '/circassian/v1/translations/' . $posts['kbd'] )->get_data()['review'];
		self::assertCount( 1, $review );
		self::assertNull( $review[0]['changed'] );
		$refused = self::choose( $posts['kbd'], $review[0]['id'], 'sentences' );
		self::assertSame( 409, $refused->get_status() );
	}

	/**
	 * @testdox only someone who may edit the translation sees or chooses for its blocks in review (403)
	 */
	public function test_only_someone_who_may_edit_the_translation_chooses(): void {
		[ $original, $posts ] = self::translated_corrected_and_changed();
		self::translate_post( $original, 'kbd', self::CHANGED, self::MADE['kbd'], true );
		$block = circassian_test_rest( 'GET', '/circassian/v1/translations/' . $posts['kbd'] )->get_data()['review'][0]['id'];
		wp_set_current_user( circassian_test_user( 'author' ) );
		self::assertSame( 403, circassian_test_rest( 'GET', '/circassian/v1/translations/' . $posts['kbd'] )->get_status() );
		self::assertSame(
			403,
			self::choose( $posts['kbd'], $block, 'replace' )->get_status()
		);
		wp_set_current_user( 1 );
		self::assertCount( 1, circassian_test_rest( 'GET', '/circassian/v1/translations/' . $posts['kbd'] )->get_data()['review'] );
	}
}
