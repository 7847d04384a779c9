<?php
/**
 * "Listen to this post": audio of the whole post, made in the background on publish and on
 * update when the post's text changed, and a player placed before or after the content (or where
 * a "Post audio" block stands).
 *
 * Nothing blocks publishing: saving only schedules a WP-Cron event; the event reads the post's
 * text then and hands it to Speech_Jobs (short text at once, long text as a job that WP-Cron moves
 * on). The hash of the text and voice is kept in post meta, so a post whose text did not change is
 * never voiced (and paid for) again. The player is static markup: the front end loads no script.
 *
 * @package Circassian
 */

namespace Circassian;

defined( 'ABSPATH' ) || exit;

final class Post_Audio {

	public const OPTION     = 'circassian_post_audio';
	public const PLACEMENTS = array( 'before', 'after', 'block' );
	public const CRON_HOOK  = 'circassian_make_post_audio';
	/** The "block" Speech_Jobs records for post audio (no editor block owns it). */
	public const OWNER_BLOCK = 'post-audio';
	/** The audio made: {id, url, hash, duration}. */
	public const META_AUDIO = '_circassian_post_audio';
	/** The hash being made right now, so a second save of the same text starts nothing. */
	public const META_PENDING = '_circassian_post_audio_pending';
	/**
	 * Since when the post's audio is of an earlier text or voice and is being made again: while set,
	 * the player is withdrawn and says so (an old recording of an edited post reads what the page no
	 * longer says).
	 */
	public const META_REMAKING = '_circassian_post_audio_remaking';
	/** The language of the post's audio, for the podcast feed's query. */
	public const META_LANGUAGE = '_circassian_post_audio_language';
	/** Per-post "Read aloud" switch: 'on', 'off', or '' to follow the post type's setting. */
	public const META_READ_ALOUD = '_circassian_read_aloud';
	public const READ_ALOUD      = array( '', 'on', 'off' );
	/** Per-post speech settings (language, voice, speed); empty fields take the site's defaults. */
	public const META_VOICE = '_circassian_post_voice';
	/** The shape of META_VOICE, for the meta's REST field and the routes that take a voice as edited. */
	public const VOICE_SCHEMA = array(
		'type'                 => 'object',
		'properties'           => array(
			'language' => array( 'type' => 'string' ),
			'voice'    => array( 'type' => 'string' ),
			'speed'    => array( 'type' => 'number' ),
		),
		'additionalProperties' => false,
	);
	/** The block attribute that keeps a block out of the post's audio. */
	public const SKIP_ATTRIBUTE = 'circassianNotInAudio';
	/** The player's speeds, as listeners of spoken word use them. */
	private const PLAYER_SPEEDS = array( '0.75', '1', '1.25', '1.5', '2' );
	/** The lock generate() takes per post (an option row, removed on uninstall with the plugin's options). */
	private const LOCK_PREFIX = 'circassian_post_audio_lock_';
	/** A lock older than this was left by a worker that died: checking and marking takes milliseconds. */
	private const LOCK_STALE_SECONDS = 30;
	/** Where a post's audio stands (audio_state(), generate()). */
	public const MISSING = 'missing';
	public const STALE   = 'stale';
	public const PENDING = 'pending';
	public const CURRENT = 'current';
	public const EMPTY   = 'empty';
	public const DONE    = 'done';
	public const RUNNING = 'running';
	/**
	 * Blocks never read aloud: code, players of their own, embeds, shortcodes (whatever they
	 * render, their source is markup) and page breaks. Legacy `core-embed/*` blocks of posts
	 * saved before WordPress 5.6 are embeds too (is_skipped()).
	 */
	private const SKIPPED_BLOCKS = array( 'core/code', 'core/audio', 'core/video', 'core/embed', 'core/shortcode', 'core/more', 'core/nextpage', 'circassian/audio', 'circassian/post-audio' );

	public static function hook(): void {
		add_action( 'wp_after_insert_post', array( self::class, 'on_save' ), 10, 2 );
		add_action( self::CRON_HOOK, array( self::class, 'make' ) );
		add_action( Speech_Jobs::DONE_ACTION, array( self::class, 'delivered' ), 10, 3 );
		add_action( Speech_Jobs::FAILED_ACTION, array( self::class, 'failed' ), 10, 3 );
		add_filter( 'the_content', array( self::class, 'place_player' ), 20 );
		add_action( 'init', array( self::class, 'register_meta' ) );
		add_filter( 'register_block_type_args', array( self::class, 'add_skip_attribute' ) );
	}

