<?php
/**
 * The endings a `stem` entry tolerates, per language: core's GLOSSARY_ENDINGS
 * (packages/core/src/glossary/suffixes.ts, where the sources of the lists are named). Kabardian
 * and Adyghe nouns take case and number as suffixes on the dictionary form (Налшык, Налшыкым,
 * НалшыкымкӀэ), so the term is the stem; Russian replaces its ending (Москва, Москвы). The same
 * lists are in shared/vectors/glossary.json, and the PHP tests hold these to them.
 *
 * @package Circassian
 */

namespace Circassian\Glossary;

defined( 'ABSPATH' ) || exit;

final class Endings {

	/** The shortest stem left when a term's own ending gives way, so a short word does not match everything. */
	public const MIN_STEM = 3;

	private const KABARDIAN = array( '', 'р', 'м', 'мкӀэ', 'кӀэ', 'у', 'уэ', 'ыр', 'ым', 'ымкӀэ', 'ыу', 'ыуэ', 'хэ', 'хэр', 'хэм', 'хэмкӀэ', 'хэкӀэ', 'хэу', 'ри', 'ми', 'кӀи', 'уи', 'ыри', 'ыми', 'хэри', 'хэми', 'рэ', 'ырэ', 'хэрэ', 'щ', 'рщ', 'ыщ', 'ырщ', 'хэщ', 'хэрщ' );

	private const ADYGHE = array( '', 'р', 'м', 'мкӀэ', 'кӀэ', 'у', 'эу', 'эр', 'эм', 'эмкӀэ', 'хэ', 'хэр', 'хэм', 'хэмэ', 'хэмкӀэ', 'хэкӀэ', 'хэу', 'ри', 'ми', 'кӀи', 'эри', 'эми', 'хэри', 'хэми', 'рэ', 'эрэ', 'хэрэ' );

	private const RUSSIAN = array( '', 'а', 'я', 'о', 'е', 'ё', 'у', 'ю', 'ы', 'и', 'ь', 'й', 'ой', 'ей', 'ою', 'ею', 'ом', 'ем', 'ём', 'ам', 'ям', 'ами', 'ями', 'ах', 'ях', 'ов', 'ев', 'ая', 'яя', 'ое', 'ее', 'ые', 'ие', 'ый', 'ий', 'ого', 'его', 'ому', 'ему', 'ым', 'им', 'ых', 'их', 'ую', 'юю' );

	/**
	 * A language's endings, or null for one whose terms match whole words only.
	 *
	 * @return array{suffixes: list<string>, replaces_ending: bool, inflects: string}|null
	 */
	public static function of( string $language ): ?array {
		return match ( $language ) {
			'kbd' => array(
				'suffixes'        => self::KABARDIAN,
				'replaces_ending' => false,
				'inflects'        => 'last',
			),
			'ady' => array(
				'suffixes'        => self::ADYGHE,
				'replaces_ending' => false,
				'inflects'        => 'last',
			),
			'ru' => array(
				'suffixes'        => self::RUSSIAN,
				'replaces_ending' => true,
				'inflects'        => 'every',
			),
			default => null,
		};
	}
}
