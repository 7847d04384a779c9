<?php
/**
 * Tools > Circassian, "Find in the memory", for everyone with the right to teach it
 * (Memory\Teaching_Right): a concordance search for a word or phrase in either language
 * (Memory\Memory_Search: palochka look-alikes and case aside; an empty search lists every unit),
 * a page of units at a time, each with its origin, who, when and where; and per unit "Edit" (its
 * translation becomes the editor's correction, Memory\Memory_Units) and "Delete" (after a
 * confirmation). Every action behind its nonce and the right.
 *
 * @package Circassian
 */

namespace Circassian\Admin;

use Circassian\Memory;

defined( 'ABSPATH' ) || exit;

final class Memory_Units_Section {

	public const EDIT_ACTION   = 'circassian_memory_edit_unit';
	public const DELETE_ACTION = 'circassian_memory_delete_unit';
	/** Units on one page of results. */
	private const PER_PAGE = 20;

	public static function hook(): void {
		add_action( 'admin_post_' . self::EDIT_ACTION, array( self::class, 'edit' ) );
		add_action( 'admin_post_' . self::DELETE_ACTION, array( self::class, 'delete' ) );
	}

	public static function edit(): void {
		Memory_Screen::guard( self::EDIT_ACTION, Memory\Teaching_Right::CAPABILITY );
		// phpcs:disable WordPress.CSRF.NonceVerification.NoNonceVerification, WordPress.Security.NonceVerification.Missing -- checked in guard().
		$target = isset( $_POST['target'] ) ? wp_kses_post( wp_unslash( (string) $_POST['target'] ) ) : '';
		$done   = Memory\Memory_Units::edit( absint( $_POST['unit'] ?? 0 ), $target, wp_get_current_user() );
		// phpcs:enable WordPress.CSRF.NonceVerification.NoNonceVerification, WordPress.Security.NonceVerification.Missing
		if ( is_wp_error( $done ) ) {
			Memory_Screen::back( 'error', $done->get_error_message(), '', self::where_we_were() );
		}
		Memory_Screen::back( 'success', __( 'Translation changed: it is your correction now, and everyone translating that text gets it back.', 'circassian' ), '', self::where_we_were() );
	}

	public static function delete(): void {
		Memory_Screen::guard( self::DELETE_ACTION, Memory\Teaching_Right::CAPABILITY );
		// phpcs:ignore WordPress.CSRF.NonceVerification.NoNonceVerification, WordPress.Security.NonceVerification.Missing -- checked in guard().
		$done = Memory\Memory_Units::delete( absint( $_POST['unit'] ?? 0 ) );
		if ( is_wp_error( $done ) ) {
			Memory_Screen::back( 'error', $done->get_error_message(), '', self::where_we_were() );
		}
		Memory_Screen::back( 'success', __( 'Unit deleted: that text is translated by the service again the next time.', 'circassian' ), '', self::where_we_were() );
	}

	/**
	 * The search and page an action was sent from, to go back to them.
	 *
	 * @return array<string, string>
	 */
	private static function where_we_were(): array {
		$found = self::search();
		return null === $found ? array() : array(
			'find'  => $found,
			'paged' => (string) self::page(),
		);
	}

	/** The phrase searched for ('' lists every unit), or null before any search. */
	private static function search(): ?string {
		// phpcs:ignore WordPress.CSRF.NonceVerification.NoNonceVerification, WordPress.Security.NonceVerification.Recommended -- a search, read only; actions check their nonce before.
		return isset( $_REQUEST['find'] ) ? sanitize_text_field( wp_unslash( (string) $_REQUEST['find'] ) ) : null;
	}

	private static function page(): int {
		// phpcs:ignore WordPress.CSRF.NonceVerification.NoNonceVerification, WordPress.Security.NonceVerification.Recommended -- a page number, read only.
		return max( 1, absint( $_REQUEST['paged'] ?? 1 ) );
	}

	public static function render(): void {
		$phrase = self::search();
		?>
		<h2 id="circassian-memory-find"><?php esc_html_e( 'Find in the memory', 'circassian' ); ?></h2>
		<form method="get" action="<?php echo esc_url( admin_url( 'tools.php' ) ); ?>" class="circassian-memory-find" role="search">
			<input type="hidden" name="page" value="<?php echo esc_attr( Memory_Screen::SLUG ); ?>" />
			<label for="circassian-memory-phrase"><?php esc_html_e( 'Word or phrase, in either language', 'circassian' ); ?></label>
			<input type="search" id="circassian-memory-phrase" name="find" class="regular-text" value="<?php echo esc_attr( (string) $phrase ); ?>" />
			<?php submit_button( __( 'Find', 'circassian' ), 'secondary', '', false ); ?>
			<p class="description"><?php esc_html_e( 'A palochka may be typed as I, l or 1, and capitals do not matter. Search with an empty box to go through every unit.', 'circassian' ); ?></p>
		</form>
		<?php
		if ( null !== $phrase ) {
			self::render_results( $phrase );
		}
	}