	/**
	 * Every block knows the "not in audio" attribute the editor adds, so server-rendered blocks
	 * accept it (the block renderer refuses attributes it does not know).
	 *
	 * @param array<string, mixed> $args Block type arguments.
	 * @return array<string, mixed>
	 */
	public static function add_skip_attribute( array $args ): array {
		$args['attributes']                         = (array) ( $args['attributes'] ?? array() );
		$args['attributes'][ self::SKIP_ATTRIBUTE ] = array(
			'type'    => 'boolean',
			'default' => false,
		);
		return $args;
	}

	/**
	 * The setting: which post types get audio (none by default) and where the player goes.
	 *
	 * @return array{post_types: list<string>, placement: string}
	 */
	public static function settings(): array {
		$stored = get_option( self::OPTION, array() );
		$stored = is_array( $stored ) ? $stored : array();
		$types  = array_values( array_intersect( array_map( 'strval', (array) ( $stored['post_types'] ?? array() ) ), self::allowed_post_types() ) );
		$place  = (string) ( $stored['placement'] ?? 'before' );
		return array(
			'post_types' => $types,
			'placement'  => in_array( $place, self::PLACEMENTS, true ) ? $place : 'before',
		);
	}

	/**
	 * Post types that may have post audio: the registered public ones, media aside.
	 *
	 * @return list<string>
	 */
	public static function allowed_post_types(): array {
		return array_values( array_diff( get_post_types( array( 'public' => true ) ), array( 'attachment' ) ) );
	}

	/**
	 * Saves the setting; an unknown post type or placement is refused, nothing half-saved.
	 *
	 * @param mixed $value {post_types?: string[], placement?: string}.
	 */
	public static function save( mixed $value ): true | \WP_Error {
		if ( ! is_array( $value ) ) {
			return self::invalid( __( 'post_audio must be an object with post_types and placement.', 'circassian' ) );
		}
		$current = self::settings();
		$types   = array_key_exists( 'post_types', $value ) ? $value['post_types'] : $current['post_types'];
		$place   = array_key_exists( 'placement', $value ) ? $value['placement'] : $current['placement'];
		if ( ! is_array( $types ) || array_filter( $types, static fn( $type ) => ! is_string( $type ) ) ) {
			return self::invalid( __( 'post_audio.post_types must be a list of post type names.', 'circassian' ) );
		}
		$unknown = array_diff( $types, self::allowed_post_types() );
		if ( $unknown ) {
			/* translators: %s: post type names. */
			return self::invalid( sprintf( __( 'Not a public post type of this site: %s.', 'circassian' ), implode( ', ', $unknown ) ) );
		}
		if ( ! is_string( $place ) || ! in_array( $place, self::PLACEMENTS, true ) ) {
			return self::invalid( __( 'post_audio.placement must be "before", "after" or "block".', 'circassian' ) );
		}
		update_option(
			self::OPTION,
			array(
				'post_types' => array_values( array_unique( $types ) ),
				'placement'  => $place,
			)
		);
		return true;
	}

	/** A setting refused: 400 validation_error with the sentence that says why. */
	public static function invalid( string $message ): \WP_Error {
		return new \WP_Error(
			'rest_invalid_param',
			$message,
			array(
				'status' => 400,
				'type'   => 'validation_error',
			)
		);
	}

	public static function enabled_for( string $post_type ): bool {
		return in_array( $post_type, self::settings()['post_types'], true );
	}

	/**
	 * Whether this post is read aloud: its own "Read aloud" switch when set (on, in any public type;
	 * off), else its type's setting.
	 */
	public static function enabled_for_post( \WP_Post $post ): bool {
		return self::enabled_with_switch( $post->post_type, (string) get_post_meta( $post->ID, self::META_READ_ALOUD, true ) );
	}

