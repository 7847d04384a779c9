<?php
/**
 * Reads TBX, core's readTbx (packages/core/src/glossary/tbx-read.ts) in PHP, with XMLReader (the
 * file streamed as core streams it): TBX-Basic in the `martif` form and the `tbx` form of ISO
 * 30042:2019 (`conceptEntry`, `langSec`, `termSec`). A concept's first language set is the
 * source, each further one a target; a target term marked deprecated, superseded, forbidden or
 * obsolete is a forbidden word, any other the agreed translation (a keep when it is the source
 * term, or when the concept says `Translation needed: no`, as Weblate marks untranslatable terms);
 * a term with `<termNote type="pronunciation">` is a say-as respelling; a lone language set is a
 * forbidden word or a respelling, its pair's other language the file's `xml:lang`. Languages by
 * their primary subtag. A concept in no supported pair, or a lone term with no translation, is
 * skipped and reported; a file that is not TBX (another root, broken XML, cut short, an empty
 * `<term>`) throws Glossary_Error.
 *
 * @package Circassian
 */

namespace Circassian\Glossary;

use Circassian\Service;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.NamingConventions.ValidVariableName.NotSnakeCaseMemberVar, WordPress.NamingConventions.ValidVariableName.UsedPropertyNotSnakeCase -- XMLReader's own property names.

final class Tbx_Reader {

	private const ROOTS       = array( 'martif', 'tbx' );
	private const CONCEPTS    = array( 'termEntry', 'conceptEntry' );
	private const LANG_SETS   = array( 'langSet', 'langSec' );
	private const TERM_GROUPS = array( 'tig', 'ntig', 'termSec' );
	private const NOTES       = array( 'termNote', 'descrip', 'admin' );
	private const FORBIDDEN   = '/deprecated|superseded|forbidden|obsolete/iu';

	/**
	 * @return array{entries: list<array<string, mixed>>, skipped: list<array{entry: int, reason: string, detail: string}>}
	 */
	public static function read( string $bytes ): array {
		$reader = new \XMLReader();
		$errors = libxml_use_internal_errors( true );
		libxml_clear_errors();
		// No network, no external DTD (TBX-Basic files name one), no entity expansion from outside.
		if ( '' === $bytes || ! $reader->XML( $bytes, 'UTF-8', LIBXML_NONET ) ) {
			libxml_use_internal_errors( $errors );
			throw new Glossary_Error( 'the file is empty: no <martif> or <tbx> element' );
		}
		$state = array(
			'entries' => array(),
			'skipped' => array(),
			'header'  => '',
			'root'    => null,
			'closed'  => false,
			'concept' => null,
			'index'   => 0,
			'set'     => null,
			'term'    => null,
			'reading' => null,
			'text'    => '',
		);
		try {
			while ( $reader->read() ) {
				self::event( $reader, $state );
			}
			$error = libxml_get_last_error();
			if ( false !== $error ) {
				throw new Glossary_Error( sprintf( 'the file is not readable TBX: %s (line %d)', trim( $error->message ), $error->line ) ); // phpcs:ignore WordPress.Security.EscapeOutput.ExceptionNotEscaped -- a message, escaped where it is shown.
			}
		} finally {
			libxml_clear_errors();
			libxml_use_internal_errors( $errors );
			$reader->close();
		}
		if ( null === $state['root'] ) {
			throw new Glossary_Error( 'the file is empty: no <martif> or <tbx> element' );
		}
		if ( ! $state['closed'] ) {
			throw new Glossary_Error( sprintf( 'the file ends before </%s>: it was cut short', $state['root'] ) ); // phpcs:ignore WordPress.Security.EscapeOutput.ExceptionNotEscaped -- a message, escaped where it is shown.
		}
		return array(
			'entries' => $state['entries'],
			'skipped' => $state['skipped'],
		);
	}

	/** @param array<string, mixed> $state The reading so far. */
	private static function event( \XMLReader $reader, array &$state ): void {
		switch ( $reader->nodeType ) {
			case \XMLReader::TEXT:
			case \XMLReader::CDATA:
			case \XMLReader::WHITESPACE:
			case \XMLReader::SIGNIFICANT_WHITESPACE:
				if ( null !== $state['reading'] ) {
					$state['text'] .= $reader->value;
				} elseif ( null === $state['root'] && '' !== trim( $reader->value ) ) {
					throw new Glossary_Error( 'the file is not TBX: text before its root element' );
				}
				return;
			case \XMLReader::ELEMENT:
				self::open( $reader, $state );
				if ( $reader->isEmptyElement ) {
					self::close( $reader->localName, $state );
				}
				return;
			case \XMLReader::END_ELEMENT:
				self::close( $reader->localName, $state );
				return;
		}
	}

