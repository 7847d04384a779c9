<?php
/**
 * I18n: the shipped Russian translations as WordPress loads them: PHP strings through the plugin's
 * text domain, block.json through register_block_type, and every script handle's JSON.
 */
use Circassian\Support;
use PHPUnit\Framework\TestCase;

final class I18n_Tests extends TestCase {

	/**
	 * @testdox a Russian user gets the plugin's PHP strings, the block's title and every script's strings in Russian
	 */
	public function test_a_russian_user_gets_the_plugin_s_php_strings_the_block_s_title_and(): void {
		// As for a user whose profile says ru_RU (the site has no core Russian files to switch to).
		$russian = static fn() => 'ru_RU';
		add_filter( 'determine_locale', $russian );
		unload_textdomain( Support\I18n::DOMAIN );
		try {
			Support\I18n::load_textdomain();
			self::assertSame( 'Проверить подключение', __( 'Test connection', 'circassian' ) );
			/* translators: %d: look-alikes fixed. */
			self::assertSame( 'Исправлено 5 знаков вместо палочки.', sprintf( _n( 'Fixed %d palochka look-alike.', 'Fixed %d palochka look-alikes.', 5, 'circassian' ), 5 ) );
			self::assertSame( 'Черкесское аудио', _x( 'Circassian Audio', 'block title', 'circassian' ) );
			foreach ( array(
				Support\I18n::AUDIO_SCRIPT      => 'Перевести',
				Support\I18n::POST_AUDIO_SCRIPT => 'Проигрыватель',
				Support\I18n::SETTINGS_SCRIPT   => 'Проверка подключения',
			) as $handle => $expected ) {
				if ( ! wp_script_is( $handle, 'registered' ) ) {
					wp_register_script( $handle, plugins_url( 'build/settings/index.js', \Circassian\PLUGIN_FILE ), array( 'wp-i18n' ), '1', true );
				}
				$json = load_script_textdomain( $handle, Support\I18n::DOMAIN, dirname( \Circassian\PLUGIN_FILE ) . '/languages' );
				self::assertTrue( is_string( $json ) && str_contains( $json, $expected ), "{$handle} has no Russian JSON" );
			}
		} finally {
			remove_filter( 'determine_locale', $russian );
			unload_textdomain( Support\I18n::DOMAIN );
			Support\I18n::load_textdomain();
		}
	}
}
