<?php
/**
 * Tools > Circassian, for reviewers (Memory\Teaching_Right): the newest units people wrote, with
 * who, when and where, a filter by person, Accept for each suggestion, and removing everything one
 * person taught. Every action behind a nonce and the right.
 *
 * @package Circassian
 */

namespace Circassian\Admin;

use Circassian\Memory;

defined( 'ABSPATH' ) || exit;

final class Memory_Review {

	public const ACCEPT_ACTION = 'circassian_memory_accept';
	public const REMOVE_ACTION = 'circassian_memory_remove_person';
	/** Units listed at once: the newest first. */
	private const LISTED = 100;

	public static function hook(): void {
		add_action( 'admin_post_' . self::ACCEPT_ACTION, array( self::class, 'accept' ) );
		add_action( 'admin_post_' . self::REMOVE_ACTION, array( self::class, 'remove_person' ) );
	}

	public static function accept(): void {
		Memory_Screen::guard( self::ACCEPT_ACTION, Memory\Teaching_Right::CAPABILITY );
		// phpcs:ignore WordPress.CSRF.NonceVerification.NoNonceVerification, WordPress.Security.NonceVerification.Missing -- checked in guard().
		$accepted = Memory\Memory_Review::accept( absint( $_POST['unit'] ?? 0 ), wp_get_current_user() );
		if ( is_wp_error( $accepted ) ) {
			Memory_Screen::back( 'error', $accepted->get_error_message(), self::person() );
		}
		Memory_Screen::back( 'success', __( 'Suggestion accepted: everyone translating that text gets it back now.', 'circassian' ), self::person() );
	}

	public static function remove_person(): void {
		Memory_Screen::guard( self::REMOVE_ACTION, Memory\Teaching_Right::CAPABILITY );
		$person  = self::person();
		$removed = Memory\Memory_Review::remove_by( $person );
		Memory_Screen::back(
			'success',
			/* translators: 1: units removed, 2: the person's name. */
			sprintf( _n( '%1$s unit %2$s wrote was removed.', '%1$s units %2$s wrote were removed.', $removed, 'circassian' ), number_format_i18n( $removed ), $person ),
			''
		);
	}

	/** The person chosen in the filter (or sent with an action), as units name them. */
	private static function person(): string {
		// phpcs:ignore WordPress.CSRF.NonceVerification.NoNonceVerification, WordPress.Security.NonceVerification.Recommended -- a filter, read only; actions check their nonce before.
		return sanitize_text_field( wp_unslash( (string) ( $_REQUEST['person'] ?? '' ) ) );
	}

