<?php
/**
 * The language a post is read aloud in: the one chosen in its Post audio panel, else the stored
 * language of a linked translation, else Polylang's language for the post (when Polylang is
 * active), else the language the service detects in its text (POST /v1/detect, kept in post meta
 * against a hash of the text, so a text is detected once), else the site's default. Only the
 * service's speech languages count: a Turkish post falls through to the next source.
 *
 * The language a post's texts are translated from when its editor leaves it to detection
 * (translated_from()): the post's known language, else the service's detection, asked once per
 * post. The translation memory needs it: its units are keyed by the source language.
 *
 * @package Circassian
 */

namespace Circassian\Language;

use Circassian\Audio;
use Circassian\Service;
use Circassian\Spending;
use Circassian\Translation;

defined( 'ABSPATH' ) || exit;

final class Post_Language {

	/** The detected language: {hash, language}. */
	public const META_DETECTED = '_circassian_detected_language';
	/** Where the language came from, as the editor names it. */
	public const CHOSEN      = 'chosen';
	public const TRANSLATION = 'translation';
	public const POLYLANG    = 'polylang';
	public const DETECTED    = 'detected';
	public const SITE        = 'site';
	/** Enough of a post for detection; the rest would only cost bandwidth. */
	private const DETECT_SAMPLE_CHARS = 2000;
	/** The prefix of a detected text's answer, kept a day (the text's hash follows). */
	private const DETECTED_TRANSIENT = 'circassian_detected_';

	/**
	 * The language of a post's audio and where it came from. Detection asks the service only when
	 * $may_detect (a post about to be voiced, or shown to its editor), and never for a post its
	 * author keeps from visitors (private, or behind a password: it is never voiced either, and
	 * nothing of a post a visitor cannot read leaves the site unless a person asks); otherwise a
	 * text never detected reads as the site's default, so merely listing posts sends nothing.
	 *
	 * @param string $chosen The language set in the post's own voice, or ''.
	 * @param string $text   The text read aloud.
	 * @return array{language: string, source: string}
	 */
	public static function of( \WP_Post $post, string $chosen, string $text, bool $may_detect ): array {
		$candidates = array(
			self::CHOSEN      => $chosen,
			self::TRANSLATION => (string) get_post_meta( $post->ID, Translation\Linked_Translations::META_LANGUAGE, true ),
			self::POLYLANG    => Polylang::language_of( $post->ID, Service\Service_Facts::SPEECH_LANGUAGES ),
			self::DETECTED    => self::detected( $post->ID, $text, $may_detect && ! Audio\Audio_Privacy::is_restricted( $post ) ),
		);
		foreach ( $candidates as $source => $language ) {
			if ( in_array( $language, Service\Service_Facts::SPEECH_LANGUAGES, true ) ) {
				return array(
					'language' => $language,
					'source'   => $source,
				);
			}
		}
		return array(
			'language' => Service\Settings::defaults()['language'],
			'source'   => self::SITE,
		);
	}

	/**
	 * The site's own languages, first in the editor's language lists (as TranslatePress and
	 * Polylang list the site's languages before any other): the default language of its audio and
	 * translations, the language the site is written in (its locale), and Polylang's languages.
	 *
	 * @return list<string> Language codes, each once.
	 */
	public static function site_languages(): array {
		$languages = array( Service\Settings::defaults()['language'], (string) strtok( get_locale(), '_' ) );
		$languages = array_merge( $languages, Polylang::languages() );
		return array_values( array_unique( array_filter( array_map( 'sanitize_key', $languages ) ) ) );
	}

	/**
	 * The language to translate a post's texts from when the editor chose "Detect the language":
	 * a linked translation's language, Polylang's, the language detected in the post before (for
	 * its audio or an earlier translation, whatever text it was detected in: a post keeps its
	 * language as it is edited), else the service's detection of these texts, kept as the post's,
	 * so the next translation of the post asks nothing and the memory answers what it knows. Any
	 * of the service's translation languages counts (a Turkish post is translated from Turkish).
	 * '' when the service could not tell.
	 *
	 * @param list<string> $texts The texts to translate, inline markers (`<x1>`) included.
	 */
	public static function translated_from( ?\WP_Post $post, array $texts ): string {
		if ( $post instanceof \WP_Post ) {
			$stored = get_post_meta( $post->ID, self::META_DETECTED, true );
			$known  = array(
				(string) get_post_meta( $post->ID, Translation\Linked_Translations::META_LANGUAGE, true ),
				Polylang::language_of( $post->ID, Service\Service_Facts::SPEECH_LANGUAGES ),
				is_array( $stored ) ? (string) ( $stored['language'] ?? '' ) : '',
			);
			foreach ( $known as $language ) {
				if ( in_array( $language, Service\Service_Facts::TRANSLATION_LANGUAGES, true ) ) {
					return $language;
				}
			}
		}
		// The markers are no words of the text: their letters would tip the service's count toward Latin.
		$words = (string) preg_replace( '#</?x[1-9][0-9]*/?>#', '', implode( "\n", $texts ) );
		return $post instanceof \WP_Post ? self::detected( $post->ID, $words, true ) : self::ask( $words );
	}

	/**
	 * The service's detection for this text, from post meta when this text was detected before;
	 * '' when it was not and may not be now, or when the service did not answer (tried again next time).
	 */
	private static function detected( int $post_id, string $text, bool $may_detect ): string {
		$sample = trim( mb_substr( $text, 0, self::DETECT_SAMPLE_CHARS ) );
		if ( '' === $sample || $post_id <= 0 ) {
			return '';
		}
		$hash   = md5( $sample );
		$stored = get_post_meta( $post_id, self::META_DETECTED, true );
		if ( is_array( $stored ) && ( $stored['hash'] ?? '' ) === $hash ) {
			return (string) ( $stored['language'] ?? '' );
		}
		if ( ! $may_detect ) {
			return '';
		}
		$language = self::ask( $sample );
		if ( '' !== $language ) {
			update_post_meta(
				$post_id,
				self::META_DETECTED,
				array(
					'hash'     => $hash,
					'language' => $language,
				)
			);
		}
		return $language;
	}

	/**
	 * The service's answer to POST /v1/detect for the start of the text, or '' (no text, no
	 * answer, or the current user may not spend the key: detection passes the spending gate as
	 * every call to the service does; it costs no characters at the service, so it reserves none
	 * of the user's day, and a translation's texts are already reserved by its route).
	 */
	private static function ask( string $text ): string {
		$sample = trim( mb_substr( $text, 0, self::DETECT_SAMPLE_CHARS ) );
		if ( '' === $sample ) {
			return '';
		}
		$client = Service\Service_Client::from_settings();
		if ( is_wp_error( $client ) ) {
			return '';
		}
		if ( is_wp_error( Spending\Access::reserve( 0 ) ) ) {
			return '';
		}
		// The same text asked again (a post's linked translations, a bulk run's polls) is answered here:
		// detection costs no characters but counts toward the key's requests per minute.
		$kept  = self::DETECTED_TRANSIENT . md5( $client->identity() . '|' . $sample );
		$known = get_transient( $kept );
		if ( is_string( $known ) && '' !== $known ) {
			return $known;
		}
		$answer   = $client->json( 'POST', '/v1/detect', array( 'text' => $sample ) );
		$language = is_wp_error( $answer ) || ! is_string( $answer['language'] ?? null ) ? '' : sanitize_key( $answer['language'] );
		if ( '' !== $language ) {
			set_transient( $kept, $language, DAY_IN_SECONDS );
		}
		return $language;
	}
}