	/** Whether a post of $post_type whose "Read aloud" switch is $read_aloud ('on', 'off', '') is read aloud. */
	public static function enabled_with_switch( string $post_type, string $read_aloud ): bool {
		if ( 'on' === $read_aloud ) {
			return in_array( $post_type, self::allowed_post_types(), true );
		}
		return 'off' !== $read_aloud && self::enabled_for( $post_type );
	}

	/** Per-post voice in the document sidebar (REST-visible to editors of the post). */
	public static function register_meta(): void {
		foreach ( self::allowed_post_types() as $type ) {
			register_post_meta(
				$type,
				self::META_VOICE,
				array(
					'type'          => 'object',
					'single'        => true,
					'show_in_rest'  => array(
						'schema' => self::VOICE_SCHEMA,
					),
					'auth_callback' => static fn( $allowed, $key, $post_id ) => current_user_can( 'edit_post', $post_id ),
				)
			);
			register_post_meta(
				$type,
				self::META_READ_ALOUD,
				array(
					'type'              => 'string',
					'single'            => true,
					'default'           => '',
					'show_in_rest'      => array( 'schema' => array( 'enum' => self::READ_ALOUD ) ),
					'sanitize_callback' => static fn( $value ) => in_array( $value, self::READ_ALOUD, true ) ? $value : '',
					'auth_callback'     => static fn( $allowed, $key, $post_id ) => current_user_can( 'edit_post', $post_id ),
				)
			);
		}
	}

	/**
	 * After a save (meta and terms included): a public post (published, no password) of an
	 * enabled type whose text differs from its audio's gets a background event. Nothing is voiced
	 * here, and nothing for a post that is not public. A post made private or given a password
	 * loses its audio: a file in the uploads folder has a public address. One taken back to draft
	 * or scheduled keeps it (made while its text was public), hidden until it is published again.
	 */
	public static function on_save( int $post_id, \WP_Post $post ): void {
		if ( wp_is_post_revision( $post_id ) || 'attachment' === $post->post_type ) {
			return;
		}
		if ( Audio_Privacy::is_restricted( $post ) ) {
			self::withdraw( $post_id );
		}
		if ( ! Audio_Privacy::is_public( $post ) ) {
			return;
		}
		if ( ! self::enabled_for_post( $post ) ) {
			return;
		}
		$request = self::request( $post );
		if ( '' === trim( $request['text'] ) || ! self::needs_audio( $post_id, Audio_Library::source_hash( $request ) ) ) {
			return;
		}
		if ( is_array( get_post_meta( $post_id, self::META_AUDIO, true ) ) ) {
			update_post_meta( $post_id, self::META_REMAKING, time() );
		}
		// A retry waiting for an allowance to reset is brought forward: a save is the author asking now.
		$next = wp_next_scheduled( self::CRON_HOOK, array( $post_id ) );
		if ( false === $next || $next > time() ) {
			wp_clear_scheduled_hook( self::CRON_HOOK, array( $post_id ) );
			wp_schedule_single_event( time(), self::CRON_HOOK, array( $post_id ) );
		}
	}

	/** Whether the text and voice of hash $hash have neither audio nor audio being made. */
	private static function needs_audio( int $post_id, string $hash ): bool {
		return in_array( self::state_of( $post_id, $hash ), array( self::MISSING, self::STALE ), true );
	}

	/**
	 * Where a post's audio stands against its text now: none yet, made from another text or
	 * voice, being made from this one, or current; EMPTY when there is nothing to read.
	 */
	public static function audio_state( \WP_Post $post, ?array $voice = null ): string {
		return self::state_for( $post->ID, self::request( $post, $voice ) );
	}

	/**
	 * Where the audio of post $post_id stands against a speech request made for it (request()).
	 *
	 * @param array{text: string, language: string, voice: string, speed: float, instruct: string} $request
	 */
	public static function state_for( int $post_id, array $request ): string {
		return '' === trim( $request['text'] ) ? self::EMPTY : self::state_of( $post_id, Audio_Library::source_hash( $request ) );
	}