	/** @param array<string, mixed> $state The reading so far. */
	private static function open( \XMLReader $reader, array &$state ): void {
		$name = $reader->localName;
		if ( null === $state['root'] ) {
			if ( ! in_array( $name, self::ROOTS, true ) ) {
				throw new Glossary_Error( sprintf( 'the file is not TBX: its root element is <%s>, not <martif> or <tbx>', $name ) ); // phpcs:ignore WordPress.Security.EscapeOutput.ExceptionNotEscaped -- a message, escaped where it is shown.
			}
			$state['root']   = $name;
			$state['header'] = self::primary( $reader->getAttribute( 'xml:lang' ) );
			return;
		}
		if ( $state['closed'] ) {
			throw new Glossary_Error( sprintf( 'the file goes on after </%s>', $state['root'] ) ); // phpcs:ignore WordPress.Security.EscapeOutput.ExceptionNotEscaped -- a message, escaped where it is shown.
		}
		$lang = $reader->getAttribute( 'xml:lang' ) ?? $reader->getAttribute( 'lang' );
		if ( in_array( $name, self::CONCEPTS, true ) ) {
			$state['concept'] = array(
				'sets'    => array(),
				'notes'   => array(),
				'remarks' => array(),
			);
			++$state['index'];
		} elseif ( in_array( $name, self::LANG_SETS, true ) && null !== $state['concept'] ) {
			$state['concept']['sets'][] = array(
				'lang'  => self::primary( $lang ),
				'terms' => array(),
			);
			$state['set']               = count( $state['concept']['sets'] ) - 1;
		} elseif ( in_array( $name, self::TERM_GROUPS, true ) && null !== $state['set'] ) {
			$state['term'] = null;
		} elseif ( 'term' === $name && null !== $state['set'] ) {
			$state['concept']['sets'][ $state['set'] ]['terms'][] = array(
				'text'    => '',
				'notes'   => array(),
				'remarks' => array(),
			);
			$state['term']                                        = count( $state['concept']['sets'][ $state['set'] ]['terms'] ) - 1;
			$state['reading']                                     = array( 'kind' => 'term' );
			$state['text']                                        = '';
		} elseif ( in_array( $name, self::NOTES, true ) && null !== $state['concept'] ) {
			$state['reading'] = array(
				'kind' => 'note',
				'type' => $reader->getAttribute( 'type' ) ?? $name,
				'on'   => self::owner( $state ),
			);
			$state['text']    = '';
		} elseif ( 'note' === $name && null !== $state['concept'] ) {
			$state['reading'] = array(
				'kind' => 'remark',
				'on'   => self::owner( $state ),
			);
			$state['text']    = '';
		}
	}

	/**
	 * Where a note read now belongs: the current term, else the concept.
	 *
	 * @param array<string, mixed> $state The reading so far.
	 * @return array{0: int, 1: int}|null The term's set and index, or null for the concept.
	 */
	private static function owner( array $state ): ?array {
		return null === $state['term'] ? null : array( $state['set'], $state['term'] );
	}

	/** @param array<string, mixed> $state The reading so far. */
	private static function close( string $name, array &$state ): void {
		if ( $name === $state['root'] ) {
			$state['closed'] = true;
			return;
		}
		$reading = $state['reading'];
		if ( null !== $reading ) {
			$value = trim( $state['text'] );
			if ( 'term' === $reading['kind'] && null !== $state['term'] ) {
				if ( '' === $value ) {
					throw new Glossary_Error( sprintf( 'concept entry %d: an empty <term>', $state['index'] ) ); // phpcs:ignore WordPress.Security.EscapeOutput.ExceptionNotEscaped -- a message, escaped where it is shown.
				}
				$state['concept']['sets'][ $state['set'] ]['terms'][ $state['term'] ]['text'] = $value;
			} elseif ( 'note' === $reading['kind'] ) {
				$notes = &self::notes_of( $state, $reading['on'], 'notes' );
				if ( ! array_key_exists( $reading['type'], $notes ) ) {
					$notes[ $reading['type'] ] = $value;
				}
			} elseif ( 'remark' === $reading['kind'] && '' !== $value ) {
				$remarks   = &self::notes_of( $state, $reading['on'], 'remarks' );
				$remarks[] = $value;
			}
			$state['reading'] = null;
			return;
		}
		if ( in_array( $name, self::TERM_GROUPS, true ) ) {
			$state['term'] = null;
		} elseif ( in_array( $name, self::LANG_SETS, true ) ) {
			$state['set'] = null;
		} elseif ( in_array( $name, self::CONCEPTS, true ) && null !== $state['concept'] ) {
			array_push( $state['entries'], ...self::concept_entries( $state['concept'], $state['index'], $state['header'], $state['skipped'] ) );
			$state['concept'] = null;
		}
	}

	/**
	 * The notes or remarks of a term, or of the concept.
	 *
	 * @param array<string, mixed>         $state The reading so far.
	 * @param array{0: int, 1: int}|null $on    The term, or null for the concept.
	 * @return array<string|int, string>
	 */
	private static function &notes_of( array &$state, ?array $on, string $kind ): array {
		if ( null === $on ) {
			return $state['concept'][ $kind ];
		}
		return $state['concept']['sets'][ $on[0] ]['terms'][ $on[1] ][ $kind ];
	}

