/**
 * MP3 episodes made in the administrator's browser when the server has no encoder (the Podcast
 * section's notice says so, with the episodes still WAV): each WAV the feeds serve is fetched,
 * encoded to MP3 by @circassian/core/mp3 (Mediabunny and its LAME WebAssembly encoder, in a worker;
 * mono, 64 kbit/s, 44.1 kHz; loaded only then) and uploaded to
 * POST /circassian/v1/podcast/mp3/{attachment}, which checks it and serves it from then on. The
 * notice says what happened. Only audio files pass through the browser, never the site's key.
 */
import { __, _n, sprintf } from '@wordpress/i18n';
import apiFetch from '@wordpress/api-fetch';

const ROUTE = '/circassian/v1/podcast/mp3';

/** Fetches, encodes and uploads one episode's MP3. */
async function encodeEpisode( episode, encodeMp3 ) {
	const response = await fetch( episode.wav, { credentials: 'same-origin' } );
	if ( ! response.ok ) {
		throw new Error( sprintf( /* translators: %d: HTTP status. */ __( 'its WAV file answered %d', 'circassian' ), response.status ) );
	}
	const mp3 = await encodeMp3( new Uint8Array( await response.arrayBuffer() ) );
	try {
		await apiFetch( {
			path: `${ ROUTE }/${ episode.attachment }`,
			method: 'POST',
			body: new Blob( [ mp3 ], { type: 'audio/mpeg' } ),
			headers: { 'Content-Type': 'audio/mpeg' },
		} );
	} catch ( error ) {
		// Another tab (or the server, given an encoder meanwhile) made it first: the episode is MP3 all the same.
		if ( error?.code !== 'circassian_mp3_exists' ) {
			throw error;
		}
	}
}

function showCount( notice, done ) {
	const count = document.getElementById( 'circassian-podcast-mp3-count' );
	const total = Number( notice.dataset.total );
	if ( count ) {
		count.textContent = sprintf(
			/* translators: 1: episodes that are MP3, 2: all episodes. */
			_n( '%1$d of %2$d episode is MP3.', '%1$d of %2$d episodes are MP3.', total, 'circassian' ),
			total - Number( notice.dataset.missing ) + done,
			total
		);
	}
}

/**
 * Encodes and uploads every episode still WAV only, one after another; the encoder is loaded only
 * when there is one. Also run by the bulk audio page once a run is finished (src/bulk-audio).
 *
 * @param {Function} onEpisode Called before each episode: its number, how many, its title.
 * @param {Function} onDone    Called after each episode that is MP3 now: how many so far.
 * @return {Promise<{done: number, failures: string[]}>} How many were encoded, and each failure in words.
 */
export async function encodeWaitingEpisodes( onEpisode, onDone = () => {} ) {
	const failures = [];
	let done = 0;
	try {
		const episodes = await apiFetch( { path: ROUTE } );
		if ( episodes.length === 0 ) {
			return { done, failures };
		}
		const { encodeMp3 } = await import( /* webpackChunkName: "encode-mp3" */ '@circassian/core/mp3' );
		for ( const [ index, episode ] of episodes.entries() ) {
			onEpisode( index + 1, episodes.length, episode.title );
			try {
				await encodeEpisode( episode, encodeMp3 );
				done += 1;
				onDone( done );
			} catch ( error ) {
				failures.push( `${ episode.title }: ${ error?.message || String( error ) }` );
			}
		}
	} catch ( error ) {
		failures.push( error?.message || String( error ) );
	}
	return { done, failures };
}

/** What happened, in words: how many episodes were encoded, and why any was not. */
export function encodedSummary( { done, failures } ) {
	return [
		sprintf(
			/* translators: %d: episodes encoded. */
			_n(
				'%d episode encoded to MP3 in your browser and uploaded: the feeds serve it as MP3 now.',
				'%d episodes encoded to MP3 in your browser and uploaded: the feeds serve them as MP3 now.',
				done,
				'circassian'
			),
			done
		),
		...failures.map( ( failure ) =>
			sprintf( /* translators: %s: the episode and what went wrong. */ __( 'Not encoded: %s. Reload the page to try again.', 'circassian' ), failure )
		),
	].join( ' ' );
}

/** The episode being encoded, in words. */
export function encodingMessage( number, total, title ) {
	return sprintf(
		/* translators: 1: the episode's number, 2: how many, 3: its title. */
		__( 'Encoding episode %1$d of %2$d to MP3 in your browser: %3$s… Keep this page open.', 'circassian' ),
		number,
		total,
		title
	);
}

/** The settings page's Podcast notice, where the server has no encoder and some episode is WAV only. */
export async function setUpBrowserMp3() {
	const notice = document.getElementById( 'circassian-podcast-encoder' );
	const status = document.getElementById( 'circassian-podcast-mp3-status' );
	if ( ! notice || ! status || notice.dataset.encoder !== 'browser' || Number( notice.dataset.missing ) === 0 ) {
		return;
	}
	notice.setAttribute( 'aria-busy', 'true' );
	status.textContent = __( 'Preparing the MP3 encoder in your browser…', 'circassian' );
	const result = await encodeWaitingEpisodes(
		( number, total, title ) => ( status.textContent = encodingMessage( number, total, title ) ),
		( done ) => showCount( notice, done )
	);
	notice.removeAttribute( 'aria-busy' );
	notice.dataset.encoded = String( result.done );
	notice.className = `notice notice-${ result.failures.length ? 'error' : 'success' } inline`;
	status.textContent = encodedSummary( result );
}
