/**
 * Tools > Circassian audio: bulk post audio with its estimate, progress, pause, resume, cancel
 * and error list. The run itself is the site's (WP-Cron): this page only shows and steers it.
 */
import domReady from '@wordpress/dom-ready';
import { createRoot } from '@wordpress/element';
import BulkAudioPage from './page.js';

domReady( () => {
	const container = document.getElementById( 'circassian-bulk-audio' );
	if ( container ) {
		createRoot( container ).render( <BulkAudioPage /> );
	}
} );
