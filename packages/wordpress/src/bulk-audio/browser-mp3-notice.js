/**
 * After a run, where the server has no MP3 encoder: the new episodes are encoded to MP3 in this
 * browser and uploaded, as the settings page does (src/podcast-settings/browser-mp3.js), while the
 * administrator is still here. Nothing shows when no episode is WAV only.
 */
import { __ } from '@wordpress/i18n';
import { Notice } from '@wordpress/components';
import { useEffect, useState } from '@wordpress/element';
import { encodedSummary, encodeWaitingEpisodes, encodingMessage } from '../podcast-settings/browser-mp3.js';

export default function BrowserMp3Notice() {
	const [ state, setState ] = useState( { status: 'info', message: '' } );
	useEffect( () => {
		let shown = true;
		encodeWaitingEpisodes( ( number, total, title ) => shown && setState( { status: 'info', message: encodingMessage( number, total, title ) } ) ).then(
			( result ) => {
				if ( shown && ( result.done > 0 || result.failures.length > 0 ) ) {
					setState( { status: result.failures.length ? 'error' : 'success', message: encodedSummary( result ), finished: true } );
				} else if ( shown ) {
					setState( { status: 'info', message: '' } );
				}
			}
		);
		return () => {
			shown = false;
		};
	}, [] );
	if ( state.message === '' ) {
		return null;
	}
	return (
		<Notice status={ state.status } isDismissible={ false } className="circassian-bulk__mp3">
			<p>{ __( 'This server has no MP3 encoder (lame or ffmpeg): your browser encodes the new episodes to MP3 for the podcast feeds.', 'circassian' ) }</p>
			<p role="status" data-finished={ state.finished ? 'true' : undefined }>
				{ state.message }
			</p>
		</Notice>
	);
}
