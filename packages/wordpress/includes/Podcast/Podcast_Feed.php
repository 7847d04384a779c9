<?php
/**
 * A podcast per language of the site's post audio: `/?feed=circassian-podcast&lang=kbd` (any
 * permalink setting) or `/feed/circassian-podcast/?lang=kbd` with pretty permalinks. RSS 2.0
 * with enclosures and the iTunes and Podcasting 2.0 tags podcast apps read, so listeners of
 * Kabardian and Adyghe posts can subscribe.
 *
 * @package Circassian
 */

namespace Circassian\Podcast;

use Circassian\Audio;
use Circassian\Language;
use Circassian\Post_Audio;
use Circassian\Service;
use Circassian\Support;

defined( 'ABSPATH' ) || exit;

final class Podcast_Feed {

	public const FEED = 'circassian-podcast';
	/** Bump when the feed's rewrite rules change: rules are flushed once per version. */
	private const REWRITE_VERSION = '1';
	public const REWRITE_OPTION   = 'circassian_rewrite_version';
	/** Podcasting 2.0's namespace for podcast:guid (a UUIDv5 of the feed's address). */
	private const GUID_NAMESPACE = 'ead4c236-bf58-58c6-a2c6-a6b28d128cb6';
	private const EPISODES       = 100;

	public static function hook(): void {
		add_action( 'init', array( self::class, 'register' ) );
		add_action( 'wp_head', array( self::class, 'autodiscovery' ) );
	}

	/**
	 * The languages that have at least one episode (post audio stored in them), in the service's order.
	 *
	 * @return list<string>
	 */
	public static function languages(): array {
		global $wpdb;
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- one indexed DISTINCT, on pages that link the feeds.
		$found = (array) $wpdb->get_col( $wpdb->prepare( 'SELECT DISTINCT meta_value FROM %i WHERE meta_key = %s', $wpdb->postmeta, Post_Audio\Audio_State::META_LANGUAGE ) );
		return array_values( array_intersect( Service\Service_Facts::SPEECH_LANGUAGES, array_map( 'strval', $found ) ) );
	}

	/** `<link rel="alternate">` to each language's podcast in every page's head, so apps and browsers find them. */
	public static function autodiscovery(): void {
		if ( ! Post_Audio\Settings::get()['post_types'] ) {
			return;
		}
		foreach ( self::languages() as $language ) {
			printf( '<link rel="alternate" type="application/rss+xml" title="%s" href="%s" />' . "\n", esc_attr( self::title( $language ) ), esc_url( self::url( $language ) ) );
		}
	}

	/** The show's title in one language: the title set in the settings (else the site's name) and the language. */
	public static function title( string $language ): string {
		/* translators: 1: the podcast's title, 2: language name. */
		return sprintf( __( '%1$s (%2$s audio)', 'circassian' ), Podcast_Details::settings()['title'], self::language_name( $language ) );
	}

	public static function register(): void {
		add_feed( self::FEED, array( self::class, 'render' ) );
		// The pretty address needs the feed in the rewrite rules: flushed once, not on every load.
		if ( get_option( self::REWRITE_OPTION ) !== self::REWRITE_VERSION ) {
			flush_rewrite_rules( false );
			update_option( self::REWRITE_OPTION, self::REWRITE_VERSION );
		}
	}

	/**
	 * The feed's language: `lang` (kbd, ady, ru, en), else the site's default; null when `lang`
	 * names no language the service speaks (the feed answers 404 rather than an empty show).
	 */
	public static function language(): ?string {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended, WordPress.CSRF.NonceVerification -- a public, read-only feed.
		$lang = isset( $_GET['lang'] ) ? sanitize_key( wp_unslash( (string) $_GET['lang'] ) ) : '';
		if ( '' === $lang ) {
			return Service\Settings::defaults()['language'];
		}
		return in_array( $lang, Service\Service_Facts::SPEECH_LANGUAGES, true ) ? $lang : null;
	}

	/** The feed's address (query form, which works whatever the permalink setting). */
	public static function url( string $language ): string {
		return add_query_arg(
			array(
				'feed' => self::FEED,
				'lang' => $language,
			),
			home_url( '/' )
		);
	}

