<?php
/**
 * Say-as, core's sayAs (packages/core/src/glossary/say-as.ts): the text a speech request carries,
 * each word that has a respelling written as it should be read (a name's stress), the respelling
 * taking the word's capitals. Whole words, palochka look-alikes and letter case as for every
 * term. Only the speech request gets this text: what people read never changes.
 *
 * @package Circassian
 */

namespace Circassian\Glossary;

defined( 'ABSPATH' ) || exit;

final class Say_As {

	public static function text( Glossary $glossary, string $language, string $text ): string {
		$matches = $glossary->respelled_words( $language )->find( $text );
		if ( ! $matches ) {
			return $text;
		}
		$said = '';
		$at   = 0;
		foreach ( $matches as $match ) {
			$said .= mb_substr( $text, $at, $match['start'] - $at ) . Term_Protect::agreed_form( $match['entry'], $match['text'] );
			$at    = $match['end'];
		}
		return $said . mb_substr( $text, $at );
	}
}