	private static function state_of( int $post_id, string $hash ): string {
		$audio   = get_post_meta( $post_id, self::META_AUDIO, true );
		$pending = get_post_meta( $post_id, self::META_PENDING, true );
		if ( is_array( $audio ) && ( $audio['hash'] ?? '' ) === $hash ) {
			return self::CURRENT;
		}
		if ( is_array( $pending ) && ( $pending['hash'] ?? '' ) === $hash && ! self::pending_is_stale( $pending ) ) {
			return self::PENDING;
		}
		return is_array( $audio ) ? self::STALE : self::MISSING;
	}

	/**
	 * @param array<string, mixed> $pending What META_PENDING holds.
	 */
	private static function pending_is_stale( array $pending ): bool {
		return time() - (int) ( $pending['since'] ?? 0 ) > Speech_Jobs::MAX_AGE_SECONDS;
	}

	/** The WP-Cron event scheduled on publish and update: the post may have stopped being public since. */
	public static function make( int $post_id ): void {
		$post = get_post( $post_id );
		if ( $post instanceof \WP_Post && Audio_Privacy::is_public( $post ) ) {
			self::generate( $post_id );
		}
	}

	/**
	 * A post made private or given a password: its audio file deleted (unless something else plays
	 * it), its audio forgotten and no event left to make it. Publishing it again voices it anew.
	 */
	public static function withdraw( int $post_id ): void {
		wp_clear_scheduled_hook( self::CRON_HOOK, array( $post_id ) );
		$audio = get_post_meta( $post_id, self::META_AUDIO, true );
		$id    = is_array( $audio ) ? (int) ( $audio['id'] ?? 0 ) : 0;
		if ( $id > 0 && Audio_Library::may_replace( $id, $post_id, self::OWNER_BLOCK ) ) {
			wp_delete_attachment( $id, true );
		}
		foreach ( array( self::META_AUDIO, self::META_LANGUAGE, self::META_PENDING, self::META_REMAKING ) as $key ) {
			delete_post_meta( $post_id, $key );
		}
	}

	/**
	 * Voices a public post (published, no password) as it is now, as its author, unless its audio
	 * is current or being made: the one path for publishing, updating and bulk runs. Short text is stored at once
	 * (DONE); long text is a job WP-Cron moves on (RUNNING, with the job's id).
	 *
	 * @return array{status: string, job?: string}|\WP_Error
	 */
	public static function generate( int $post_id ): array|\WP_Error {
		$post = get_post( $post_id );
		if ( ! $post instanceof \WP_Post || ! Audio_Privacy::is_public( $post ) || ! self::enabled_for_post( $post ) ) {
			return new \WP_Error(
				'circassian_not_voiced',
				__( 'Only published posts without a password, of a type with post audio switched on, are read aloud.', 'circassian' ),
				array(
					'status' => 400,
					'type'   => 'invalid_request',
				)
			);
		}
		// About to be voiced: the service may be asked the text's language.
		$request = self::request( $post, null, true );
		$hash    = Audio_Library::source_hash( $request );
		if ( '' === trim( $request['text'] ) ) {
			return array( 'status' => self::EMPTY );
		}
		// Two requests voicing one post at once (the publish event and Try again, two tabs) must not
		// both find it missing and both start a voicing: the check and the pending mark happen under
		// one lock per post, read afresh (the meta may be cached from before the lock was taken).
		$lock = self::LOCK_PREFIX . $post_id;
		if ( ! Option_Lock::wait_for( $lock, self::LOCK_STALE_SECONDS, 5.0 ) ) {
			return array( 'status' => self::PENDING );
		}
		wp_cache_delete( $post_id, 'post_meta' );
		$state = self::state_of( $post_id, $hash );
		if ( self::CURRENT === $state ) {
			// The save that flagged it read the language before detection had this text: it is current.
			delete_post_meta( $post_id, self::META_REMAKING );
		}
		if ( ! in_array( $state, array( self::MISSING, self::STALE ), true ) ) {
			Option_Lock::release( $lock );
			return array( 'status' => $state );
		}
		// A newer text or voice supersedes the audio still being made: one voicing runs per post,
		// however often the speed is changed.
		$superseded = get_post_meta( $post_id, self::META_PENDING, true );
		if ( is_array( $superseded ) && '' !== (string) ( $superseded['job'] ?? '' ) ) {
			Speech_Jobs::cancel( (string) $superseded['job'] );
		}
		self::mark_pending( $post_id, $hash );
		Option_Lock::release( $lock );
		$audio    = get_post_meta( $post_id, self::META_AUDIO, true );
		$previous = get_current_user_id();
		wp_set_current_user( (int) $post->post_author );
		$started = Speech_Jobs::start( $request, $post_id, is_array( $audio ) ? (int) ( $audio['id'] ?? 0 ) : 0, self::OWNER_BLOCK );
		wp_set_current_user( $previous );
		if ( is_wp_error( $started ) ) {
			// Refused by the spending gate (the author's role, the request or daily cap) or by the
			// service: not voiced, and the reason is kept for the editor.
			self::failed( $started, $post_id, self::OWNER_BLOCK );
			return $started;
		}
		if ( 'done' !== $started['status'] ) {
			// The job being made, so a newer voicing can cancel it.
			self::mark_pending( $post_id, $hash, array( 'job' => (string) $started['job'] ) );
		}
		return 'done' === $started['status'] ? array( 'status' => self::DONE ) : array(
			'status' => self::RUNNING,
			'job'    => (string) $started['job'],
		);
	}

