/**
 * The editor notices the Circassian tools raise: a snackbar for what went well, a notice that
 * stays for what the author must act on. One place, so the toolbar and the post panel say the
 * same things the same way.
 */
import { __, _n, sprintf } from '@wordpress/i18n';
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

/**
 * What the site's translation memory answered, said beside "Translated from …" so the author sees
 * that a sentence already paid for was not sent again; '' when it answered nothing.
 *
 * @param {?{hits: number, characters: number}} memory The site's answer's `memory`.
 */
export function fromMemory( memory ) {
	const hits = Number( memory?.hits ?? 0 );
	if ( hits <= 0 ) {
		return '';
	}
	return sprintf(
		/* translators: 1: number of texts, 2: number of characters. */
		_n(
			'%1$s text came from the translation memory (%2$s characters not sent).',
			'%1$s texts came from the translation memory (%2$s characters not sent).',
			hits,
			'circassian'
		),
		hits.toLocaleString(),
		Number( memory?.characters ?? 0 ).toLocaleString()
	);
}