	/**
	 * Published posts with post audio in $language, newest first.
	 *
	 * @return list<\WP_Post>
	 */
	public static function episodes( string $language ): array {
		$types = Post_Audio\Settings::get()['post_types'];
		return array_values(
			get_posts(
				array(
					'post_type'        => $types ? $types : array( 'post' ),
					'post_status'      => 'publish',
					'numberposts'      => self::EPISODES,
					'orderby'          => 'date',
					'order'            => 'DESC',
					'has_password'     => false,
					'suppress_filters' => false,
					// phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_query -- an indexed meta key, a hundred posts at most.
					'meta_query'       => array(
						array(
							'key'   => Post_Audio\Audio_State::META_LANGUAGE,
							'value' => $language,
						),
					),
				)
			)
		);
	}

	/** The show's cover: the filter's, else the artwork set in the settings, else the plugin's own (Podcast_Artwork). */
	public static function image(): string {
		return (string) apply_filters( 'circassian_podcast_image', Podcast_Artwork::url( Podcast_Show::get()['artwork'] ) );
	}

	/** Podcasting 2.0's GUID: UUIDv5 of the feed address without scheme and trailing slashes. */
	public static function podcast_guid( string $feed_url ): string {
		$name  = rtrim( (string) preg_replace( '#^[a-z]+://#i', '', $feed_url ), '/' );
		$hash  = sha1( (string) hex2bin( str_replace( '-', '', self::GUID_NAMESPACE ) ) . $name );
		$bytes = substr( $hash, 0, 12 ) . '5' . substr( $hash, 13, 3 ) . dechex( ( hexdec( $hash[16] ) & 0x3 ) | 0x8 ) . substr( $hash, 17, 15 );
		return sprintf( '%s-%s-%s-%s-%s', substr( $bytes, 0, 8 ), substr( $bytes, 8, 4 ), substr( $bytes, 12, 4 ), substr( $bytes, 16, 4 ), substr( $bytes, 20, 12 ) );
	}

	/** The language's name in the site's language, else its code. */
	private static function language_name( string $language ): string {
		return Support\I18n::known_name( $language ) ?? $language;
	}

	public static function render(): void {
		$language = self::language();
		if ( null === $language ) {
			/* translators: %s: the language codes of the feeds. */
			self::not_found( sprintf( __( 'No such podcast: lang is one of %s.', 'circassian' ), implode( ', ', Service\Service_Facts::SPEECH_LANGUAGES ) ) );
			return;
		}
		// With post audio off the site publishes no show: no feed, not an empty one.
		if ( ! Post_Audio\Settings::get()['post_types'] ) {
			self::not_found( __( 'This site publishes no podcast: post audio is off.', 'circassian' ) );
			return;
		}
		$feed_url = self::url( $language );
		$details  = Podcast_Details::settings();
		$title    = self::title( $language );
		$summary  = $details['description'];
		$image    = self::image();
		$show     = Podcast_Show::get();
		$category = (string) apply_filters( 'circassian_podcast_category', $show['category'] );
		$episodes = self::episodes( $language );
		header( 'Content-Type: application/rss+xml; charset=UTF-8' );
		echo '<?xml version="1.0" encoding="UTF-8"?>' . "\n";
		echo '<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">' . "\n";
		echo "<channel>\n";
		self::element( 'title', $title );
		self::element( 'link', home_url( '/' ) );
		echo '<atom:link href="' . esc_url( $feed_url ) . '" rel="self" type="application/rss+xml"/>' . "\n";
		self::element( 'description', $summary );
		// Two letters, as Apple Podcasts takes: Kabardian and Adyghe declare the language chosen for them (Podcast_Show).
		self::element( 'language', Podcast_Show::declared_language( $language ) );
		self::element( 'generator', 'Circassian for WordPress' );
		if ( $episodes ) {
			self::element( 'lastBuildDate', mysql2date( DATE_RSS, $episodes[0]->post_modified_gmt, false ) );
		}
		self::element( 'itunes:title', $title );
		self::element( 'itunes:author', $details['author'] );
		self::element( 'itunes:summary', $summary );
		echo "<itunes:owner>\n";
		self::element( 'itunes:name', $details['author'] );
		if ( '' !== $details['email'] ) {
			self::element( 'itunes:email', $details['email'] );
		}
		echo "</itunes:owner>\n";
		echo '<itunes:image href="' . esc_url( $image ) . '"/>' . "\n";
		echo '<image><url>' . esc_url( $image ) . '</url><title>' . esc_xml( $title ) . '</title><link>' . esc_url( home_url( '/' ) ) . "</link></image>\n";
		self::category( $category );
		self::element( 'itunes:explicit', $show['explicit'] ? 'true' : 'false' );
		self::element( 'itunes:type', 'episodic' );
		self::element( 'podcast:guid', self::podcast_guid( $feed_url ) );
		self::element( 'podcast:locked', 'no' );
		self::element( 'podcast:medium', 'podcast' );
		foreach ( $episodes as $post ) {
			self::item( $post, $image );
		}
		echo "</channel>\n</rss>\n";
	}

