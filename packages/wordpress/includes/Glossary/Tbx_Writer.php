<?php
/**
 * Writes a glossary as TBX-Basic, core's writeTbx (packages/core/src/glossary/tbx-write.ts) byte
 * for byte: the `martif` form Weblate, the Translate Toolkit, OmegaT and memoQ read, one
 * `<termEntry>` per entry numbered c1, c2…; keep and translate as the source term's `<langSet>`
 * then the target's marked `preferredTerm-admn-sts`; forbidden as the word marked
 * `deprecatedTerm-admn-sts` (after the source term when the entry names one); say as the word with
 * `<termNote type="pronunciation">`. Part of speech is `partOfSpeech`, the note a `<note>`, the
 * matching flags `x-circassian-stem` and `x-circassian-case-sensitive` (written only when set).
 *
 * @package Circassian
 */

namespace Circassian\Glossary;

defined( 'ABSPATH' ) || exit;

final class Tbx_Writer {

	/** @param list<array<string, mixed>> $entries Checked entries. */
	public static function write( array $entries ): string {
		$lines = array(
			'<?xml version="1.0" encoding="UTF-8"?>',
			'<!DOCTYPE martif SYSTEM "TBXBasiccoreStructV02.dtd">',
			sprintf( '<martif type="TBX-Basic" xml:lang="%s">', $entries[0]['source_lang'] ?? 'und' ),
			'  <martifHeader>',
			'    <fileDesc>',
			'      <sourceDesc>',
			'        <p>Circassian glossary</p>',
			'      </sourceDesc>',
			'    </fileDesc>',
			'    <encodingDesc>',
			'      <p type="XCSURI">TBXBasicXCSV02.xcs</p>',
			'    </encodingDesc>',
			'  </martifHeader>',
			'  <text>',
			'    <body>',
		);
		foreach ( array_values( $entries ) as $index => $entry ) {
			array_push( $lines, ...self::term_entry( $entry, $index ) );
		}
		array_push( $lines, '    </body>', '  </text>', '</martif>' );
		return implode( "\n", $lines ) . "\n";
	}

	/**
	 * @param array<string, mixed> $entry A checked entry.
	 * @return list<string>
	 */
	private static function term_entry( array $entry, int $index ): array {
		$flags = array(
			array( 'x-circassian-stem', empty( $entry['stem'] ) ? null : 'yes' ),
			array( 'x-circassian-case-sensitive', empty( $entry['case_sensitive'] ) ? null : 'yes' ),
		);
		$pos   = array( 'partOfSpeech', $entry['part_of_speech'] ?? null );
		$note  = $entry['note'] ?? null;
		$sets  = array();
		if ( 'say' === $entry['type'] ) {
			$sets[] = self::lang_set( $entry['source_lang'], self::tig( $entry['source'], array_merge( array( $pos, array( 'pronunciation', $entry['target'] ) ), $flags ), $note ) );
		} elseif ( 'forbidden' === $entry['type'] ) {
			$named  = '' !== $entry['source'];
			$status = array( 'administrativeStatus', 'deprecatedTerm-admn-sts' );
			if ( $named ) {
				$sets[] = self::lang_set( $entry['source_lang'], self::tig( $entry['source'], array( $pos ), $note ) );
			}
			$sets[] = self::lang_set( $entry['target_lang'], self::tig( $entry['target'], $named ? array_merge( array( $status ), $flags ) : array_merge( array( $pos, $status ), $flags ), $named ? null : $note ) );
		} else {
			$sets[] = self::lang_set( $entry['source_lang'], self::tig( $entry['source'], array_merge( array( $pos ), $flags ), $note ) );
			$sets[] = self::lang_set( $entry['target_lang'], self::tig( $entry['target'], array( array( 'administrativeStatus', 'preferredTerm-admn-sts' ) ), null ) );
		}
		$lines = array( sprintf( '      <termEntry id="c%d">', $index + 1 ) );
		foreach ( $sets as $set ) {
			array_push( $lines, ...$set );
		}
		$lines[] = '      </termEntry>';
		return $lines;
	}

	/**
	 * A `<tig>`: the term, its notes in the order TBX-Basic's tig has them (termNote, then note).
	 *
	 * @param list<array{0: string, 1: string|null}> $notes Typed notes; null ones left out.
	 * @return list<string>
	 */
	private static function tig( string $term, array $notes, ?string $note ): array {
		$lines = array( '          <tig>', '            <term>' . self::xml( $term ) . '</term>' );
		foreach ( $notes as [ $type, $value ] ) {
			if ( null !== $value ) {
				$lines[] = sprintf( '            <termNote type="%s">%s</termNote>', $type, self::xml( $value ) );
			}
		}
		if ( null !== $note ) {
			$lines[] = '            <note>' . self::xml( $note ) . '</note>';
		}
		$lines[] = '          </tig>';
		return $lines;
	}

	/**
	 * @param list<string> $tig The `<tig>`'s lines.
	 * @return list<string>
	 */
	private static function lang_set( string $lang, array $tig ): array {
		return array_merge( array( sprintf( '        <langSet xml:lang="%s">', $lang ) ), $tig, array( '        </langSet>' ) );
	}

	/** XML text (a CR as a reference, since a reader turns a raw CR into a line feed). */
	private static function xml( string $text ): string {
		return strtr(
			$text,
			array(
				'&'  => '&amp;',
				'<'  => '&lt;',
				'>'  => '&gt;',
				'"'  => '&quot;',
				"\r" => '&#13;',
			)
		);
	}
}