	/**
	 * Speech_Jobs gave up on a post's audio: the next save or bulk run tries again, and the reason
	 * is kept for the editor.
	 */
	public static function failed( \WP_Error $error, int $post_id, string $block ): void {
		if ( self::OWNER_BLOCK !== $block || $post_id <= 0 ) {
			return;
		}
		$retry_at = self::retry_at_reset( $error, $post_id );
		self::mark_pending(
			$post_id,
			'',
			array( 'error' => Service_Error::redact( $error->get_error_message() ) ) + ( null === $retry_at ? array() : array( 'retry_at' => $retry_at ) )
		);
	}

	/**
	 * A spent daily allowance (the key's at the service, or the author's on this site): the post is
	 * voiced again by itself when it resets, at the service's reset time, else the next midnight UTC.
	 * Returns when, or null for a failure no waiting mends.
	 */
	private static function retry_at_reset( \WP_Error $error, int $post_id ): ?int {
		$type = Service_Error::type_of( $error );
		if ( 'quota_exceeded' !== $type && 'daily_cap' !== $type ) {
			return null;
		}
		$reset = strtotime( 'quota_exceeded' === $type ? Key_Allowance::spent_by_speech( $error )['resets_at'] : Key_Allowance::next_utc_midnight() );
		$at    = max( time() + MINUTE_IN_SECONDS, false === $reset ? 0 : $reset );
		wp_clear_scheduled_hook( self::CRON_HOOK, array( $post_id ) );
		wp_schedule_single_event( $at, self::CRON_HOOK, array( $post_id ) );
		return $at;
	}

	/**
	 * What is being made for a post (META_PENDING): the hash, since when, and the job or the error.
	 *
	 * @param array{job?: string, error?: string} $more The job being made, or why nothing is.
	 */
	private static function mark_pending( int $post_id, string $hash, array $more = array() ): void {
		update_post_meta(
			$post_id,
			self::META_PENDING,
			array(
				'hash'  => $hash,
				'since' => time(),
			) + $more
		);
	}

	/** Why the post's last voicing made no audio (refused or failed), or null. */
	public static function last_error( int $post_id ): ?string {
		$pending = get_post_meta( $post_id, self::META_PENDING, true );
		return is_array( $pending ) && isset( $pending['error'] ) ? (string) $pending['error'] : null;
	}

	/** When the site tries again by itself after a spent allowance (a Unix time), or null. */
	public static function retry_at( int $post_id ): ?int {
		$pending = get_post_meta( $post_id, self::META_PENDING, true );
		$at      = is_array( $pending ) && isset( $pending['retry_at'] ) ? (int) $pending['retry_at'] : 0;
		return $at > 0 && wp_next_scheduled( self::CRON_HOOK, array( $post_id ) ) ? $at : null;
	}

