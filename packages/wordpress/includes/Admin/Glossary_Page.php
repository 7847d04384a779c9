<?php
/**
 * Tools > Circassian glossary: the site's agreed terms, for whoever may teach the translation
 * memory (Memory\Teaching_Right, Editors and up by default): add a term, edit or remove one, a
 * pair's terms as a CSV download, and a CSV upload laid over the glossary. Every action behind a
 * nonce; the result said on the next load (Memory_Screen's notice).
 *
 * @package Circassian
 */

namespace Circassian\Admin;

use Circassian\Glossary;
use Circassian\Memory;
use Circassian\Service;

defined( 'ABSPATH' ) || exit;

final class Glossary_Page {

	public const SLUG          = 'circassian-glossary';
	public const SAVE_ACTION   = 'circassian_glossary_save';
	public const DELETE_ACTION = 'circassian_glossary_delete';
	public const IMPORT_ACTION = 'circassian_glossary_import';
	public const EXPORT_ACTION = 'circassian_glossary_export';

	public static function hook(): void {
		add_action( 'admin_menu', array( self::class, 'add_page' ) );
		add_action( 'admin_post_' . self::SAVE_ACTION, array( self::class, 'save' ) );
		add_action( 'admin_post_' . self::DELETE_ACTION, array( self::class, 'delete' ) );
		add_action( 'admin_post_' . self::IMPORT_ACTION, array( self::class, 'import' ) );
		add_action( 'admin_post_' . self::EXPORT_ACTION, array( self::class, 'export' ) );
	}

	public static function add_page(): void {
		add_management_page( __( 'Circassian glossary', 'circassian' ), __( 'Circassian glossary', 'circassian' ), Memory\Teaching_Right::CAPABILITY, self::SLUG, array( self::class, 'render' ) );
	}

	/**
	 * The words of each type, as the page shows them.
	 *
	 * @return array<string, string>
	 */
	private static function type_names(): array {
		return array(
			'keep'      => __( 'Keep as it is', 'circassian' ),
			'translate' => __( 'Translate as', 'circassian' ),
			'forbidden' => __( 'Forbidden word', 'circassian' ),
			'say'       => __( 'Say as (speech)', 'circassian' ),
		);
	}

	public static function save(): void {
		self::guard( self::SAVE_ACTION );
		// phpcs:disable WordPress.CSRF.NonceVerification.NoNonceVerification, WordPress.Security.NonceVerification.Missing, WordPress.Security.NonceVerification.Recommended -- checked in guard().
		$id    = isset( $_POST['id'] ) && '' !== $_POST['id'] ? absint( $_POST['id'] ) : null;
		$entry = array(
			'source_lang'    => sanitize_key( wp_unslash( $_POST['source_lang'] ?? '' ) ),
			'target_lang'    => sanitize_key( wp_unslash( $_POST['target_lang'] ?? '' ) ),
			'type'           => sanitize_key( wp_unslash( $_POST['type'] ?? '' ) ),
			// Terms as written: sanitize_text_field would strip what a term may hold (C++ <x>, a stress mark is kept either way).
			'source'         => self::plain( wp_unslash( $_POST['source'] ?? '' ) ),
			'target'         => self::plain( wp_unslash( $_POST['target'] ?? '' ) ),
			'note'           => sanitize_text_field( wp_unslash( $_POST['note'] ?? '' ) ),
			'case_sensitive' => ! empty( $_POST['case_sensitive'] ),
			'stem'           => ! empty( $_POST['stem'] ),
		);
		// phpcs:enable WordPress.CSRF.NonceVerification.NoNonceVerification, WordPress.Security.NonceVerification.Missing, WordPress.Security.NonceVerification.Recommended
		try {
			Glossary\Glossary_Store::save( $entry, $id );
		} catch ( Glossary\Glossary_Error $error ) {
			/* translators: %s: why (in English, from the glossary's checker). */
			self::back( 'error', sprintf( __( 'The term was not saved: %s', 'circassian' ), $error->getMessage() ) );
		}
		$term = '' !== $entry['source'] ? $entry['source'] : $entry['target'];
		if ( null === $id ) {
			/* translators: %s: the term. */
			self::back( 'success', sprintf( __( 'Added: %s', 'circassian' ), $term ) );
		}
		/* translators: %s: the term. */
		self::back( 'success', sprintf( __( 'Saved: %s', 'circassian' ), $term ) );
	}