	private static function render_results( string $phrase ): void {
		$page  = self::page();
		$found = Memory\Memory_Search::find( $phrase, wp_get_current_user(), $page, self::PER_PAGE );
		$pages = (int) ceil( $found['total'] / self::PER_PAGE );
		$post  = admin_url( 'admin-post.php' );
		?>
		<p class="circassian-memory-find__count" role="status">
			<?php
			echo esc_html(
				'' === $phrase
					/* translators: %s: how many units the memory holds. */
					? sprintf( _n( '%s unit in the memory.', '%s units in the memory.', $found['total'], 'circassian' ), number_format_i18n( $found['total'] ) )
					/* translators: 1: how many units were found, 2: the phrase searched for. */
					: sprintf( _n( '%1$s unit holds “%2$s”.', '%1$s units hold “%2$s”.', $found['total'], 'circassian' ), number_format_i18n( $found['total'] ), $phrase )
			);
			?>
		</p>
		<?php if ( $found['units'] ) : ?>
		<table class="widefat striped circassian-memory-units">
			<?php Memory_Review::unit_heads( __( 'Origin', 'circassian' ) ); ?>
			<tbody>
				<?php foreach ( $found['units'] as $unit ) : ?>
					<?php $suggestion = '' !== (string) $unit->suggested_by; ?>
					<tr data-unit="<?php echo esc_attr( (string) $unit->id ); ?>">
						<td lang="<?php echo esc_attr( (string) $unit->source_lang ); ?>"><?php echo esc_html( (string) $unit->source ); ?></td>
						<td lang="<?php echo esc_attr( (string) $unit->target_lang ); ?>"><?php echo esc_html( (string) $unit->target ); ?> <span class="description">(<?php echo esc_html( $unit->source_lang . ' → ' . $unit->target_lang ); ?>)</span></td>
						<td><?php echo esc_html( 'machine' === $unit->origin && ! $suggestion ? __( 'Machine translation', 'circassian' ) : Memory_Review::kind( (string) $unit->origin, $suggestion ) ); ?></td>
						<td><?php echo esc_html( Memory_Review::author_line( $unit ) ); ?></td>
						<td><?php echo esc_html( Memory_Review::when( (string) ( $unit->changed ?? $unit->created ) ) ); ?></td>
						<td><?php Memory_Review::where( (string) $unit->where_made ); ?></td>
						<td class="circassian-memory-units__actions">
							<?php if ( ! $suggestion ) : ?>
								<details>
									<summary class="button button-small"><?php esc_html_e( 'Edit', 'circassian' ); ?></summary>
									<form method="post" action="<?php echo esc_url( $post ); ?>">
										<?php self::hidden_fields( self::EDIT_ACTION, (int) $unit->id, $phrase, $page ); ?>
										<label for="circassian-unit-<?php echo esc_attr( (string) $unit->id ); ?>"><?php esc_html_e( 'Translation', 'circassian' ); ?></label>
										<textarea id="circassian-unit-<?php echo esc_attr( (string) $unit->id ); ?>" name="target" rows="3" class="large-text" lang="<?php echo esc_attr( (string) $unit->target_lang ); ?>"><?php echo esc_textarea( (string) $unit->target ); ?></textarea>
										<?php submit_button( __( 'Save the translation', 'circassian' ), 'primary small', 'submit', false ); ?>
									</form>
								</details>
							<?php endif; ?>
							<form method="post" action="<?php echo esc_url( $post ); ?>" onsubmit="return window.confirm( this.dataset.confirm );" data-confirm="<?php echo esc_attr( sprintf( /* translators: %s: the unit's original text. */ __( 'Delete the unit “%s” from the memory? Its text is then translated by the service again.', 'circassian' ), (string) $unit->source ) ); ?>">
								<?php self::hidden_fields( self::DELETE_ACTION, (int) $unit->id, $phrase, $page ); ?>
								<?php submit_button( __( 'Delete', 'circassian' ), 'delete small', 'submit', false, array( 'aria-label' => sprintf( /* translators: %s: the unit's original text. */ __( 'Delete the unit “%s”', 'circassian' ), (string) $unit->source ) ) ); ?>
							</form>
						</td>
					</tr>
				<?php endforeach; ?>
			</tbody>
		</table>
		<?php endif; ?>
		<?php if ( $pages > 1 ) : ?>
			<nav class="tablenav circassian-memory-units__pages" aria-label="<?php esc_attr_e( 'Pages of units', 'circassian' ); ?>">
				<div class="tablenav-pages">
					<?php
					echo wp_kses_post(
						(string) paginate_links(
							array(
								'base'    => add_query_arg( 'paged', '%#%' ),
								'format'  => '',
								'current' => $page,
								'total'   => $pages,
							)
						)
					);
					?>
				</div>
			</nav>
		<?php endif; ?>
		<?php
	}

	private static function hidden_fields( string $action, int $unit, string $phrase, int $page ): void {
		wp_nonce_field( $action );
		?>
		<input type="hidden" name="action" value="<?php echo esc_attr( $action ); ?>" />
		<input type="hidden" name="unit" value="<?php echo esc_attr( (string) $unit ); ?>" />
		<input type="hidden" name="find" value="<?php echo esc_attr( $phrase ); ?>" />
		<input type="hidden" name="paged" value="<?php echo esc_attr( (string) $page ); ?>" />
		<?php
	}
}
