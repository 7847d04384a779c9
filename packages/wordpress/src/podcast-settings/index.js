/**
 * Settings > Circassian, Podcast: the artwork is chosen in the Media Library (WordPress's media
 * picker, images only) and checked when the settings are saved; "Check the feed as a directory
 * would" runs POST /circassian/v1/podcast/check and lists what Apple Podcasts or Spotify would
 * refuse, each finding in words. Where the server has no MP3 encoder, the episodes are encoded in
 * the browser (browser-mp3.js).
 */
import { __ } from '@wordpress/i18n';
import apiFetch from '@wordpress/api-fetch';
import { setUpBrowserMp3 } from './browser-mp3.js';

function setUpArtwork() {
	const choose = document.getElementById( 'circassian-podcast-artwork-choose' );
	const remove = document.getElementById( 'circassian-podcast-artwork-remove' );
	const input = document.getElementById( 'circassian-podcast-artwork' );
	const preview = document.getElementById( 'circassian-podcast-artwork-preview' );
	if ( ! choose || ! remove || ! input || ! preview || ! window.wp?.media ) {
		return;
	}
	const original = preview.getAttribute( 'src' );
	let frame = null;
	choose.addEventListener( 'click', () => {
		frame =
			frame ||
			window.wp.media( {
				title: __( 'Podcast artwork', 'circassian' ),
				button: { text: __( 'Use as the podcast artwork', 'circassian' ) },
				library: { type: 'image' },
				multiple: false,
			} );
		frame.off( 'select' ).on( 'select', () => {
			const image = frame.state().get( 'selection' ).first().toJSON();
			input.value = String( image.id );
			preview.setAttribute( 'src', image.sizes?.thumbnail?.url || image.url );
			remove.hidden = false;
		} );
		frame.open();
	} );
	remove.addEventListener( 'click', () => {
		input.value = '0';
		// The plugin's own cover shows again once the settings are saved.
		preview.setAttribute( 'src', original );
		remove.hidden = true;
	} );
}

/** Lists each finding: what passed and what a directory would refuse, in words (not by colour alone). */
function showFindings( box, result ) {
	box.className = `notice notice-${ result.passed ? 'success' : 'warning' } inline`;
	box.textContent = '';
	const summary = document.createElement( 'p' );
	summary.textContent = result.passed
		? __( 'Every check passed: Apple Podcasts and Spotify would take this feed.', 'circassian' )
		: __( 'Apple Podcasts or Spotify would refuse this feed:', 'circassian' );
	box.appendChild( summary );
	const list = document.createElement( 'ul' );
	for ( const check of result.checks ) {
		const item = document.createElement( 'li' );
		item.dataset.check = check.check;
		item.dataset.passed = String( check.passed );
		item.textContent = `${ check.passed ? __( 'Passes:', 'circassian' ) : __( 'Refused:', 'circassian' ) } ${ check.message }`;
		list.appendChild( item );
	}
	box.appendChild( list );
}

function setUpCheck() {
	const button = document.getElementById( 'circassian-podcast-check' );
	const language = document.getElementById( 'circassian-podcast-check-lang' );
	const status = document.getElementById( 'circassian-podcast-check-status' );
	const box = document.getElementById( 'circassian-podcast-check-result' );
	if ( ! button || ! language || ! status || ! box ) {
		return;
	}
	button.addEventListener( 'click', async () => {
		button.disabled = true;
		button.setAttribute( 'aria-busy', 'true' );
		status.textContent = __( 'Fetching the feed’s audio and artwork…', 'circassian' );
		try {
			showFindings( box, await apiFetch( { path: '/circassian/v1/podcast/check', method: 'POST', data: { lang: language.value } } ) );
		} catch ( error ) {
			box.className = 'notice notice-error inline';
			box.textContent = error?.message || __( 'The check could not be run. Reload the page and try again.', 'circassian' );
		} finally {
			button.disabled = false;
			button.removeAttribute( 'aria-busy' );
			status.textContent = '';
		}
	} );
}

function setUp() {
	setUpArtwork();
	setUpCheck();
	setUpBrowserMp3();
}

if ( document.readyState === 'loading' ) {
	document.addEventListener( 'DOMContentLoaded', setUp );
} else {
	setUp();
}
