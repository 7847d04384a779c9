<?php
/**
 * The head row of the admin pages' tables (memory, review, glossary): one column per label, then
 * the row actions' column, named for screen readers only as WordPress's own list tables do.
 *
 * @package Circassian
 */

namespace Circassian\Admin;

defined( 'ABSPATH' ) || exit;

final class Table_Head {

	/** @param list<string> $labels The columns before the actions', translated. */
	public static function render( array $labels ): void {
		?>
		<thead>
			<tr>
				<?php foreach ( $labels as $label ) : ?>
					<th scope="col"><?php echo esc_html( $label ); ?></th>
				<?php endforeach; ?>
				<th scope="col"><span class="screen-reader-text"><?php esc_html_e( 'Actions', 'circassian' ); ?></span></th>
			</tr>
		</thead>
		<?php
	}
}