	/** `itunes:category`, its subcategory nested in it as Apple asks ("Education > Language Learning"). */
	private static function category( string $category ): void {
		$path = Podcast_Show::category_path( $category );
		echo '<itunes:category text="' . esc_attr( $path[0] ) . '">';
		if ( isset( $path[1] ) && '' !== $path[1] ) {
			echo '<itunes:category text="' . esc_attr( $path[1] ) . '"/>';
		}
		echo "</itunes:category>\n";
	}

	/** The feed's 404, in words. */
	private static function not_found( string $why ): void {
		status_header( 404 );
		nocache_headers();
		header( 'Content-Type: text/plain; charset=UTF-8' );
		echo esc_html( $why ) . "\n";
	}

	private static function item( \WP_Post $post, string $show_image ): void {
		$audio = get_post_meta( $post->ID, Post_Audio\Audio_State::META_AUDIO, true );
		$id    = is_array( $audio ) ? (int) ( $audio['id'] ?? 0 ) : 0;
		$file  = $id > 0 ? get_attached_file( $id ) : false;
		$url   = $id > 0 ? (string) wp_get_attachment_url( $id ) : '';
		if ( ! is_string( $file ) || ! is_readable( $file ) || '' === $url || ! Audio\Audio_Privacy::is_public( $post ) ) {
			return;
		}
		$title   = html_entity_decode( get_the_title( $post ), ENT_QUOTES | ENT_HTML5, 'UTF-8' );
		$excerpt = wp_strip_all_tags( get_the_excerpt( $post ) );
		$image   = get_the_post_thumbnail_url( $post, 'full' );
		echo "<item>\n";
		self::element( 'title', $title );
		self::element( 'link', (string) get_permalink( $post ) );
		// Stable per post and language: a remade audio is the same episode, not a new one.
		echo '<guid isPermaLink="false">' . esc_xml( 'circassian-post-audio-' . $post->ID . '-' . get_post_meta( $post->ID, Post_Audio\Audio_State::META_LANGUAGE, true ) . '@' . wp_parse_url( home_url(), PHP_URL_HOST ) ) . "</guid>\n";
		self::element( 'pubDate', mysql2date( DATE_RSS, $post->post_date_gmt, false ) );
		self::element( 'description', $excerpt );
		// The MP3 copy where the site made one (Audio_Encoder), which every podcast app takes; else the WAV.
		$mp3       = Audio\Audio_Encoder::copy_of( $id );
		$enclosure = null !== $mp3 ? array( $mp3['url'], $mp3['file'], 'audio/mpeg' ) : array( $url, $file, 'audio/wav' );
		echo '<enclosure url="' . esc_url( $enclosure[0] ) . '" length="' . (int) filesize( $enclosure[1] ) . '" type="' . esc_attr( $enclosure[2] ) . '"/>' . "\n";
		self::element( 'itunes:title', $title );
		self::element( 'itunes:duration', (string) max( 1, (int) round( (float) ( $audio['duration'] ?? 0 ) ) ) );
		self::element( 'itunes:explicit', 'false' );
		self::element( 'itunes:episodeType', 'full' );
		echo '<itunes:image href="' . esc_url( is_string( $image ) && '' !== $image ? $image : $show_image ) . '"/>' . "\n";
		echo "</item>\n";
	}

	private static function element( string $name, string $text ): void {
		echo '<' . $name . '>' . esc_xml( $text ) . '</' . $name . ">\n"; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped, WordPress.XSS.EscapeOutput -- $name is one of this class's literal tag names.
	}
}