	/**
	 * Speech_Jobs delivered audio: when it is a post's audio, the post plays it from now on.
	 *
	 * @param array{id: int, url: string, duration: float, hash: string} $stored The attachment.
	 */
	public static function delivered( array $stored, int $post_id, string $block ): void {
		if ( self::OWNER_BLOCK !== $block || $post_id <= 0 ) {
			return;
		}
		$post = get_post( $post_id );
		if ( ! $post instanceof \WP_Post || Audio_Privacy::is_restricted( $post ) ) {
			// The post was made private or given a password while its audio was made: no public file of it.
			if ( Audio_Library::may_replace( (int) $stored['id'], $post_id, self::OWNER_BLOCK ) ) {
				wp_delete_attachment( (int) $stored['id'], true );
			}
			self::withdraw( $post_id );
			return;
		}
		update_post_meta( $post_id, self::META_AUDIO, $stored );
		delete_post_meta( $post_id, self::META_REMAKING );
		// The podcast feed's MP3 (where the server can encode): made once, here, not on each feed request.
		$file = get_attached_file( (int) $stored['id'] );
		if ( is_string( $file ) ) {
			Audio_Encoder::encode( $file );
		}
		$settings = get_post_meta( (int) $stored['id'], Audio_Library::META_SETTINGS, true );
		update_post_meta( $post_id, self::META_LANGUAGE, is_array( $settings ) ? (string) ( $settings['language'] ?? '' ) : '' );
		$pending = get_post_meta( $post_id, self::META_PENDING, true );
		if ( is_array( $pending ) && ( $pending['hash'] ?? '' ) === $stored['hash'] ) {
			delete_post_meta( $post_id, self::META_PENDING );
		}
	}

	/**
	 * The speech request for a post: its text and its voice (the post's own, else the site's), in
	 * the post's own language (Post_Language).
	 *
	 * @param array<string, mixed>|null $voice      The post's voice as edited (unsaved), else the stored one.
	 * @param bool                      $may_detect Whether the service may be asked the text's language (see Post_Language::of()).
	 * @return array{text: string, language: string, voice: string, speed: float, instruct: string}
	 */
	public static function request( \WP_Post $post, ?array $voice = null, bool $may_detect = false ): array {
		return self::described( $post, $voice, $may_detect )['request'];
	}

	/**
	 * The speech request and where its language came from (Post_Language's sources).
	 *
	 * @param array<string, mixed>|null $voice The post's voice as edited (unsaved), else the stored one.
	 * @return array{request: array{text: string, language: string, voice: string, speed: float, instruct: string}, language_source: string}
	 */
	public static function described( \WP_Post $post, ?array $voice = null, bool $may_detect = false ): array {
		$voice    = $voice ?? get_post_meta( $post->ID, self::META_VOICE, true );
		$voice    = is_array( $voice ) ? $voice : array();
		$defaults = Settings::defaults();
		$text     = self::text( $post );
		$language = Post_Language::of( $post, sanitize_key( (string) ( $voice['language'] ?? '' ) ), $text, $may_detect );
		return array(
			'request'         => array(
				'text'     => $text,
				'language' => $language['language'],
				'voice'    => '' !== sanitize_key( (string) ( $voice['voice'] ?? '' ) ) ? sanitize_key( (string) $voice['voice'] ) : $defaults['voice'],
				'speed'    => isset( $voice['speed'] ) && is_numeric( $voice['speed'] ) ? min( 2.0, max( 0.25, (float) $voice['speed'] ) ) : $defaults['speed'],
				'instruct' => '',
			),
			'language_source' => $language['source'],
		);
	}

	/**
	 * What is read aloud: the title, then each block's text as written (never filtered HTML),
	 * leaving out code, players, embeds and blocks marked "not in audio" (with what they hold), and
	 * in what remains every shortcode's markup and every URL (Content_Tokens): a caption's words
	 * are read, "[gallery ids=…]" and an auto-embed line are not.
	 */
	public static function text( \WP_Post $post ): string {
		$pieces = array( self::plain( $post->post_title ) );
		self::collect( parse_blocks( $post->post_content ), $pieces );
		return implode( "\n\n", array_values( array_filter( $pieces, static fn( string $piece ) => '' !== $piece ) ) );
	}

