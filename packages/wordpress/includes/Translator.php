<?php
/**
 * Translates many text segments in the fewest batch calls: duplicates sent once, packed into
 * requests of at most 50 texts and 20000 characters, order kept.
 *
 * @package Circassian
 */

namespace Circassian;

use WP_Error;

defined( 'ABSPATH' ) || exit;

final class Translator {

	public const BATCH_MAX_TEXTS = 50;
	public const BATCH_MAX_CHARS = 20000;

	/**
	 * Groups of unique texts, each group one batch request.
	 *
	 * @param list<string> $texts Unique texts, each at most BATCH_MAX_CHARS.
	 * @return list<list<string>>
	 */
	public static function pack( array $texts ): array {
		$batches = array();
		$current = array();
		$chars   = 0;
		foreach ( $texts as $text ) {
			$length = mb_strlen( $text );
			if ( $current && ( count( $current ) >= self::BATCH_MAX_TEXTS || $chars + $length > self::BATCH_MAX_CHARS ) ) {
				$batches[] = $current;
				$current   = array();
				$chars     = 0;
			}
			$current[] = $text;
			$chars    += $length;
		}
		if ( $current ) {
			$batches[] = $current;
		}
		return $batches;
	}

	/**
	 * @param list<string> $texts   Segments, in order; empty or whitespace-only ones come back as they are.
	 * @param string|null  $source  Source language, or null to detect.
	 * @return array{translations: list<string>, source_lang: string, target_lang: string, requests: int}|WP_Error
	 */
	public static function translate_texts( array $texts, string $target, ?string $source ): array|WP_Error {
		$client = Service_Client::from_settings();
		if ( is_wp_error( $client ) ) {
			return $client;
		}
		$unique = array();
		foreach ( $texts as $text ) {
			if ( '' !== trim( $text ) ) {
				$unique[ $text ] = true;
			}
		}
		$translated  = array();
		$source_lang = $source ?? '';
		$requests    = 0;
		foreach ( self::pack( array_map( 'strval', array_keys( $unique ) ) ) as $batch ) {
			$body = array(
				'texts'       => $batch,
				'target_lang' => $target,
			);
			if ( null !== $source ) {
				$body['source_lang'] = $source;
			}
			$answer = $client->json( 'POST', '/v1/translate/batch', $body );
			++$requests;
			if ( is_wp_error( $answer ) ) {
				return $answer;
			}
			foreach ( $batch as $i => $text ) {
				$translated[ $text ] = (string) ( $answer['translations'][ $i ] ?? $text );
			}
			$source_lang = (string) ( $answer['source_lang'] ?? $source_lang );
		}
		$out = array();
		foreach ( $texts as $text ) {
			$out[] = $translated[ $text ] ?? $text;
		}
		return array(
			'translations' => $out,
			'source_lang'  => $source_lang,
			'target_lang'  => $target,
			'requests'     => $requests,
		);
	}
}
