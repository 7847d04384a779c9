<?php
/**
 * Translates many text segments in the fewest batch calls: duplicates sent once, packed into
 * requests of at most 50 texts and 20000 characters by core's planner's rule (Batch_Plan). With
 * the source language known (chosen, or the post's own: Post_Language::translated_from()), the
 * site's translation memory answers the texts it knows first (no request, nothing spent) and
 * keeps the service's answers as `machine` units; left to the service's detection, it is left out,
 * as core leaves it (a lookup before the service names the language could answer from another
 * language's unit). With the source language known, the site's glossary goes around every text
 * sent: its keep and translate terms leave as protected markers (never as text to translate) and
 * come back in their agreed form (Glossary\Term_Protect), as core's client does.
 *
 * @package Circassian
 */

namespace Circassian\Translation;

use Circassian\Glossary;
use Circassian\Memory;
use Circassian\Service;
use WP_Error;

defined( 'ABSPATH' ) || exit;

final class Translator {

	/**
	 * Groups of texts, each group one batch request, by core's planner's rule (Batch_Plan).
	 *
	 * @param list<string> $texts Texts, each at most Service_Facts::BATCH_MAX_CHARS.
	 * @return list<list<string>>
	 */
	public static function pack( array $texts ): array {
		return Batch_Plan::requests( $texts, Service\Service_Facts::BATCH_MAX_TEXTS, Service\Service_Facts::BATCH_MAX_CHARS );
	}

	/**
	 * Each text as it is sent: with a known source language, the glossary's terms as markers.
	 *
	 * @param list<string> $texts Texts to send.
	 * @return list<array{text: string, terms: list<array{id: int, entry: array<string, mixed>, found: string, agreed: string}>}>
	 */
	private static function protect_terms( array $texts, string $target, ?string $source ): array {
		$glossary = null === $source || ! $texts ? null : Glossary\Glossary_Store::glossary();
		return array_map(
			static fn( string $text ): array => null === $glossary ? array(
				'text'  => $text,
				'terms' => array(),
			) : Glossary\Term_Protect::protect( $glossary, (string) $source, $target, $text ),
			$texts
		);
	}

	/**
	 * The memory's answers for the texts (none without a source language), and the units' ids. A
	 * machine unit the site's glossary contradicts (a term of the source not in its agreed form, a
	 * forbidden word: Glossary\Term_Check) is not reused, as core's client does not: its text is
	 * sent again, with the glossary; a person's unit is kept (the publish panel shows its problems).
	 *
	 * @param list<string> $texts Segments.
	 * @return array{answers: array<string, string>, ids: list<int>} Answer by text.
	 */
	public static function remembered( array $texts, string $target, ?string $source ): array {
		if ( null === $source ) {
			return array(
				'answers' => array(),
				'ids'     => array(),
			);
		}
		$recalled = Memory\Memory_Store::recall( $source, $target, $texts );
		$glossary = $recalled['answers'] ? Glossary\Glossary_Store::glossary() : null;
		if ( null === $glossary || ! $glossary->entries ) {
			return $recalled;
		}
		foreach ( $recalled['answers'] as $text => $answer ) {
			if ( 'machine' === ( $recalled['units'][ $text ]['origin'] ?? '' ) && Glossary\Term_Check::check( $glossary, $source, $target, (string) $text, $answer ) ) {
				unset( $recalled['answers'][ $text ], $recalled['units'][ $text ] );
			}
		}
		$recalled['ids'] = array_values( array_unique( array_column( $recalled['units'], 'id' ) ) );
		return $recalled;
	}

	/**
	 * Texts already in the target language, answered as they are: no request, nothing spent.
	 *
	 * @param list<string> $texts Segments.
	 * @return array{translations: list<string>, source_lang: string, target_lang: string, requests: int, memory: array{consulted: bool, hits: int, characters: int, stored: int}}
	 */
	public static function as_is( array $texts, string $language ): array {
		return array(
			'translations' => $texts,
			'source_lang'  => $language,
			'target_lang'  => $language,
			'requests'     => 0,
			'memory'       => array(
				'consulted'  => false,
				'hits'       => 0,
				'characters' => 0,
				'stored'     => 0,
			),
		);
	}

