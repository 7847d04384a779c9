<?php
/**
 * The bridge to Polylang, when it is active: its functions are looked for, never assumed (it is
 * neither on npm nor in Debian, so no test site has it). A post's language, the site's languages,
 * a post's translation in a language, and joining a translation to its original's group; each
 * answers as if Polylang were absent when a function it needs is missing.
 *
 * @package Circassian
 */

namespace Circassian\Language;

defined( 'ABSPATH' ) || exit;

final class Polylang {

	/**
	 * A post's language as a service code (Polylang's slug when it is one of the speech languages,
	 * else its locale's language: `kbd_RU` is `kbd`), or '' without Polylang or a language.
	 *
	 * @param list<string> $codes The service's codes a slug is taken as is for.
	 */
	public static function language_of( int $post_id, array $codes ): string {
		if ( ! function_exists( 'pll_get_post_language' ) ) {
			return '';
		}
		$slug = (string) pll_get_post_language( $post_id, 'slug' );
		if ( in_array( $slug, $codes, true ) ) {
			return $slug;
		}
		return (string) strtok( (string) pll_get_post_language( $post_id, 'locale' ), '_' );
	}

	/**
	 * The site's languages in Polylang (their slugs), or none without it.
	 *
	 * @return list<string>
	 */
	public static function languages(): array {
		return function_exists( 'pll_languages_list' ) ? array_map( 'strval', (array) pll_languages_list( array( 'fields' => 'slug' ) ) ) : array();
	}

	/** The original's Polylang translation in a language (a service code); 0 when it has none, or without Polylang. */
	public static function translation_of( int $original, string $code ): int {
		if ( ! function_exists( 'pll_get_post' ) || ! function_exists( 'pll_languages_list' ) ) {
			return 0;
		}
		$slug = self::slug_for( $code );
		return '' === $slug ? 0 : (int) pll_get_post( $original, $slug );
	}

	/**
	 * Makes a post the original's Polylang translation in a language (a service code): only when
	 * Polylang knows the language and the original has a language of its own that differs
	 * (Polylang keeps one post per language in a group).
	 */
	public static function join( int $post_id, int $original_id, string $code ): void {
		foreach ( array( 'pll_set_post_language', 'pll_save_post_translations', 'pll_get_post_language', 'pll_get_post_translations', 'pll_languages_list' ) as $function ) {
			if ( ! function_exists( $function ) ) {
				return;
			}
		}
		$language          = self::slug_for( $code );
		$original_language = (string) pll_get_post_language( $original_id );
		if ( '' === $language || '' === $original_language || $original_language === $language ) {
			return;
		}
		pll_set_post_language( $post_id, $language );
		$group                       = (array) pll_get_post_translations( $original_id );
		$group[ $original_language ] = $original_id;
		$group[ $language ]          = $post_id;
		pll_save_post_translations( $group );
	}

	/** Polylang's slug for one of the service's language codes: the same slug, or a locale of that language. */
	private static function slug_for( string $code ): string {
		if ( '' === $code ) {
			return '';
		}
		$slugs   = (array) pll_languages_list( array( 'fields' => 'slug' ) );
		$locales = (array) pll_languages_list( array( 'fields' => 'locale' ) );
		if ( in_array( $code, $slugs, true ) ) {
			return $code;
		}
		foreach ( $locales as $index => $locale ) {
			if ( strtok( (string) $locale, '_' ) === $code && isset( $slugs[ $index ] ) ) {
				return (string) $slugs[ $index ];
			}
		}
		return '';
	}
}
