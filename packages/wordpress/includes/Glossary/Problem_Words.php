<?php
/**
 * A term problem (Term_Check) as a person reads it, in the site's language: where the admin page,
 * the REST check and the pre-publish panel show one.
 *
 * @package Circassian
 */

namespace Circassian\Glossary;

defined( 'ABSPATH' ) || exit;

final class Problem_Words {

	/**
	 * @param array{kind: string, entry: array<string, mixed>, found?: string} $problem One problem.
	 * @return array{kind: string, term: string, agreed: string, found: string, message: string}
	 */
	public static function describe( array $problem ): array {
		$entry = $problem['entry'];
		if ( 'forbidden' === $problem['kind'] ) {
			/* translators: %s: the word as it stands in the translation. */
			$message = sprintf( __( 'The translation uses "%s", a word the glossary rejects.', 'circassian' ), $problem['found'] ?? '' );
		} elseif ( 'keep' === $entry['type'] ) {
			/* translators: %s: the term. */
			$message = sprintf( __( '"%s" is in the source but not in the translation: the glossary keeps it as it is.', 'circassian' ), $entry['source'] );
		} else {
			/* translators: 1: the source term, 2: its agreed translation. */
			$message = sprintf( __( '"%1$s" is in the source but its agreed translation "%2$s" is not in the translation.', 'circassian' ), $entry['source'], $entry['target'] );
		}
		if ( isset( $entry['note'] ) ) {
			/* translators: %s: the glossary's note on the term. */
			$message .= ' ' . sprintf( __( '(Note: %s)', 'circassian' ), $entry['note'] );
		}
		return array(
			'kind'    => $problem['kind'],
			'term'    => (string) $entry['source'],
			'agreed'  => (string) $entry['target'],
			'found'   => (string) ( $problem['found'] ?? '' ),
			'message' => $message,
		);
	}
}