	/**
	 * @param list<string>               $texts      Segments, in order; empty or whitespace-only ones come back as they are.
	 * @param string|null                $source     Source language, or null to detect.
	 * @param array{answers: array<string, string>, ids: list<int>}|null $recalled What remembered() answered, when the caller asked it already.
	 * @param string                     $where      Where the texts are from (`post:ID`, '' for nowhere known): the units learnt record it, so only who may read that post sees them (Memory\Unit_Visibility).
	 * @return array{translations: list<string>, source_lang: string, target_lang: string, requests: int, memory: array{consulted: bool, hits: int, characters: int, stored: int}}|WP_Error
	 */
	public static function translate_texts( array $texts, string $target, ?string $source, ?array $recalled = null, string $where = '' ): array|WP_Error {
		$recalled ??= self::remembered( $texts, $target, $source );
		$remembered = $recalled['answers'];
		$unique     = array();
		foreach ( $texts as $text ) {
			if ( '' !== trim( $text ) && ! isset( $remembered[ $text ] ) ) {
				$unique[ $text ] = true;
			}
		}
		$translated  = $remembered;
		$source_lang = $source ?? '';
		$requests    = 0;
		$learnt      = array();
		$to_send     = array_map( 'strval', array_keys( $unique ) );
		$sent        = self::protect_terms( $to_send, $target, $source );
		// Packed by what is sent (a term's marker may be longer than the term).
		$batches = Batch_Plan::groups( array_keys( $to_send ), Service\Service_Facts::BATCH_MAX_TEXTS, Service\Service_Facts::BATCH_MAX_CHARS, static fn( int $i ): int => mb_strlen( $sent[ $i ]['text'] ) );
		$client  = $batches ? Service\Service_Client::from_settings() : null;
		if ( is_wp_error( $client ) ) {
			return $client;
		}
		foreach ( $batches as $indexes ) {
			$batch = array_map( static fn( int $i ): string => $to_send[ $i ], $indexes );
			$body  = array(
				'texts'       => array_map( static fn( int $i ): string => $sent[ $i ]['text'], $indexes ),
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
				$translated[ $text ] = isset( $answer['translations'][ $i ] ) ? Glossary\Term_Protect::restore( (string) $answer['translations'][ $i ], $sent[ $indexes[ $i ] ] )['text'] : $text;
				if ( isset( $answer['translations'][ $i ] ) ) {
					$learnt[] = array(
						'source_lang' => (string) $source,
						'target_lang' => $target,
						'source'      => $text,
						'target'      => $translated[ $text ],
						'origin'      => 'machine',
						'creator'     => (string) wp_get_current_user()->user_login,
						'creator_id'  => get_current_user_id(),
						'where'       => $where,
					);
				}
			}
			$source_lang = (string) ( $answer['source_lang'] ?? $source_lang );
		}
		$stored = null !== $source && $learnt ? Memory\Memory_Store::store( $learnt )['stored'] : 0;
		if ( null !== $source && $remembered ) {
			Memory\Memory_Store::record_use( $recalled['ids'] );
		}
		$out        = array();
		$hits       = 0;
		$characters = 0;
		foreach ( $texts as $text ) {
			$out[] = $translated[ $text ] ?? $text;
			if ( isset( $remembered[ $text ] ) ) {
				++$hits;
				$characters += mb_strlen( $text );
			}
		}
		return array(
			'translations' => $out,
			'source_lang'  => $source_lang,
			'target_lang'  => $target,
			'requests'     => $requests,
			// What the memory answered (not sent, not counted in anyone's characters of the day).
			'memory'       => array(
				'consulted'  => null !== $source,
				'hits'       => $hits,
				'characters' => $characters,
				'stored'     => $stored,
			),
		);
	}
}
