<?php
/**
 * `php fuzzy-lookup.php UNITS LOOKUPS` in a prepared site's WordPress folder (wordpress-fuzzy.bench.ts):
 * stores UNITS units ru → kbd in the plugin's table on the site's SQLite database, as the plugin
 * stores them (Memory_Store::store, 1,000 a call), then times LOOKUPS of each kind in this process:
 * an exact lookup (Memory_Store::recall of one stored sentence, the baseline), a near-match lookup
 * of an edited sentence (Memory_Fuzzy::matches: one word of a stored sentence replaced), one of a
 * sentence of common words only, and a concordance page of a word (Memory_Search::find). Prints
 * {"store": s, "units": n, "exact": [ms], "near": [ms], "common": [ms], "find": [ms], "found": n}.
 * Sentences of 6 to 12 words from 3,000 words and six very common ones, as the Strapi bench's.
 */
use Circassian\Memory;

define( 'WP_USE_THEMES', false );
$_SERVER['HTTP_HOST']   = '127.0.0.1';
$_SERVER['REQUEST_URI'] = '/';
require getcwd() . '/wp-load.php';

[ , $units, $lookups ] = array_map( 'intval', $argv ) + array( 0, 100000, 50 );
mt_srand( 2026 );
$vocabulary = array();
for ( $i = 0; $i < 3000; $i++ ) {
	$vocabulary[] = 'слово' . base_convert( (string) $i, 10, 36 );
}
$common   = array( 'и', 'в', 'на', 'не', 'что', 'с' );
$random   = static fn(): float => mt_rand() / mt_getrandmax();
$word     = static fn(): string => $random() < 0.2 ? $common[ mt_rand( 0, 5 ) ] : $vocabulary[ (int) floor( $random() ** 2 * 3000 ) ];
$sentence = static function () use ( $word, $random ): string {
	$words = array();
	for ( $n = 6 + (int) floor( $random() * 7 ); $n > 0; $n-- ) {
		$words[] = $word();
	}
	return implode( ' ', $words );
};
$admin    = get_userdata( 1 );
wp_set_current_user( 1 );
Memory\Memory_Store::clear();

$stored  = array();
$started = microtime( true );
for ( $made = 0; $made < $units; ) {
	$chunk = array();
	for ( $i = 0; $i < 1000 && $made < $units; $i++, $made++ ) {
		$text    = $sentence();
		$chunk[] = array(
			'source_lang' => 'ru',
			'target_lang' => 'kbd',
			'source'      => $text,
			'target'      => 'kbd ' . $text,
			'origin'      => 0 === $made % 3 ? 'human' : 'machine',
			'created'     => '2026-01-01 00:00:00',
		);
		if ( 0 === $made % (int) max( 1, floor( $units / $lookups ) ) ) {
			$stored[] = $text;
		}
	}
	Memory\Memory_Store::store( $chunk );
}
$store_seconds = microtime( true ) - $started;
global $wpdb;
$count = (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i', Memory\Memory_Table::name() ) );

$time   = static function ( callable $lookup ): float {
	$start = hrtime( true );
	$lookup();
	return ( hrtime( true ) - $start ) / 1e6;
};
$stored = array_slice( $stored, 0, $lookups );
$out    = array(
	'store'  => $store_seconds,
	'units'  => $count,
	'exact'  => array(),
	'near'   => array(),
	'common' => array(),
	'find'   => array(),
	'found'  => 0,
);
foreach ( $stored as $index => $text ) {
	$out['exact'][]                    = $time( static fn() => Memory\Memory_Store::recall( 'ru', 'kbd', array( $text ), $admin ) );
	$words                             = explode( ' ', $text );
	$words[ $index % count( $words ) ] = 'правка' . $index;
	$edited                            = implode( ' ', $words );
	$matches                           = array();
	$out['near'][]                     = $time(
		static function () use ( $edited, $admin, &$matches ): void {
			$matches = Memory\Memory_Fuzzy::matches( 'ru', 'kbd', $edited, $admin );
		}
	);
	$out['found']                     += in_array( $text, array_map( static fn( object $row ): string => (string) $row->source, $matches ), true ) ? 1 : 0;
	$plain                             = array();
	for ( $n = 6 + $index % 5; $n > 0; $n-- ) {
		$plain[] = $common[ ( $index + $n ) % 6 ];
	}
	$out['common'][] = $time( static fn() => Memory\Memory_Fuzzy::matches( 'ru', 'kbd', implode( ' ', $plain ), $admin ) );
	$out['find'][]   = $time( static fn() => Memory\Memory_Search::find( $words[0], $admin, 1, 20 ) );
}
Memory\Memory_Store::clear();
echo wp_json_encode( $out ) . "\n";
