<?php
/**
 * Tools > Circassian: the site's translation memory. For everyone with the right to teach it
 * (Memory\Teaching_Right, Editors and up by default): the review of what people wrote
 * (Memory_Review) and finding, editing and deleting units one at a time (Memory_Units_Section). For administrators among them (`manage_options` too): units per language
 * pair, by origin, and the characters they saved; a TMX download (all units, or people's
 * corrections only) and a TMX upload; clearing one pair. Every action behind a nonce.
 *
 * @package Circassian
 */

namespace Circassian\Admin;

use Circassian\Memory;
use Circassian\Service;

defined( 'ABSPATH' ) || exit;

final class Memory_Page {

	public const EXPORT_ACTION = 'circassian_memory_export';
	public const IMPORT_ACTION = 'circassian_memory_import';
	public const CLEAR_ACTION  = 'circassian_memory_clear';
	/** Managing the memory as a whole: the site's administrators, who may teach it too. */
	private const MANAGE = array( 'manage_options', Memory\Teaching_Right::CAPABILITY );

	public static function hook(): void {
		add_action( 'admin_menu', array( self::class, 'add_page' ) );
		add_action( 'admin_post_' . self::EXPORT_ACTION, array( self::class, 'export' ) );
		add_action( 'admin_post_' . self::IMPORT_ACTION, array( self::class, 'import' ) );
		add_action( 'admin_post_' . self::CLEAR_ACTION, array( self::class, 'clear' ) );
		Memory_Review::hook();
		Memory_Units_Section::hook();
	}

	public static function add_page(): void {
		add_management_page( __( 'Circassian translation memory', 'circassian' ), __( 'Circassian', 'circassian' ), Memory\Teaching_Right::CAPABILITY, Memory_Screen::SLUG, array( self::class, 'render' ) );
	}

	public static function export(): void {
		Memory_Screen::guard( self::EXPORT_ACTION, ...self::MANAGE );
		// phpcs:ignore WordPress.CSRF.NonceVerification.NoNonceVerification, WordPress.Security.NonceVerification.Missing, WordPress.Security.NonceVerification.Recommended -- checked in guard().
		$origin = isset( $_GET['origin'] ) && in_array( $_GET['origin'], Memory\Memory_Store::ORIGINS, true ) ? sanitize_key( $_GET['origin'] ) : null;
		Memory\Memory_Transfer::send_export( $origin );
		exit;
	}

	public static function import(): void {
		Memory_Screen::guard( self::IMPORT_ACTION, ...self::MANAGE );
		// phpcs:ignore WordPress.CSRF.NonceVerification.NoNonceVerification, WordPress.Security.NonceVerification.Missing, WordPress.Security.NonceVerification.Recommended -- checked in guard().
		$file = $_FILES['tmx'] ?? null;
		if ( ! is_array( $file ) || UPLOAD_ERR_OK !== ( $file['error'] ?? UPLOAD_ERR_NO_FILE ) || ! is_uploaded_file( (string) $file['tmp_name'] ) ) {
			Memory_Screen::back( 'error', __( 'Choose a TMX file to import.', 'circassian' ) );
		}
		$result = Memory\Memory_Transfer::import_file( (string) $file['tmp_name'] );
		if ( is_wp_error( $result ) ) {
			Memory_Screen::back( 'error', $result->get_error_message() );
		}
		$message = sprintf(
			/* translators: 1: units read from the file, 2: units added or changed. */
			_n( 'Imported: %1$s unit read, %2$s added or changed.', 'Imported: %1$s units read, %2$s added or changed.', $result['units'], 'circassian' ),
			number_format_i18n( $result['units'] ),
			number_format_i18n( $result['stored'] )
		);
		$kept = $result['kept_human'] + $result['kept_reviewed'] + $result['kept_newer'];
		if ( $kept > 0 ) {
			$message .= ' ' . sprintf(
				/* translators: %s: how many units of the file were not taken. */
				_n( '%s unit was not taken: the memory keeps a stronger or newer translation of its text (a reviewed one is only replaced by a newer reviewed one).', '%s units were not taken: the memory keeps a stronger or newer translation of their texts (a reviewed one is only replaced by a newer reviewed one).', $kept, 'circassian' ),
				number_format_i18n( $kept )
			);
		}
		$skipped = array_sum( $result['skipped'] );
		if ( $skipped > 0 ) {
			$message .= ' ' . sprintf(
				/* translators: %s: how many units of the file were left out. */
				_n( '%s unit was left out: see why below.', '%s units were left out: see why below.', $skipped, 'circassian' ),
				number_format_i18n( $skipped )
			);
		}
		Memory_Screen::back( 'success', $message, '', array(), $result['left_out'] );
	}

