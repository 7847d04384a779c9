<?php
/**
 * Wires the plugin into WordPress: the block, the REST routes, the settings page.
 *
 * @package Circassian
 */

namespace Circassian;

defined( 'ABSPATH' ) || exit;

final class Plugin {

	public static function boot(): void {
		Support\I18n::hook();
		Service\Service_Policies::hook();
		Translation\Linked_Translations::hook();
		Support\Site_Tables::hook();
		Memory\Memory_Learning::hook();
		Memory\Teaching_Right::hook();
		Admin\Memory_Page::hook();
		Admin\Glossary_Page::hook();
		add_action( 'init', array( self::class, 'register_block' ) );
		add_action( 'rest_api_init', array( self::class, 'register_routes' ) );
		add_action( Speech\Job_Rules::CRON_HOOK, array( Speech\Speech_Jobs::class, 'run_in_background' ) );
		add_action( Speech\Job_Rules::CLEAN_HOOK, array( Speech\Speech_Jobs::class, 'clean' ) );
		add_action( 'init', array( Speech\Speech_Jobs::class, 'schedule_cleaning' ) );
		Post_Audio\Post_Meta::hook();
		Post_Audio\Scheduler::hook();
		Post_Audio\Voicing::hook();
		Speech_Memory\Post_Timings::hook();
		Speech_Memory\Store_Cleanup::hook();
		Post_Audio\Payer::hook();
		Post_Audio\Player::hook();
		Audio\Stale_Block_Audio::hook();
		Audio\Audio_Privacy::hook();
		Podcast\Podcast_Feed::hook();
		Audio\Audio_Encoder::hook();
		Admin\Settings_Page::hook();
		add_action( Bulk\Runner::CRON_HOOK, array( Bulk\Runner::class, 'step' ) );
		Bulk\Watchdog::hook();
		Admin\Bulk_Audio_Page::hook();
	}

	public static function register_block(): void {
		register_block_type( dirname( PLUGIN_FILE ) . '/build/audio' );
		register_block_type( dirname( PLUGIN_FILE ) . '/build/post-audio', array( 'render_callback' => array( Post_Audio\Player::class, 'render_block' ) ) );
		// Only what the editor needs to draw its controls: never the key, only whether one is set.
		wp_add_inline_script(
			Support\I18n::AUDIO_SCRIPT,
			'window.circassianEditor = ' . wp_json_encode(
				array(
					'configured'  => '' !== Service\Settings::api_key()['value'],
					// Whether this user may spend the key (the role setting); the refusal says why.
					'canSpend'    => Spending\Access::can_spend(),
					'refusal'     => Spending\Access::can_spend() ? '' : Spending\Access::refusal()->get_error_message(),
					'defaults'    => Service\Settings::defaults(),
					// The site's own languages, listed first in the editor's language menus.
					'siteLangs'   => Language\Post_Language::site_languages(),
					// Which post types have post audio (the document sidebar shows its panel there).
					'postAudio'   => Post_Audio\Settings::get(),
					// Where a post's own "Read aloud" switch may turn post audio on.
					'audioTypes'  => Post_Audio\Settings::allowed_post_types(),
					'settingsUrl' => current_user_can( Service\Settings::manage_capability() ) ? admin_url( 'options-general.php?page=circassian' ) : '',
				)
			) . ';',
			'before'
		);
		Support\I18n::set_script_translations( Support\I18n::AUDIO_SCRIPT );
		Support\I18n::set_script_translations( Support\I18n::POST_AUDIO_SCRIPT );
	}

	public static function register_routes(): void {
		( new REST\Speech_Controller() )->register_routes();
		( new REST\Translate_Controller() )->register_routes();
		( new REST\Catalog_Controller() )->register_routes();
		( new REST\Settings_Controller() )->register_routes();
		( new REST\Podcast_Check_Controller() )->register_routes();
		( new REST\Podcast_Mp3_Controller() )->register_routes();
		( new REST\Bulk_Audio_Controller() )->register_routes();
		( new REST\Post_Audio_Controller() )->register_routes();
		( new REST\Translations_Controller() )->register_routes();
		( new REST\Memory_Controller() )->register_routes();
		( new REST\Glossary_Controller() )->register_routes();
		register_rest_field(
			'attachment',
			'circassian',
			array(
				'get_callback' => static fn( array $attachment ) => Audio\Audio_Library::describe( (int) $attachment['id'] ),
				'schema'       => array(
					'description' => __( 'For audio made by the Circassian plugin: its duration, source hash and speech settings.', 'circassian' ),
					'type'        => array( 'object', 'null' ),
					'context'     => array( 'view', 'edit' ),
					'readonly'    => true,
				),
			)
		);
	}
}