	public static function delete(): void {
		self::guard( self::DELETE_ACTION );
		// phpcs:ignore WordPress.CSRF.NonceVerification.NoNonceVerification, WordPress.Security.NonceVerification.Missing, WordPress.Security.NonceVerification.Recommended -- checked in guard().
		$removed = Glossary\Glossary_Store::delete( absint( $_POST['id'] ?? 0 ) );
		self::back( $removed ? 'success' : 'error', $removed ? __( 'The term was removed.', 'circassian' ) : __( 'That term is not in the glossary.', 'circassian' ) );
	}

	public static function import(): void {
		self::guard( self::IMPORT_ACTION );
		// phpcs:ignore WordPress.CSRF.NonceVerification.NoNonceVerification, WordPress.Security.NonceVerification.Missing, WordPress.Security.NonceVerification.Recommended -- checked in guard().
		$file = $_FILES['glossary'] ?? null;
		if ( ! is_array( $file ) || UPLOAD_ERR_OK !== ( $file['error'] ?? UPLOAD_ERR_NO_FILE ) || ! is_uploaded_file( (string) $file['tmp_name'] ) ) {
			self::back( 'error', __( 'Choose a CSV or TBX file to import.', 'circassian' ) );
		}
		// phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents, WordPress.WP.AlternativeFunctions.file_system_read_file_get_contents, WordPress.WP.AlternativeFunctions.file_system_operations_file_get_contents -- an upload PHP just received.
		$result = Glossary\Glossary_Transfer::import( (string) file_get_contents( (string) $file['tmp_name'] ) );
		if ( is_wp_error( $result ) ) {
			self::back( 'error', $result->get_error_message() );
		}
		self::back(
			'success',
			sprintf(
				/* translators: 1: entries read, 2: entries added, 3: entries replaced, 4: concepts of a TBX file left out (another language pair, or no translation). */
				__( 'Imported %1$s terms: %2$s added, %3$s replaced; %4$s left out (a language the service does not translate, or no translation).', 'circassian' ),
				number_format_i18n( $result['read'] ),
				number_format_i18n( $result['added'] ),
				number_format_i18n( $result['replaced'] ),
				number_format_i18n( $result['skipped'] )
			)
		);
	}