	public static function clear(): void {
		Memory_Screen::guard( self::CLEAR_ACTION, ...self::MANAGE );
		// phpcs:disable WordPress.CSRF.NonceVerification.NoNonceVerification, WordPress.Security.NonceVerification.Missing, WordPress.Security.NonceVerification.Recommended -- checked in guard().
		$source = sanitize_key( wp_unslash( $_POST['source'] ?? '' ) );
		$target = sanitize_key( wp_unslash( $_POST['target'] ?? '' ) );
		// phpcs:enable WordPress.CSRF.NonceVerification.NoNonceVerification, WordPress.Security.NonceVerification.Missing, WordPress.Security.NonceVerification.Recommended
		if ( ! in_array( $source, Service\Service_Facts::TRANSLATION_LANGUAGES, true ) || ! in_array( $target, Service\Service_Facts::TRANSLATION_LANGUAGES, true ) ) {
			Memory_Screen::back( 'error', __( 'Choose a language pair to clear.', 'circassian' ) );
		}
		$removed = Memory\Memory_Store::clear( $source, $target );
		/* translators: 1: units removed, 2: source language code, 3: target language code. */
		Memory_Screen::back( 'success', sprintf( _n( '%1$s unit removed (%2$s → %3$s).', '%1$s units removed (%2$s → %3$s).', $removed, 'circassian' ), number_format_i18n( $removed ), $source, $target ) );
	}

	public static function render(): void {
		if ( ! current_user_can( Memory\Teaching_Right::CAPABILITY ) ) {
			return;
		}
		$result = Memory_Screen::take_result();
		?>
		<div class="wrap circassian-memory">
			<h1><?php esc_html_e( 'Circassian translation memory', 'circassian' ); ?></h1>
			<?php if ( null !== $result ) : ?>
				<div class="notice notice-<?php echo 'error' === $result['type'] ? 'error' : 'success'; ?>" role="status"><p><?php echo esc_html( $result['message'] ); ?></p><?php self::render_left_out( $result['left_out'] ?? array() ); ?></div>
			<?php endif; ?>
			<?php
			// The pairs first, then finding a unit (the everyday task), then TMX and the review.
			$manager = current_user_can( 'manage_options' );
			if ( $manager ) {
				self::render_pairs();
			}
			Memory_Units_Section::render();
			if ( $manager ) {
				self::render_transfer();
			}
			Memory_Review::render();
			?>
		</div>
		<?php
	}

	/**
	 * An import's units left out, under its notice: where each is in the file (its `<tu>`, counted
	 * from 1, as a TMX editor shows it), why in plain words, and what the file held (the detail).
	 *
	 * @param list<array{tu: int, reason: string, detail: string}> $left_out Tmx_Reader's list.
	 */
	private static function render_left_out( array $left_out ): void {
		if ( ! $left_out ) {
			return;
		}
		$reasons = array(
			'language'  => __( 'a language the service does not translate', 'circassian' ),
			'no-source' => __( 'no text in the unit\'s source language', 'circassian' ),
			'empty'     => __( 'an empty text', 'circassian' ),
			'no-target' => __( 'no translation beside the source', 'circassian' ),
			'origin'    => __( 'an origin this memory does not know', 'circassian' ),
			'status'    => __( 'a status this memory does not know, or a suggestion that names nobody', 'circassian' ),
		);
		$heading = __( 'Left out:', 'circassian' );
		if ( count( $left_out ) >= Memory\Tmx_Reader::LISTED ) {
			/* translators: %s: how many of the units left out are listed. */
			$heading = sprintf( __( 'Left out (the first %s):', 'circassian' ), number_format_i18n( count( $left_out ) ) );
		}
		?>
		<p><?php echo esc_html( $heading ); ?></p>
		<ul class="circassian-memory__left-out">
			<?php foreach ( $left_out as $item ) : ?>
				<li>
					<?php
					/* translators: 1: the unit's position in the file (its <tu>, from 1), 2: why it was left out. */
					echo esc_html( sprintf( __( 'Unit %1$s of the file: %2$s', 'circassian' ), number_format_i18n( (int) $item['tu'] ), $reasons[ self::reason_of( $item ) ] ?? $item['reason'] ) );
					?>
					— <code><?php echo esc_html( $item['detail'] ); ?></code>
				</li>
			<?php endforeach; ?>
		</ul>
		<?php
	}

	/**
	 * Core's reason, with its `language` told apart: a language the service does not translate, or a
	 * `<tu>` without a `<tuv>` in its own source language (core's detail says which).
	 *
	 * @param array{reason: string, detail: string} $item One unit left out.
	 */
	private static function reason_of( array $item ): string {
		return 'language' === $item['reason'] && str_starts_with( $item['detail'], 'no <tuv>' ) ? 'no-source' : $item['reason'];
	}

