<?php
/**
 * Translator with the site's glossary: keep and translate terms leave as markers and come back agreed.
 */
use Circassian\Glossary;
use Circassian\Memory;
use Circassian\Translation;
use PHPUnit\Framework\TestCase;

final class Translator_Glossary_Tests extends TestCase {

	/**
	 * @testdox a kept surname and a city with an ending never reach the service as text and come back as the glossary writes them; a translate-as term comes back agreed, and the memory keeps the source with the agreed translation
	 */
	public function test_terms_leave_as_markers_and_come_back_agreed(): void {
		wp_set_current_user( 1 );
		Memory\Memory_Store::clear();
		circassian_test_glossary_clear();
		Glossary\Glossary_Transfer::import( "ru,kbd,type,note\r\nКоков,,keep,\r\nгород,къалэ,translate,\r\n" );
		Glossary\Glossary_Store::save(
			array(
				'source_lang' => 'ru',
				'target_lang' => 'kbd',
				'type'        => 'keep',
				'source'      => 'Нальчик',
				'stem'        => true,
			)
		);
		$texts  = array( 'Коков любит город Нальчик.', 'В Нальчике <x1>тепло</x1>.' );
		$result = Translation\Translator::translate_texts( $texts, 'kbd', 'ru' );
		self::assertIsArray( $result );
		// The local service's pseudo-translation writes о as уэ: Коков sent as text would come back Куэкуэв.
		self::assertSame( array( '[kbd] Коков любит къалэ Нальчик.', '[kbd] В Нальчик <x1>теплуэ</x1>.' ), $result['translations'] );
		$sent = circassian_test_admin( 'GET', '/admin/calls?operation=batch&limit=1' )['calls'][0]['content']['request']['texts'];
		self::assertSame( array( '<x1/> любит <x2/> <x3/>.', 'В <x2/> <x1>тепло</x1>.' ), $sent );
		self::assertSame( array( 'Коков любит город Нальчик.' => '[kbd] Коков любит къалэ Нальчик.' ), Memory\Memory_Store::lookup( 'ru', 'kbd', array( 'Коков любит город Нальчик.' ) ) );
		circassian_test_glossary_clear();
	}

	/**
	 * @testdox a machine unit the glossary contradicts (a kept surname translated) is not reused: its text is sent again, as a marker, and the unit corrected; a person's unit with the same problem is still reused
	 */
	public function test_a_machine_unit_the_glossary_contradicts_is_sent_again(): void {
		wp_set_current_user( 1 );
		Memory\Memory_Store::clear();
		circassian_test_glossary_clear();
		Memory\Memory_Store::store(
			array(
				array(
					'source_lang' => 'ru',
					'target_lang' => 'kbd',
					'source'      => 'Коков пришёл.',
					'target'      => '[kbd] Куэкуэв пришёл.',
					'origin'      => 'machine',
				),
				array(
					'source_lang' => 'ru',
					'target_lang' => 'kbd',
					'source'      => 'Коков ушёл.',
					'target'      => 'Куэкуэв ежьэжащ.',
					'origin'      => 'human',
					'creator'     => 'admin',
				),
			)
		);
		Glossary\Glossary_Transfer::import( "ru,kbd,type,note\r\nКоков,,keep,\r\n" );
		$calls  = circassian_test_batch_calls();
		$result = Translation\Translator::translate_texts( array( 'Коков пришёл.', 'Коков ушёл.' ), 'kbd', 'ru' );
		self::assertIsArray( $result );
		self::assertSame( array( '[kbd] Коков пришёл.', 'Куэкуэв ежьэжащ.' ), $result['translations'] );
		self::assertSame( 1, circassian_test_batch_calls() - $calls );
		self::assertSame( array( '<x1/> пришёл.' ), circassian_test_admin( 'GET', '/admin/calls?operation=batch&limit=1' )['calls'][0]['content']['request']['texts'] );
		self::assertSame( 1, $result['memory']['hits'] );
		self::assertSame( array( 'Коков пришёл.' => '[kbd] Коков пришёл.' ), Memory\Memory_Store::lookup( 'ru', 'kbd', array( 'Коков пришёл.' ) ) );
		circassian_test_glossary_clear();
	}
}
