<?php
/**
 * The posts a bulk run would voice: published posts of a type with post audio on whose audio is
 * missing or was made from another text or voice (Post_Audio\Audio_State::of), and what voicing them
 * costs: characters, an estimate of the seconds of audio, and the fewest requests.
 *
 * @package Circassian
 */

namespace Circassian\Bulk;

use Circassian\Post_Audio;
use Circassian\Service;
use Circassian\Speech;

defined( 'ABSPATH' ) || exit;

final class Candidates {

	/**
	 * Characters read in a second at speed 1.0, for the estimate only: the pace of ordinary
	 * reading aloud (the local service's stand-in voice speaks at exactly this rate).
	 */
	public const CHARS_PER_SECOND = 15;
	/** The most posts of one type looked through at once (each is read block by block). */
	public const MAX_POSTS = 2000;

	/**
	 * Every post type with post audio on, with how many of its posts need audio.
	 *
	 * @return list<array{name: string, label: string, missing: int, stale: int}>
	 */
	public static function post_types(): array {
		$types = array();
		foreach ( Post_Audio\Settings::get()['post_types'] as $name ) {
			$posts   = self::posts( $name );
			$object  = get_post_type_object( $name );
			$types[] = array(
				'name'    => $name,
				'label'   => $object ? (string) $object->labels->name : $name,
				'missing' => count( array_filter( $posts, static fn( array $post ) => Post_Audio\Audio_State::MISSING === $post['state'] ) ),
				'stale'   => count( array_filter( $posts, static fn( array $post ) => Post_Audio\Audio_State::STALE === $post['state'] ) ),
			);
		}
		return $types;
	}

	/**
	 * Published posts of $post_type that need audio (of $ids only, when given), oldest first.
	 *
	 * @param list<int>|null $ids Only these posts (the Posts screen's selection).
	 * @return list<array{id: int, title: string, state: string, characters: int, seconds: float, edit_link: string, parts: int}>
	 */
	public static function posts( string $post_type, ?array $ids = null ): array {
		if ( ! Post_Audio\Settings::enabled_for( $post_type ) || ( null !== $ids && array() === $ids ) ) {
			return array();
		}
		$query = array(
			'post_type'        => $post_type,
			'post_status'      => 'publish',
			// A password-protected post is never voiced into a public file (Audio_Privacy).
			'has_password'     => false,
			'numberposts'      => self::MAX_POSTS,
			'orderby'          => 'date',
			'order'            => 'ASC',
			'suppress_filters' => true,
		);
		if ( null !== $ids ) {
			$query['post__in'] = $ids;
		}
		$found = array();
		foreach ( get_posts( $query ) as $post ) {
			// A post switched out of reading aloud is no candidate.
			if ( ! Post_Audio\Settings::enabled_for_post( $post ) ) {
				continue;
			}
			$state = Post_Audio\Audio_State::of( $post );
			if ( Post_Audio\Audio_State::MISSING !== $state && Post_Audio\Audio_State::STALE !== $state ) {
				continue;
			}
			$request = Post_Audio\Speech_Request::of( $post );
			$chars   = mb_strlen( $request['text'] );
			$found[] = array(
				'id'         => $post->ID,
				'title'      => html_entity_decode( get_the_title( $post ), ENT_QUOTES | ENT_HTML5, 'UTF-8' ),
				'state'      => $state,
				'characters' => $chars,
				'seconds'    => self::seconds( $chars, $request['speed'] ),
				'edit_link'  => (string) get_edit_post_link( $post->ID, 'raw' ),
				'parts'      => count( Speech\Text_Splitter::split( $request['text'], Service\Service_Facts::TEXT_MAX_CHARS ) ),
			);
		}
		return $found;
	}

	/** The seconds of audio $chars characters make at $speed, estimated at the pace of reading aloud. */
	public static function seconds( int $chars, float $speed ): float {
		return round( $chars / ( self::CHARS_PER_SECOND * $speed ), 1 );
	}

	/**
	 * What voicing $posts costs: characters, estimated seconds of audio, and the fewest requests
	 * (one per short post; a long one is a job: its start, at least one poll and the download, per part).
	 *
	 * @param list<array{characters: int, seconds: float, parts: int}> $posts From posts().
	 * @return array{posts: int, characters: int, seconds: float, requests: int}
	 */
	public static function estimate( array $posts ): array {
		$requests = 0;
		foreach ( $posts as $post ) {
			$requests += $post['characters'] > Service\Service_Facts::SPEECH_SYNC_MAX_CHARS ? 3 * $post['parts'] : 1;
		}
		return array(
			'posts'      => count( $posts ),
			'characters' => (int) array_sum( array_column( $posts, 'characters' ) ),
			'seconds'    => round( (float) array_sum( array_column( $posts, 'seconds' ) ), 1 ),
			'requests'   => $requests,
		);
	}
}