	/**
	 * @param array<int, array<string, mixed>> $blocks Parsed blocks.
	 * @param list<string>                     $pieces Text found so far.
	 */
	private static function collect( array $blocks, array &$pieces ): void {
		foreach ( $blocks as $block ) {
			$attrs = (array) ( $block['attrs'] ?? array() );
			if ( self::is_skipped( (string) ( $block['blockName'] ?? '' ) ) || ! empty( $attrs[ self::SKIP_ATTRIBUTE ] ) ) {
				continue;
			}
			if ( ! empty( $block['innerBlocks'] ) ) {
				self::collect( $block['innerBlocks'], $pieces );
				continue;
			}
			$pieces[] = self::plain( Content_Tokens::speakable( (string) ( $block['innerHTML'] ?? '' ) ) );
		}
	}

	private static function is_skipped( string $name ): bool {
		return in_array( $name, self::SKIPPED_BLOCKS, true ) || str_starts_with( $name, 'core-embed/' );
	}

	/** Markup to the words a listener hears: tags gone, entities decoded, spaces tidied. */
	private static function plain( string $html ): string {
		$text = wp_strip_all_tags( preg_replace( '/<br\s*\/?>|<\/(p|li|h[1-6]|td|th|div|figcaption)>/i', "$0\n", $html ) ?? $html );
		$text = html_entity_decode( $text, ENT_QUOTES | ENT_HTML5, 'UTF-8' );
		return trim( (string) preg_replace( '/[ \t]*\n\s*/u', "\n", (string) preg_replace( '/[ \t\x{00A0}]+/u', ' ', $text ) ) );
	}

	/**
	 * The player's markup for a post, or '' while it has no audio or is not public: the_content
	 * also runs on a protected post's password form, and in feeds.
	 */
	public static function player( int $post_id ): string {
		$post = get_post( $post_id );
		if ( ! $post instanceof \WP_Post || ! Audio_Privacy::is_public( $post ) ) {
			return '';
		}
		$audio = get_post_meta( $post_id, self::META_AUDIO, true );
		$url   = is_array( $audio ) ? (string) wp_get_attachment_url( (int) ( $audio['id'] ?? 0 ) ) : '';
		if ( '' === $url ) {
			return '';
		}
		$label = __( 'Listen to this post', 'circassian' );
		if ( '' !== (string) get_post_meta( $post_id, self::META_REMAKING, true ) ) {
			return '<figure class="circassian-post-audio circassian-post-audio--remaking"><figcaption>' . esc_html( $label ) . '</figcaption><p>'
				. esc_html__( 'The audio of this post is being updated to match its text.', 'circassian' ) . '</p></figure>';
		}
		// A speed control with no script file (the front end loads none): the select sets the
		// player's playbackRate itself.
		$speeds = '';
		foreach ( self::PLAYER_SPEEDS as $speed ) {
			$speeds .= '<option value="' . esc_attr( $speed ) . '"' . selected( '1', $speed, false ) . '>' . esc_html( number_format_i18n( (float) $speed, strlen( (string) substr( (string) strrchr( $speed, '.' ), 1 ) ) ) ) . '×</option>';
		}
		return '<figure class="circassian-post-audio"><figcaption>' . esc_html( $label ) . '</figcaption>'
			. '<audio controls preload="metadata" aria-label="' . esc_attr( $label ) . '" src="' . esc_url( $url ) . '"></audio>'
			. '<label class="circassian-post-audio__speed">' . esc_html__( 'Speed', 'circassian' ) . ' <select onchange="this.closest(\'figure\').querySelector(\'audio\').playbackRate=Number(this.value)">' . $speeds . '</select></label></figure>';
	}

	/** the_content: the player before or after the post's content, unless a "Post audio" block places it. */
	public static function place_player( string $content ): string {
		$post = get_post();
		if ( ! $post instanceof \WP_Post || ! in_the_loop() || ! self::enabled_for_post( $post ) ) {
			return $content;
		}
		$placement = self::settings()['placement'];
		if ( 'block' === $placement || has_block( 'circassian/post-audio', $post ) ) {
			return $content;
		}
		$player = self::player( $post->ID );
		if ( '' === $player ) {
			return $content;
		}
		return 'before' === $placement ? $player . $content : $content . $player;
	}

	/** The "Post audio" block on the front end: the player, or nothing while there is none. */
	public static function render_block(): string {
		$post = get_post();
		return $post instanceof \WP_Post && self::enabled_for_post( $post ) ? self::player( $post->ID ) : '';
	}
}
