/**
 * The editor notices the Circassian tools raise: a snackbar for what went well, a notice that
 * stays for what the author must act on. One place, so the toolbar and the post panel say the
 * same things the same way.
 */
import { __ } from '@wordpress/i18n';
import { dispatch } from '@wordpress/data';

export function notify( status, message ) {
	const notices = dispatch( 'core/notices' );
	if ( status === 'error' ) {
		notices.createErrorNotice( message, { id: 'circassian-toolbar' } );
	} else if ( status === 'warning' ) {
		// Stays until dismissed: the author has formatting to put back.
		notices.createWarningNotice( message, { id: 'circassian-formatting' } );
	} else {
		notices.createSuccessNotice( message, { type: 'snackbar', id: 'circassian-toolbar' } );
	}
}

/** Said when a translation came back with its markers out of place: the plain translation was used. */
export const formattingDropped = () =>
	__(
		'The formatting was dropped: the translation came back with its bold, italics or links out of place, so the block has the plain translation. Add the formatting again where it belongs.',
		'circassian'
	);

/** Said when fields were left as written: their shortcodes, web addresses or page breaks came back out of place. */
export const tokensKept = () =>
	__(
		'Some text was left untranslated: its translation came back with shortcodes, web addresses or page breaks out of place, so that text is as you wrote it. Translate it by hand or try again.',
		'circassian'
	);
