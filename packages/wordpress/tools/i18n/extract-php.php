<?php
/**
 * Prints, as JSON, the translatable strings of the plugin's PHP files given as arguments (paths
 * relative to the working directory): every call of WordPress's gettext functions with the
 * plugin's text domain, read with PHP's own tokenizer, with the "translators:" comment that
 * precedes it. Run with the PHP CLI; no WordPress needed.
 */

const CIRCASSIAN_DOMAIN = 'circassian';
/** Function => the argument positions of msgid, plural, context and domain. */
const CIRCASSIAN_GETTEXT = array(
	'__'         => array(
		'id'     => 0,
		'domain' => 1,
	),
	'_e'         => array(
		'id'     => 0,
		'domain' => 1,
	),
	'esc_html__' => array(
		'id'     => 0,
		'domain' => 1,
	),
	'esc_html_e' => array(
		'id'     => 0,
		'domain' => 1,
	),
	'esc_attr__' => array(
		'id'     => 0,
		'domain' => 1,
	),
	'esc_attr_e' => array(
		'id'     => 0,
		'domain' => 1,
	),
	'_x'         => array(
		'id'      => 0,
		'context' => 1,
		'domain'  => 2,
	),
	'_ex'        => array(
		'id'      => 0,
		'context' => 1,
		'domain'  => 2,
	),
	'esc_html_x' => array(
		'id'      => 0,
		'context' => 1,
		'domain'  => 2,
	),
	'esc_attr_x' => array(
		'id'      => 0,
		'context' => 1,
		'domain'  => 2,
	),
	'_n'         => array(
		'id'     => 0,
		'plural' => 1,
		'domain' => 3,
	),
	'_nx'        => array(
		'id'      => 0,
		'plural'  => 1,
		'context' => 3,
		'domain'  => 4,
	),
	'_n_noop'    => array(
		'id'     => 0,
		'plural' => 1,
		'domain' => 2,
	),
	'_nx_noop'   => array(
		'id'      => 0,
		'plural'  => 1,
		'context' => 2,
		'domain'  => 3,
	),
);

/** A PHP string literal's value, or null when the token is no plain string. */
function circassian_literal( $token ) {
	if ( ! is_array( $token ) || T_CONSTANT_ENCAPSED_STRING !== $token[0] ) {
		return null;
	}
	$text = $token[1];
	$body = substr( $text, 1, -1 );
	if ( "'" === $text[0] ) {
		return str_replace( array( '\\\\', "\\'" ), array( '\\', "'" ), $body );
	}
	return stripcslashes( str_replace( '\\$', '$', $body ) );
}

/** The call's arguments from the token after its "(": each a list of tokens. */
function circassian_arguments( array $tokens, int $open ) {
	$arguments = array( array() );
	$depth     = 0;
	for ( $i = $open + 1, $count = count( $tokens ); $i < $count; $i++ ) {
		$token = $tokens[ $i ];
		if ( is_array( $token ) && in_array( $token[0], array( T_WHITESPACE, T_COMMENT, T_DOC_COMMENT ), true ) ) {
			continue;
		}
		if ( in_array( $token, array( '(', '[', '{' ), true ) ) {
			++$depth;
		} elseif ( in_array( $token, array( ')', ']', '}' ), true ) ) {
			if ( 0 === $depth ) {
				return $arguments;
			}
			--$depth;
		} elseif ( ',' === $token && 0 === $depth ) {
			$arguments[] = array();
			continue;
		}
		$arguments[ count( $arguments ) - 1 ][] = $token;
	}
	return $arguments;
}

$circassian_found = array();
foreach ( array_slice( $argv, 1 ) as $circassian_file ) {
	$circassian_tokens   = token_get_all( (string) file_get_contents( $circassian_file ) );
	$circassian_comments = array();
	foreach ( $circassian_tokens as $circassian_index => $circassian_token ) {
		if ( is_array( $circassian_token ) && in_array( $circassian_token[0], array( T_COMMENT, T_DOC_COMMENT ), true ) && false !== stripos( $circassian_token[1], 'translators:' ) ) {
			$circassian_text = trim( preg_replace( '#^\s*(/\*+|//|\*/?)\s*|\s*\*+/\s*$#m', '', $circassian_token[1] ) );
			// A comment ends on its start line plus its newlines.
			$circassian_comments[] = array(
				'end'  => $circassian_token[2] + substr_count( $circassian_token[1], "\n" ),
				'text' => preg_replace( '/\s+/', ' ', $circassian_text ),
			);
		}
		if ( ! is_array( $circassian_token ) || T_STRING !== $circassian_token[0] || ! isset( CIRCASSIAN_GETTEXT[ $circassian_token[1] ] ) ) {
			continue;
		}
		$circassian_next = $circassian_index + 1;
		while ( isset( $circassian_tokens[ $circassian_next ] ) && is_array( $circassian_tokens[ $circassian_next ] ) && T_WHITESPACE === $circassian_tokens[ $circassian_next ][0] ) {
			++$circassian_next;
		}
		if ( '(' !== ( $circassian_tokens[ $circassian_next ] ?? null ) ) {
			continue;
		}
		$circassian_spec = CIRCASSIAN_GETTEXT[ $circassian_token[1] ];
		$circassian_args = circassian_arguments( $circassian_tokens, $circassian_next );
		$circassian_arg  = static fn( string $name ) => isset( $circassian_spec[ $name ], $circassian_args[ $circassian_spec[ $name ] ] ) && 1 === count( $circassian_args[ $circassian_spec[ $name ] ] )
			? circassian_literal( $circassian_args[ $circassian_spec[ $name ] ][0] )
			: null;
		if ( CIRCASSIAN_DOMAIN !== $circassian_arg( 'domain' ) || null === $circassian_arg( 'id' ) ) {
			continue;
		}
		$circassian_line    = $circassian_token[2];
		$circassian_comment = null;
		foreach ( $circassian_comments as $circassian_candidate ) {
			if ( $circassian_candidate['end'] === $circassian_line || $circassian_candidate['end'] === $circassian_line - 1 ) {
				$circassian_comment = $circassian_candidate['text'];
			}
		}
		$circassian_found[] = array_filter(
			array(
				'id'        => $circassian_arg( 'id' ),
				'plural'    => isset( $circassian_spec['plural'] ) ? $circassian_arg( 'plural' ) : null,
				'context'   => isset( $circassian_spec['context'] ) ? $circassian_arg( 'context' ) : null,
				'comment'   => $circassian_comment,
				'reference' => $circassian_file,
			),
			static fn( $value ) => null !== $value
		);
	}
}
echo json_encode( $circassian_found, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES ), "\n";