	public static function export(): void {
		self::guard( self::EXPORT_ACTION );
		// phpcs:disable WordPress.CSRF.NonceVerification.NoNonceVerification, WordPress.Security.NonceVerification.Missing, WordPress.Security.NonceVerification.Recommended -- checked in guard().
		$source = sanitize_key( wp_unslash( $_GET['source_lang'] ?? '' ) );
		$target = sanitize_key( wp_unslash( $_GET['target_lang'] ?? '' ) );
		$format = 'tbx' === ( $_GET['format'] ?? '' ) ? 'tbx' : 'csv';
		// phpcs:enable WordPress.CSRF.NonceVerification.NoNonceVerification, WordPress.Security.NonceVerification.Missing, WordPress.Security.NonceVerification.Recommended
		if ( ! in_array( $source, Service\Service_Facts::TRANSLATION_LANGUAGES, true ) || ! in_array( $target, Service\Service_Facts::TRANSLATION_LANGUAGES, true ) || $source === $target ) {
			self::back( 'error', __( 'Choose two different languages to export.', 'circassian' ) );
		}
		foreach ( Glossary\Glossary_Transfer::headers( $format, $source, $target ) as $name => $value ) {
			header( $name . ': ' . $value );
		}
		echo Glossary\Glossary_Transfer::file( $format, $source, $target ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped, WordPress.XSS.EscapeOutput.OutputNotEscaped -- a CSV or TBX download.
		exit;
	}

	public static function render(): void {
		if ( ! current_user_can( Memory\Teaching_Right::CAPABILITY ) ) {
			return;
		}
		$result  = Memory_Screen::take_result();
		$entries = Glossary\Glossary_Store::all();
		// phpcs:ignore WordPress.CSRF.NonceVerification.NoNonceVerification, WordPress.Security.NonceVerification.Recommended -- only which entry the form shows.
		$editing = isset( $_GET['edit'] ) ? Glossary\Glossary_Store::get( absint( $_GET['edit'] ) ) : null;
		?>
		<div class="wrap circassian-glossary">
			<h1><?php esc_html_e( 'Circassian glossary', 'circassian' ); ?></h1>
			<?php if ( null !== $result ) : ?>
				<div class="notice notice-<?php echo 'error' === $result['type'] ? 'error' : 'success'; ?>" role="status"><p><?php echo esc_html( $result['message'] ); ?></p></div>
			<?php endif; ?>
			<p><?php esc_html_e( 'Terms your community agreed on, applied to every translation of this site: a name kept as it is is never sent to be translated and comes back unchanged; a term translated as agreed always comes back as the agreed word; a forbidden word is flagged in the translation before publishing; a respelling tells post audio how to say a word (the text people read stays as written).', 'circassian' ); ?></p>
			<?php self::render_form( $editing ); ?>
			<?php self::render_entries( $entries ); ?>
			<?php self::render_transfer(); ?>
		</div>
		<?php
	}

	/** @param array<string, mixed>|null $editing The entry being edited, or null to add one. */
	private static function render_form( ?array $editing ): void {
		$entry = $editing ?? array(
			'source_lang' => 'ru',
			'target_lang' => 'kbd',
			'type'        => 'keep',
		);
		?>
		<h2><?php echo esc_html( null === $editing ? __( 'Add a term', 'circassian' ) : __( 'Edit the term', 'circassian' ) ); ?></h2>
		<form method="post" action="<?php echo esc_url( admin_url( 'admin-post.php' ) ); ?>" class="circassian-glossary__form">
			<?php wp_nonce_field( self::SAVE_ACTION ); ?>
			<input type="hidden" name="action" value="<?php echo esc_attr( self::SAVE_ACTION ); ?>" />
			<input type="hidden" name="id" value="<?php echo esc_attr( (string) ( $editing['id'] ?? '' ) ); ?>" />
			<table class="form-table" role="presentation">
				<tr>
					<th scope="row"><label for="circassian-glossary-type"><?php esc_html_e( 'Kind', 'circassian' ); ?></label></th>
					<td>
						<select id="circassian-glossary-type" name="type">
							<?php foreach ( self::type_names() as $type => $name ) : ?>
								<option value="<?php echo esc_attr( $type ); ?>" <?php selected( $entry['type'], $type ); ?>><?php echo esc_html( $name ); ?></option>
							<?php endforeach; ?>
						</select>
						<p class="description"><?php esc_html_e( 'Keep: a name or brand never translated (the translation cell stays empty). Translate as: the agreed translation. Forbidden: a rejected word, written in the translation cell. Say as: how speech says the word, written in the translation cell.', 'circassian' ); ?></p>
					</td>
				</tr>
				<tr>
					<th scope="row"><?php esc_html_e( 'Languages', 'circassian' ); ?></th>
					<td>
						<?php self::language_select( 'source_lang', (string) $entry['source_lang'], __( 'From', 'circassian' ) ); ?>
						→
						<?php self::language_select( 'target_lang', (string) $entry['target_lang'], __( 'Into', 'circassian' ) ); ?>
					</td>
				</tr>
				<tr>
					<th scope="row"><label for="circassian-glossary-source"><?php esc_html_e( 'Term', 'circassian' ); ?></label></th>
					<td><input type="text" class="regular-text" id="circassian-glossary-source" name="source" value="<?php echo esc_attr( (string) ( $entry['source'] ?? '' ) ); ?>" /></td>
				</tr>
				<tr>
					<th scope="row"><label for="circassian-glossary-target"><?php esc_html_e( 'Translation, forbidden word or respelling', 'circassian' ); ?></label></th>
					<td><input type="text" class="regular-text" id="circassian-glossary-target" name="target" value="<?php echo esc_attr( 'keep' === $entry['type'] ? '' : (string) ( $entry['target'] ?? '' ) ); ?>" /></td>
				</tr>
				<tr>
					<th scope="row"><label for="circassian-glossary-note"><?php esc_html_e( 'Note', 'circassian' ); ?></label></th>
					<td><input type="text" class="regular-text" id="circassian-glossary-note" name="note" value="<?php echo esc_attr( (string) ( $entry['note'] ?? '' ) ); ?>" /></td>
				</tr>
				<tr>
					<th scope="row"><?php esc_html_e( 'Matching', 'circassian' ); ?></th>
					<td>
						<label><input type="checkbox" name="stem" value="1" <?php checked( ! empty( $entry['stem'] ) ); ?> /> <?php esc_html_e( 'Also with endings (Налшыкым, Нальчике)', 'circassian' ); ?></label><br />
						<label><input type="checkbox" name="case_sensitive" value="1" <?php checked( ! empty( $entry['case_sensitive'] ) ); ?> /> <?php esc_html_e( 'Letter case must match', 'circassian' ); ?></label>
					</td>
				</tr>
			</table>
			<?php submit_button( null === $editing ? __( 'Add term', 'circassian' ) : __( 'Save term', 'circassian' ), 'primary', 'submit', false ); ?>
			<?php if ( null !== $editing ) : ?>
				<a class="button" href="<?php echo esc_url( admin_url( 'tools.php?page=' . self::SLUG ) ); ?>"><?php esc_html_e( 'Cancel', 'circassian' ); ?></a>
			<?php endif; ?>
		</form>
		<?php
	}

	/** @param list<array<string, mixed>> $entries Every entry. */
	private static function render_entries( array $entries ): void {
		$names = self::type_names();
		?>
		<h2><?php esc_html_e( 'Terms', 'circassian' ); ?></h2>
		<table class="widefat striped circassian-glossary__entries">
			<?php
			Table_Head::render(
				array(
					__( 'Term', 'circassian' ),
					__( 'Kind', 'circassian' ),
					__( 'Translation, forbidden word or respelling', 'circassian' ),
					__( 'Languages', 'circassian' ),
					__( 'Note', 'circassian' ),
				)
			);
			?>
			<tbody>
				<?php if ( ! $entries ) : ?>
					<tr><td colspan="6"><?php esc_html_e( 'No terms yet: add one above, or import a CSV or TBX file below.', 'circassian' ); ?></td></tr>
				<?php endif; ?>
				<?php foreach ( $entries as $entry ) : ?>
					<tr data-entry="<?php echo esc_attr( (string) $entry['id'] ); ?>">
						<th scope="row"><?php echo esc_html( '' !== $entry['source'] ? (string) $entry['source'] : '—' ); ?></th>
						<td><?php echo esc_html( $names[ $entry['type'] ] ?? $entry['type'] ); ?><?php echo ! empty( $entry['stem'] ) ? ' · ' . esc_html__( 'with endings', 'circassian' ) : ''; ?></td>
						<td><?php echo esc_html( 'keep' === $entry['type'] ? '—' : (string) $entry['target'] ); ?></td>
						<td><?php echo esc_html( $entry['source_lang'] . ' → ' . $entry['target_lang'] ); ?></td>
						<td><?php echo esc_html( (string) ( $entry['note'] ?? '' ) ); ?></td>
						<td>
							<a class="button button-small" href="<?php echo esc_url( add_query_arg( 'edit', $entry['id'], admin_url( 'tools.php?page=' . self::SLUG ) ) ); ?>"><?php esc_html_e( 'Edit', 'circassian' ); ?></a>
							<form method="post" action="<?php echo esc_url( admin_url( 'admin-post.php' ) ); ?>" style="display:inline" onsubmit="return window.confirm( this.dataset.confirm );" data-confirm="<?php echo esc_attr__( 'Remove this term from the glossary?', 'circassian' ); ?>">
								<?php wp_nonce_field( self::DELETE_ACTION ); ?>
								<input type="hidden" name="action" value="<?php echo esc_attr( self::DELETE_ACTION ); ?>" />
								<input type="hidden" name="id" value="<?php echo esc_attr( (string) $entry['id'] ); ?>" />
								<?php submit_button( __( 'Remove', 'circassian' ), 'delete small', 'submit', false ); ?>
							</form>
						</td>
					</tr>
				<?php endforeach; ?>
			</tbody>
		</table>
		<?php
	}

	/** A pair's terms as a CSV download, and a CSV upload. */
	private static function render_transfer(): void {
		$post = admin_url( 'admin-post.php' );
		?>
		<h2><?php esc_html_e( 'Export', 'circassian' ); ?></h2>
		<form method="get" action="<?php echo esc_url( $post ); ?>">
			<?php wp_nonce_field( self::EXPORT_ACTION, '_wpnonce', false ); ?>
			<input type="hidden" name="action" value="<?php echo esc_attr( self::EXPORT_ACTION ); ?>" />
			<?php self::language_select( 'source_lang', 'ru', __( 'From', 'circassian' ), 'export-' ); ?>
			→
			<?php self::language_select( 'target_lang', 'kbd', __( 'Into', 'circassian' ), 'export-' ); ?>
			<label class="screen-reader-text" for="circassian-glossary-export-format"><?php esc_html_e( 'Format', 'circassian' ); ?></label>
			<select id="circassian-glossary-export-format" name="format">
				<option value="csv">CSV</option>
				<option value="tbx">TBX</option>
			</select>
			<?php submit_button( __( 'Download', 'circassian' ), 'secondary', 'submit', false ); ?>
		</form>
		<p class="description"><?php esc_html_e( 'The pair\'s terms, the forbidden words of its target language and the respellings of its source language, as the CSV the Circassian CLI, VS Code and Strapi read (a header row such as ru,kbd,type,note, then one term a row), or as TBX-Basic, which Weblate, memoQ and OmegaT read.', 'circassian' ); ?></p>

		<h2><?php esc_html_e( 'Import', 'circassian' ); ?></h2>
		<form method="post" action="<?php echo esc_url( $post ); ?>" enctype="multipart/form-data">
			<?php wp_nonce_field( self::IMPORT_ACTION ); ?>
			<input type="hidden" name="action" value="<?php echo esc_attr( self::IMPORT_ACTION ); ?>" />
			<p>
				<label for="circassian-glossary-file"><?php esc_html_e( 'CSV or TBX file', 'circassian' ); ?></label>
				<input type="file" id="circassian-glossary-file" name="glossary" accept=".csv,.tbx,.xml,text/csv,application/x-tbx+xml" />
			</p>
			<p class="description"><?php esc_html_e( 'A term already in the glossary is replaced by the file\'s, the others are added. A file with a row that cannot be used imports nothing and says which line and why.', 'circassian' ); ?></p>
			<?php submit_button( __( 'Import', 'circassian' ), 'secondary' ); ?>
		</form>
		<?php
	}

	private static function language_select( string $name, string $selected, string $label, string $prefix = '' ): void {
		$id = 'circassian-glossary-' . $prefix . $name;
		?>
		<label class="screen-reader-text" for="<?php echo esc_attr( $id ); ?>"><?php echo esc_html( $label ); ?></label>
		<select id="<?php echo esc_attr( $id ); ?>" name="<?php echo esc_attr( $name ); ?>">
			<?php foreach ( Service\Service_Facts::TRANSLATION_LANGUAGES as $code ) : ?>
				<option value="<?php echo esc_attr( $code ); ?>" <?php selected( $selected, $code ); ?>><?php echo esc_html( $code ); ?></option>
			<?php endforeach; ?>
		</select>
		<?php
	}

	/** A term as typed: no markup, no line breaks; otherwise as written. */
	private static function plain( mixed $value ): string {
		return trim( (string) preg_replace( '/[\r\n\t]+/', ' ', wp_strip_all_tags( (string) $value ) ) );
	}

	private static function guard( string $action ): void {
		if ( ! current_user_can( Memory\Teaching_Right::CAPABILITY ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to edit the glossary.', 'circassian' ), 403 );
		}
		check_admin_referer( $action );
	}

	private static function back( string $type, string $message ): never {
		update_user_meta(
			get_current_user_id(),
			Memory_Screen::RESULT_META,
			array(
				'type'    => $type,
				'message' => $message,
			)
		);
		wp_safe_redirect( admin_url( 'tools.php?page=' . self::SLUG ) );
		exit;
	}
}