	/** The memory as a whole: units per pair, clearing a pair (administrators). */
	private static function render_pairs(): void {
		$pairs = Memory\Memory_Store::stats();
		$post  = admin_url( 'admin-post.php' );
		?>
			<p><?php esc_html_e( 'Every block and post translated is kept here, in this site\'s database, under its source language (the one chosen, or the post\'s own when it is left to detection): the same text is never sent or paid for twice, and corrections people make in a published translation are used instead of the machine\'s. Nothing of it leaves the site unless you export it.', 'circassian' ); ?></p>
			<table class="widefat striped circassian-memory__pairs">
				<?php
				Table_Head::render(
					array(
						__( 'Language pair', 'circassian' ),
						__( 'Units', 'circassian' ),
						__( 'Corrected by people', 'circassian' ),
						__( 'Reviewed', 'circassian' ),
						__( 'Machine', 'circassian' ),
						__( 'Suggestions', 'circassian' ),
						__( 'Characters saved', 'circassian' ),
					)
				);
				?>
				<tbody>
					<?php if ( ! $pairs ) : ?>
						<tr><td colspan="8"><?php esc_html_e( 'The memory is empty: it fills as posts and blocks are translated.', 'circassian' ); ?></td></tr>
					<?php endif; ?>
					<?php foreach ( $pairs as $pair ) : ?>
						<tr data-pair="<?php echo esc_attr( $pair['source'] . ':' . $pair['target'] ); ?>">
							<th scope="row"><?php echo esc_html( $pair['source'] . ' → ' . $pair['target'] ); ?></th>
							<td><?php echo esc_html( number_format_i18n( $pair['units'] ) ); ?></td>
							<td><?php echo esc_html( number_format_i18n( $pair['human'] ) ); ?></td>
							<td><?php echo esc_html( number_format_i18n( $pair['reviewed'] ) ); ?></td>
							<td><?php echo esc_html( number_format_i18n( $pair['machine'] ) ); ?></td>
							<td><?php echo esc_html( number_format_i18n( $pair['suggestions'] ) ); ?></td>
							<td><?php echo esc_html( number_format_i18n( $pair['saved_characters'] ) ); ?></td>
							<td>
								<form method="post" action="<?php echo esc_url( $post ); ?>" onsubmit="return window.confirm( this.dataset.confirm );" data-confirm="<?php echo esc_attr( sprintf( /* translators: 1: source language code, 2: target language code. */ __( 'Remove every unit of %1$s → %2$s from the memory? People\'s corrections go too.', 'circassian' ), $pair['source'], $pair['target'] ) ); ?>">
									<?php wp_nonce_field( self::CLEAR_ACTION ); ?>
									<input type="hidden" name="action" value="<?php echo esc_attr( self::CLEAR_ACTION ); ?>" />
									<input type="hidden" name="source" value="<?php echo esc_attr( $pair['source'] ); ?>" />
									<input type="hidden" name="target" value="<?php echo esc_attr( $pair['target'] ); ?>" />
									<?php submit_button( __( 'Clear', 'circassian' ), 'delete small', 'submit', false ); ?>
								</form>
							</td>
						</tr>
					<?php endforeach; ?>
				</tbody>
			</table>
		<?php
	}

	/** The memory as a TMX file: export and import (administrators). */
	private static function render_transfer(): void {
		$post = admin_url( 'admin-post.php' );
		?>
			<h2><?php esc_html_e( 'Export', 'circassian' ); ?></h2>
			<p><?php esc_html_e( 'A TMX 1.4b file, which CAT tools, the Circassian CLI, VS Code and Strapi import.', 'circassian' ); ?></p>
			<p>
				<a class="button" href="<?php echo esc_url( wp_nonce_url( add_query_arg( 'action', self::EXPORT_ACTION, $post ), self::EXPORT_ACTION ) ); ?>"><?php esc_html_e( 'Download the memory (TMX)', 'circassian' ); ?></a>
				<a class="button" href="<?php echo esc_url( wp_nonce_url( add_query_arg( 'origin', 'human', add_query_arg( 'action', self::EXPORT_ACTION, $post ) ), self::EXPORT_ACTION ) ); ?>"><?php esc_html_e( 'Download people\'s corrections only', 'circassian' ); ?></a>
			</p>

			<h2><?php esc_html_e( 'Import', 'circassian' ); ?></h2>
			<form method="post" action="<?php echo esc_url( $post ); ?>" enctype="multipart/form-data">
				<?php wp_nonce_field( self::IMPORT_ACTION ); ?>
				<input type="hidden" name="action" value="<?php echo esc_attr( self::IMPORT_ACTION ); ?>" />
				<p>
					<label for="circassian-memory-file"><?php esc_html_e( 'TMX file', 'circassian' ); ?></label>
					<input type="file" id="circassian-memory-file" name="tmx" accept=".tmx,.xml,application/x-tmx+xml,text/xml" />
				</p>
				<p class="description"><?php esc_html_e( 'Units in Kabardian, Adyghe, Russian, English and Turkish are taken, with who made them, when and where; a unit without an origin counts as corrected by people. A machine unit never replaces one corrected by people, a corrected one never replaces a reviewed one, and an older unit never replaces a newer one. A file that cannot be read to its end imports nothing.', 'circassian' ); ?></p>
				<?php submit_button( __( 'Import', 'circassian' ), 'secondary' ); ?>
			</form>
		<?php
	}
}
