<?php
/**
 * The speech memory's key, core's speechKey (packages/core/src/speech/speech-key.ts) in PHP: two
 * sentences share stored audio when the service would voice the same text the same way. The text
 * is matched as the translation memory matches it (Memory\Memory_Key: NFC, palochka look-alikes,
 * surrounding whitespace aside); the voice is the language, the preset, the speed (three decimals)
 * and the instruction. The SHA-256 of the JSON of these fields, held to shared/vectors/speech.json
 * (`keys`) so a key made by core's tools and one made here name the same audio.
 *
 * @package Circassian
 */

namespace Circassian\Speech_Memory;

use Circassian\Memory;
use Circassian\Service\Service_Facts;

defined( 'ABSPATH' ) || exit;

final class Speech_Key {

	/** Core's SPEECH_KEY_VERSION: changes whenever the meaning of the fields changes. */
	public const VERSION = 1;

	/**
	 * The fields hashed, in order (core's speechKeyFields). A voice field missing takes the service's
	 * default, as core's does.
	 *
	 * @param array{language?: string, voice?: string, speed?: float|int, instruct?: string, ref_audio_url?: string} $voice The request's voice.
	 * @return array{0: string, 1: int, 2: string, 3: string, 4: string, 5: string, 6: string, 7: string}
	 */
	public static function fields( string $text, array $voice ): array {
		return array(
			'circassian-speech',
			self::VERSION,
			(string) ( $voice['language'] ?? Service_Facts::DEFAULT_LANGUAGE ),
			(string) ( $voice['voice'] ?? Service_Facts::DEFAULT_VOICE ),
			number_format( (float) ( $voice['speed'] ?? Service_Facts::DEFAULT_SPEED ), 3, '.', '' ),
			(string) ( $voice['instruct'] ?? '' ),
			(string) ( $voice['ref_audio_url'] ?? '' ),
			Memory\Memory_Key::key( $text ),
		);
	}

	/**
	 * The stored audio's key for this text in this voice: 64 lowercase hex digits.
	 *
	 * @param array{language?: string, voice?: string, speed?: float|int, instruct?: string, ref_audio_url?: string} $voice The request's voice.
	 */
	public static function of( string $text, array $voice ): string {
		return hash( 'sha256', (string) wp_json_encode( self::fields( $text, $voice ), JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_LINE_TERMINATORS ) );
	}
}