	/**
	 * The entries one concept gives, or a skip reported.
	 *
	 * @param array<string, mixed>                                      $concept The concept read.
	 * @param list<array{entry: int, reason: string, detail: string}> $skipped Skips so far.
	 * @return list<array<string, mixed>>
	 */
	private static function concept_entries( array $concept, int $index, string $header, array &$skipped ): array {
		$sets   = array_values( array_filter( $concept['sets'], static fn( array $set ): bool => count( $set['terms'] ) > 0 ) );
		$usable = array_values( array_filter( $sets, static fn( array $set ): bool => self::is_language( $set['lang'] ) ) );
		if ( count( $usable ) < count( $sets ) && ! $usable ) {
			$skipped[] = array(
				'entry'  => $index,
				'reason' => 'language',
				'detail' => 'languages ' . implode( ', ', array_map( static fn( array $set ): string => '' !== $set['lang'] ? $set['lang'] : '?', $sets ) ),
			);
			return array();
		}
		$remarks = $concept['remarks'];
		$notes   = array( $concept['notes'] );
		foreach ( $usable as $set ) {
			foreach ( $set['terms'] as $term ) {
				array_push( $remarks, ...$term['remarks'] );
				$notes[] = $term['notes'];
			}
		}
		$remark         = $remarks[0] ?? ( $concept['notes']['definition'] ?? null );
		$untranslatable = false;
		foreach ( $notes as $note ) {
			$needed = $note['Translation needed'] ?? ( $note['translationNote'] ?? null );
			if ( null !== $needed && 'no' === strtolower( trim( $needed ) ) ) {
				$untranslatable = true;
			}
		}
		$made  = array();
		$entry = static function ( string $source_lang, string $target_lang, string $type, string $source, string $target, array $flags_from, array $pos_from ) use ( &$made, $remark, $index ): void {
			$made[] = Glossary_Entry::checked(
				array(
					'source_lang'    => $source_lang,
					'target_lang'    => $target_lang,
					'type'           => $type,
					'source'         => $source,
					'target'         => $target,
					'note'           => $remark ?? '',
					'part_of_speech' => $pos_from['notes']['partOfSpeech'] ?? '',
					'stem'           => self::yes( $flags_from['notes']['x-circassian-stem'] ?? null ),
					'case_sensitive' => self::yes( $flags_from['notes']['x-circassian-case-sensitive'] ?? null ),
				),
				'concept entry ' . $index
			);
		};
		if ( ! $usable ) {
			return array();
		}
		$first  = $usable[0];
		$others = array_slice( $usable, 1 );
		$other  = static fn( string $lang ): string => self::is_language( $header ) && $header !== $lang ? $header : ( $others[0]['lang'] ?? ( 'ru' === $lang ? 'kbd' : 'ru' ) );
		foreach ( $first['terms'] as $term ) {
			if ( isset( $term['notes']['pronunciation'] ) ) {
				$entry( $first['lang'], $other( $first['lang'] ), 'say', $term['text'], $term['notes']['pronunciation'], $term, $term );
			}
		}
		if ( ! $others ) {
			foreach ( $first['terms'] as $term ) {
				if ( 1 === preg_match( self::FORBIDDEN, $term['notes']['administrativeStatus'] ?? '' ) ) {
					$entry( $other( $first['lang'] ), $first['lang'], 'forbidden', '', $term['text'], $term, $term );
				}
			}
			if ( ! $made ) {
				$named     = sprintf( '"%s" (%s)', $first['terms'][0]['text'] ?? '', $first['lang'] );
				$rest      = array_map( static fn( array $set ): string => '' !== $set['lang'] ? $set['lang'] : '?', array_filter( $sets, static fn( array $set ): bool => $set !== $first ) );
				$skipped[] = count( $sets ) > 1 ? array(
					'entry'  => $index,
					'reason' => 'language',
					'detail' => $named . ': its translations are in ' . implode( ', ', $rest ),
				) : array(
					'entry'  => $index,
					'reason' => 'no-translation',
					'detail' => $named . ' has no translation',
				);
			}
			return $made;
		}
		foreach ( $others as $target ) {
			foreach ( $first['terms'] as $i => $source ) {
				if ( $untranslatable ) {
					$entry( $first['lang'], $target['lang'], 'keep', $source['text'], $source['text'], $source, $source );
					continue;
				}
				foreach ( $target['terms'] as $word ) {
					$forbidden = 1 === preg_match( self::FORBIDDEN, $word['notes']['administrativeStatus'] ?? '' );
					if ( $forbidden && $i > 0 ) {
						continue;
					}
					$entry( $first['lang'], $target['lang'], $forbidden ? 'forbidden' : 'translate', $source['text'], $word['text'], $forbidden ? $word : $source, $source );
				}
			}
		}
		return $made;
	}

	private static function primary( ?string $tag ): string {
		return strtolower( (string) preg_split( '/[-_]/', (string) $tag )[0] );
	}

	private static function yes( ?string $value ): bool {
		return 1 === preg_match( '/^(yes|true|1)$/i', trim( (string) $value ) );
	}

	private static function is_language( string $lang ): bool {
		return in_array( $lang, Service\Service_Facts::TRANSLATION_LANGUAGES, true );
	}
}
