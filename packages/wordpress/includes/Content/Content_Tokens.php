<?php
/**
 * What in post content is not words: shortcodes (core's, a plugin's, or one whose plugin is gone)
 * and URLs (auto-embed lines, [embed] bodies). A listener must never hear "gallery columns equals
 * two" or a web address, so speech gets the words only; an enclosing shortcode's inner words (a
 * caption's text) are kept, its tags and attributes are not.
 *
 * Shortcodes are found with WordPress's own get_shortcode_regex(), given the registered tags and
 * the tags the content itself shows to be shortcodes (a closing tag, attributes, or a self-closing
 * slash), so a deactivated plugin's shortcode is left out too while "[sic]" stays a word.
 *
 * @package Circassian
 */

namespace Circassian\Content;

defined( 'ABSPATH' ) || exit;

final class Content_Tokens {

	/** A web address in text, up to whitespace, markup or a bracket; trailing punctuation is the sentence's. */
	public const URL = '#\bhttps?://[^\s<>"\'\[\]]*[^\s<>"\'\[\].,;:!?)]#i';

	/** Tags the content shows to be shortcodes: `[/tag]`, `[tag attr…]`, `[tag/]`. */
	private const SHAPED_TAG = '#\[(?:/([a-zA-Z][\w-]*)\]|([a-zA-Z][\w-]*)(?:\s+[^\[\]]*=[^\[\]]*|\s*/)\])#';

	/**
	 * The content with every shortcode replaced by its inner content (nothing for a self-closing
	 * one) and every URL removed: what may be read aloud.
	 */
	public static function speakable( string $content ): string {
		$tags = self::tags( $content );
		if ( $tags ) {
			$regex   = '/' . get_shortcode_regex( $tags ) . '/s';
			$content = self::unwrap( $content, $regex );
		}
		return (string) preg_replace( self::URL, '', $content );
	}

	/**
	 * Registered shortcode tags and those the content shows, present in the content.
	 *
	 * @return list<string>
	 */
	public static function tags( string $content ): array {
		global $shortcode_tags;
		if ( ! str_contains( $content, '[' ) ) {
			return array();
		}
		$tags = array_keys( is_array( $shortcode_tags ) ? $shortcode_tags : array() );
		if ( preg_match_all( self::SHAPED_TAG, $content, $found ) ) {
			$tags = array_merge( $tags, array_filter( $found[1] ), array_filter( $found[2] ) );
		}
		return array_values( array_unique( array_map( 'strval', $tags ) ) );
	}

	/** Each shortcode by its inner content, nested ones too; an escaped `[[tag]]` reads as `[tag]`. */
	private static function unwrap( string $content, string $regex ): string {
		return (string) preg_replace_callback(
			$regex,
			static function ( array $m ) use ( $regex ): string {
				if ( '[' === $m[1] && ']' === $m[6] ) {
					return substr( $m[0], 1, -1 );
				}
				// Around the inner words, so they stay apart from the text beside the shortcode.
				return "\n" . self::unwrap( (string) $m[5], $regex ) . "\n";
			},
			$content
		);
	}
}