	public static function render(): void {
		$person = self::person();
		$people = Memory\Memory_Review::people();
		$units  = Memory\Memory_Review::recent( $person, self::LISTED );
		$post   = admin_url( 'admin-post.php' );
		?>
		<h2 id="circassian-memory-review"><?php esc_html_e( 'Corrections and suggestions', 'circassian' ); ?></h2>
		<p><?php esc_html_e( 'What people wrote into the memory, newest first. A suggestion is a correction by someone who may not teach the memory: it serves only their own translations until you accept it.', 'circassian' ); ?></p>
		<form method="get" action="<?php echo esc_url( admin_url( 'tools.php' ) ); ?>" class="circassian-memory-review__filter">
			<input type="hidden" name="page" value="<?php echo esc_attr( Memory_Screen::SLUG ); ?>" />
			<label for="circassian-memory-person"><?php esc_html_e( 'Written by', 'circassian' ); ?></label>
			<select id="circassian-memory-person" name="person">
				<option value=""><?php esc_html_e( 'Everyone', 'circassian' ); ?></option>
				<?php foreach ( $people as $name => $count ) : ?>
					<option value="<?php echo esc_attr( $name ); ?>" <?php selected( $person, $name ); ?>><?php echo esc_html( sprintf( '%1$s (%2$s)', self::who( $name ), number_format_i18n( $count ) ) ); ?></option>
				<?php endforeach; ?>
			</select>
			<?php submit_button( __( 'Show', 'circassian' ), 'secondary', '', false ); ?>
			<?php if ( '' === $person && $people ) : ?>
				<span class="description"><?php esc_html_e( 'Choose a person to see only what they wrote, and to remove it all.', 'circassian' ); ?></span>
			<?php endif; ?>
		</form>
		<table class="widefat striped circassian-memory-review">
			<?php self::unit_heads( __( 'Kind', 'circassian' ) ); ?>
			<tbody>
				<?php if ( ! $units ) : ?>
					<tr><td colspan="7"><?php esc_html_e( 'Nobody has corrected a translation yet.', 'circassian' ); ?></td></tr>
				<?php endif; ?>
				<?php foreach ( $units as $unit ) : ?>
					<?php $suggestion = '' !== (string) $unit->suggested_by; ?>
					<tr data-unit="<?php echo esc_attr( (string) $unit->id ); ?>">
						<td lang="<?php echo esc_attr( (string) $unit->source_lang ); ?>"><?php echo esc_html( (string) $unit->source ); ?></td>
						<td lang="<?php echo esc_attr( (string) $unit->target_lang ); ?>"><?php echo esc_html( (string) $unit->target ); ?> <span class="description">(<?php echo esc_html( $unit->source_lang . ' → ' . $unit->target_lang ); ?>)</span></td>
						<td><?php echo esc_html( self::kind( (string) $unit->origin, $suggestion ) ); ?></td>
						<td><?php echo esc_html( self::author_line( $unit ) ); ?></td>
						<td><?php echo esc_html( self::when( (string) ( $unit->changed ?? $unit->created ) ) ); ?></td>
						<td><?php self::where( (string) $unit->where_made ); ?></td>
						<td>
							<?php if ( $suggestion ) : ?>
								<form method="post" action="<?php echo esc_url( $post ); ?>">
									<?php wp_nonce_field( self::ACCEPT_ACTION ); ?>
									<input type="hidden" name="action" value="<?php echo esc_attr( self::ACCEPT_ACTION ); ?>" />
									<input type="hidden" name="unit" value="<?php echo esc_attr( (string) $unit->id ); ?>" />
									<input type="hidden" name="person" value="<?php echo esc_attr( $person ); ?>" />
									<?php submit_button( __( 'Accept', 'circassian' ), 'primary small', 'submit', false, array( 'aria-label' => sprintf( /* translators: %s: the suggested translation. */ __( 'Accept the suggestion “%s”', 'circassian' ), (string) $unit->target ) ) ); ?>
								</form>
							<?php endif; ?>
						</td>
					</tr>
				<?php endforeach; ?>
			</tbody>
		</table>
		<?php if ( '' !== $person ) : ?>
			<form method="post" action="<?php echo esc_url( $post ); ?>" class="circassian-memory-review__remove" onsubmit="return window.confirm( this.dataset.confirm );" data-confirm="<?php echo esc_attr( sprintf( /* translators: %s: a person's name. */ __( 'Remove every correction and suggestion %s wrote from the memory? Their translations are then made by the service again.', 'circassian' ), self::who( $person ) ) ); ?>">
				<?php wp_nonce_field( self::REMOVE_ACTION ); ?>
				<input type="hidden" name="action" value="<?php echo esc_attr( self::REMOVE_ACTION ); ?>" />
				<input type="hidden" name="person" value="<?php echo esc_attr( $person ); ?>" />
				<?php /* translators: %s: a person's name. */ submit_button( sprintf( __( 'Remove everything %s taught', 'circassian' ), self::who( $person ) ), 'delete', 'submit', false ); ?>
			</form>
		<?php endif; ?>
		<?php
	}

	/** The head of a table of units: original, translation, what kind of unit ($kind), who, when, where, actions. */
	public static function unit_heads( string $kind ): void {
		Table_Head::render( array( __( 'Original', 'circassian' ), __( 'Translation', 'circassian' ), $kind, __( 'Who', 'circassian' ), __( 'When', 'circassian' ), __( 'Where', 'circassian' ) ) );
	}

	/** A person as units name them (a login), with the name this site shows for that user when there is one. */
	public static function who( string $login ): string {
		$user = get_user_by( 'login', $login );
		return $user instanceof \WP_User && $user->display_name !== $login ? sprintf( '%1$s (%2$s)', $user->display_name, $login ) : $login;
	}

	public static function kind( string $origin, bool $suggestion ): string {
		if ( $suggestion ) {
			return __( 'Suggestion, waiting for review', 'circassian' );
		}
		return 'reviewed' === $origin ? __( 'Reviewed', 'circassian' ) : __( 'Correction', 'circassian' );
	}

	public static function author_line( object $unit ): string {
		$creator = self::who( (string) $unit->creator );
		/* translators: 1: who changed the translation last, 2: who first made it. */
		return '' !== (string) $unit->changer ? sprintf( __( '%1$s (made by %2$s)', 'circassian' ), self::who( (string) $unit->changer ), $creator ) : $creator;
	}

	/** A DATETIME (UTC) in the site's time zone and date format. */
	public static function when( string $datetime ): string {
		$stamp = strtotime( $datetime . ' UTC' );
		return false === $stamp ? $datetime : wp_date( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), $stamp );
	}

	/** Where a unit was made: the post, linked for whoever may edit it, else as the unit names it. */
	public static function where( string $where ): void {
		$post = 1 === preg_match( '/^post:(\d+)$/', $where, $match ) ? get_post( (int) $match[1] ) : null;
		if ( $post instanceof \WP_Post && current_user_can( 'edit_post', $post->ID ) ) {
			printf( '<a href="%1$s">%2$s</a>', esc_url( (string) get_edit_post_link( $post->ID ) ), esc_html( get_the_title( $post ) ) );
			return;
		}
		echo esc_html( $where );
	}
}
