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
}
