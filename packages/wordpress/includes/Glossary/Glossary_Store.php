<?php
/**
 * The site's glossary, in its table (Glossary_Table): entries added, edited and removed one at a
 * time (the Glossary admin page, the REST routes), files imported over it (an entry of the same
 * identity replaced, the others kept, core's mergeGlossaries), and the whole as one Glossary for
 * translation, the term check and speech, read once per request.
 *
 * @package Circassian
 */

namespace Circassian\Glossary;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- the glossary's own table: no WordPress API reads or writes it, and a read must see what another request wrote.

final class Glossary_Store {

	private static ?Glossary $cached = null;

	/**
	 * Every entry, with its id, in the order added.
	 *
	 * @return list<array<string, mixed>>
	 */
	public static function all(): array {
		global $wpdb;
		$rows = (array) $wpdb->get_results( $wpdb->prepare( 'SELECT * FROM %i ORDER BY id', Glossary_Table::name() ), ARRAY_A );
		return array_map( array( self::class, 'entry_of' ), $rows );
	}

	/** @return array<string, mixed>|null */
	public static function get( int $id ): ?array {
		global $wpdb;
		$row = $wpdb->get_row( $wpdb->prepare( 'SELECT * FROM %i WHERE id = %d', Glossary_Table::name(), $id ), ARRAY_A );
		return is_array( $row ) ? self::entry_of( $row ) : null;
	}

	/** The whole glossary, as translation, the check and speech use it (read once per request). */
	public static function glossary(): Glossary {
		return self::$cached ??= new Glossary( array_map( array( self::class, 'without_id' ), self::all() ) );
	}

	/**
	 * Adds an entry, or changes entry `id`; throws Glossary_Error when it cannot be used, or when
	 * another entry is the same term (its id named).
	 *
	 * @param array<string, mixed> $entry The entry as given.
	 * @return int The entry's id.
	 */
	public static function save( array $entry, ?int $id = null ): int {
		global $wpdb;
		$checked  = Glossary_Entry::checked( $entry );
		$identity = sha1( Glossary_Entry::identity( $checked ) );
		$other    = (int) $wpdb->get_var( $wpdb->prepare( 'SELECT id FROM %i WHERE identity_hash = %s', Glossary_Table::name(), $identity ) );
		if ( $other > 0 && $other !== $id ) {
			throw new Glossary_Error( sprintf( 'the glossary has this term already (entry %d): edit that one', $other ) ); // phpcs:ignore WordPress.Security.EscapeOutput.ExceptionNotEscaped -- a message, escaped where it is shown.
		}
		if ( null !== $id && null === self::get( $id ) ) {
			throw new Glossary_Error( sprintf( 'entry %d is not in the glossary', $id ) ); // phpcs:ignore WordPress.Security.EscapeOutput.ExceptionNotEscaped -- a message, escaped where it is shown.
		}
		$row = self::row_of( $checked, $identity );
		if ( null === $id ) {
			$wpdb->insert( Glossary_Table::name(), $row );
			$id = (int) $wpdb->insert_id;
		} else {
			$wpdb->update( Glossary_Table::name(), $row, array( 'id' => $id ) );
		}
		self::$cached = null;
		return $id;
	}

	public static function delete( int $id ): bool {
		global $wpdb;
		$removed      = (int) $wpdb->delete( Glossary_Table::name(), array( 'id' => $id ), array( '%d' ) );
		self::$cached = null;
		return $removed > 0;
	}

	/** Removes every entry; how many there were. */
	public static function clear(): int {
		global $wpdb;
		$removed      = (int) $wpdb->query( $wpdb->prepare( 'DELETE FROM %i', Glossary_Table::name() ) );
		self::$cached = null;
		return $removed;
	}

	/**
	 * Entries of a file laid over the glossary: an entry of the same identity replaced, new ones added.
	 *
	 * @param list<array<string, mixed>> $entries Checked entries.
	 * @return array{added: int, replaced: int}
	 */
	public static function import( array $entries ): array {
		global $wpdb;
		$rows = array();
		foreach ( $entries as $entry ) {
			$identity          = sha1( Glossary_Entry::identity( $entry ) );
			$rows[ $identity ] = self::row_of( $entry, $identity );
		}
		$added    = 0;
		$replaced = 0;
		foreach ( $rows as $identity => $row ) {
			$id = (int) $wpdb->get_var( $wpdb->prepare( 'SELECT id FROM %i WHERE identity_hash = %s', Glossary_Table::name(), $identity ) );
			if ( $id > 0 ) {
				$wpdb->update( Glossary_Table::name(), $row, array( 'id' => $id ) );
				++$replaced;
			} else {
				$wpdb->insert( Glossary_Table::name(), $row );
				++$added;
			}
		}
		self::$cached = null;
		return array(
			'added'    => $added,
			'replaced' => $replaced,
		);
	}

	/**
	 * @param array<string, mixed> $entry A checked entry.
	 * @return array<string, mixed>
	 */
	private static function row_of( array $entry, string $identity ): array {
		return array(
			'identity_hash'  => $identity,
			'source_lang'    => $entry['source_lang'],
			'target_lang'    => $entry['target_lang'],
			'type'           => $entry['type'],
			'source'         => $entry['source'],
			'target'         => $entry['target'],
			'note'           => $entry['note'] ?? '',
			'part_of_speech' => $entry['part_of_speech'] ?? '',
			'case_sensitive' => empty( $entry['case_sensitive'] ) ? 0 : 1,
			'stem'           => empty( $entry['stem'] ) ? 0 : 1,
			'changed'        => current_time( 'mysql', true ),
			'changer'        => (string) wp_get_current_user()->user_login,
		);
	}

	/**
	 * @param array<string, mixed> $row A row of the table.
	 * @return array<string, mixed>
	 */
	private static function entry_of( array $row ): array {
		$entry = array(
			'id'          => (int) $row['id'],
			'source_lang' => (string) $row['source_lang'],
			'target_lang' => (string) $row['target_lang'],
			'type'        => (string) $row['type'],
			'source'      => (string) $row['source'],
			'target'      => (string) $row['target'],
		);
		if ( '' !== (string) $row['note'] ) {
			$entry['note'] = (string) $row['note'];
		}
		if ( '' !== (string) $row['part_of_speech'] ) {
			$entry['part_of_speech'] = (string) $row['part_of_speech'];
		}
		if ( 1 === (int) $row['case_sensitive'] ) {
			$entry['case_sensitive'] = true;
		}
		if ( 1 === (int) $row['stem'] ) {
			$entry['stem'] = true;
		}
		return $entry;
	}

	/**
	 * @param array<string, mixed> $entry An entry with its id.
	 * @return array<string, mixed>
	 */
	private static function without_id( array $entry ): array {
		unset( $entry['id'] );
		return $entry;
	}
}
