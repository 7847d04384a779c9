<?php
/**
 * What a post's audio reads and how: the title, then each block's text as written (never filtered
 * HTML), in the post's own language (Post_Language) and its voice, else the site's; a word the
 * site's glossary gives a respelling (say as, Glossary\Say_As) is voiced as respelled.
 *
 * @package Circassian
 */

namespace Circassian\Post_Audio;

use Circassian\Content;
use Circassian\Glossary;
use Circassian\Language;
use Circassian\Service;

defined( 'ABSPATH' ) || exit;

final class Speech_Request {

	/**
	 * Blocks never read aloud: code, players of their own, embeds, shortcodes (whatever they
	 * render, their source is markup) and page breaks. Legacy `core-embed/*` blocks of posts
	 * saved before WordPress 5.6 are embeds too (is_skipped()).
	 */
	private const SKIPPED_BLOCKS = array( 'core/code', 'core/audio', 'core/video', 'core/embed', 'core/shortcode', 'core/more', 'core/nextpage', 'circassian/audio', 'circassian/post-audio' );

	/**
	 * The speech request for a post: its text and its voice (the post's own, else the site's), in
	 * the post's own language (Post_Language).
	 *
	 * @param array<string, mixed>|null $voice      The post's voice as edited (unsaved), else the stored one.
	 * @param bool                      $may_detect Whether the service may be asked the text's language (see Post_Language::of()).
	 * @return array{text: string, language: string, voice: string, speed: float, instruct: string}
	 */
	public static function of( \WP_Post $post, ?array $voice = null, bool $may_detect = false ): array {
		return self::described( $post, $voice, $may_detect )['request'];
	}

	/**
	 * The speech request and where its language came from (Post_Language's sources).
	 *
	 * @param array<string, mixed>|null $voice The post's voice as edited (unsaved), else the stored one.
	 * @return array{request: array{text: string, language: string, voice: string, speed: float, instruct: string}, language_source: string}
	 */
	public static function described( \WP_Post $post, ?array $voice = null, bool $may_detect = false ): array {
		$voice    = $voice ?? get_post_meta( $post->ID, Post_Meta::VOICE, true );
		$voice    = is_array( $voice ) ? $voice : array();
		$defaults = Service\Settings::defaults();
		$text     = self::text( $post );
		$language = Language\Post_Language::of( $post, sanitize_key( (string) ( $voice['language'] ?? '' ) ), $text, $may_detect );
		return array(
			'request'         => array(
				// The glossary's respellings (say as) go into what is voiced only: the post reads as written.
				'text'     => Glossary\Say_As::text( Glossary\Glossary_Store::glossary(), $language['language'], $text ),
				'language' => $language['language'],
				'voice'    => '' !== sanitize_key( (string) ( $voice['voice'] ?? '' ) ) ? sanitize_key( (string) $voice['voice'] ) : $defaults['voice'],
				'speed'    => isset( $voice['speed'] ) && is_numeric( $voice['speed'] ) ? min( 2.0, max( 0.25, (float) $voice['speed'] ) ) : $defaults['speed'],
				'instruct' => '',
			),
			'language_source' => $language['source'],
		);
	}

	/**
	 * What is read aloud: the title, then each block's text as written (never filtered HTML),
	 * leaving out code, players, embeds and blocks marked "not in audio" (with what they hold), and
	 * in what remains every shortcode's markup and every URL (Content_Tokens): a caption's words
	 * are read, "[gallery ids=…]" and an auto-embed line are not.
	 */
	public static function text( \WP_Post $post ): string {
		$pieces = array( self::plain( $post->post_title ) );
		self::collect( parse_blocks( $post->post_content ), $pieces );
		return implode( "\n\n", array_values( array_filter( $pieces, static fn( string $piece ) => '' !== $piece ) ) );
	}

	/**
	 * @param array<int, array<string, mixed>> $blocks Parsed blocks.
	 * @param list<string>                     $pieces Text found so far.
	 */
	private static function collect( array $blocks, array &$pieces ): void {
		foreach ( $blocks as $block ) {
			$attrs = (array) ( $block['attrs'] ?? array() );
			if ( self::is_skipped( (string) ( $block['blockName'] ?? '' ) ) || ! empty( $attrs[ Post_Meta::SKIP_ATTRIBUTE ] ) ) {
				continue;
			}
			if ( ! empty( $block['innerBlocks'] ) ) {
				self::collect( $block['innerBlocks'], $pieces );
				continue;
			}
			$pieces[] = self::plain( Content\Content_Tokens::speakable( (string) ( $block['innerHTML'] ?? '' ) ) );
		}
	}

	private static function is_skipped( string $name ): bool {
		return in_array( $name, self::SKIPPED_BLOCKS, true ) || str_starts_with( $name, 'core-embed/' );
	}

	/** Markup to the words a listener hears: tags gone, entities decoded, spaces tidied. */
	private static function plain( string $html ): string {
		$text = wp_strip_all_tags( preg_replace( '/<br\s*\/?>|<\/(p|li|h[1-6]|td|th|div|figcaption)>/i', "$0\n", $html ) ?? $html );
		$text = html_entity_decode( $text, ENT_QUOTES | ENT_HTML5, 'UTF-8' );
		return trim( (string) preg_replace( '/[ \t]*\n\s*/u', "\n", (string) preg_replace( '/[ \t\x{00A0}]+/u', ' ', $text ) ) );
	}
}
