/**
 * Generating a block's audio: a short text answers at once; a long one is a job polled every 2 s,
 * resumed after an editor reload from the block's `jobId`. While a job runs, `elapsed` counts the
 * seconds since the site registered it (taken from the site's answer, so a reload keeps it).
 */
import { useEffect, useRef, useState } from '@wordpress/element';
import { select } from '@wordpress/data';
import { pollSpeech, POLL_MS, startSpeech } from './api.js';
import { describeError } from './error-notice.js';
import { sharedAttachment } from './block-identity.js';
import { attachmentAttributes } from './attachment-attributes.js';

export function useSpeech( attributes, setAttributes, clientId ) {
	const [ busy, setBusy ] = useState( false );
	const [ progress, setProgress ] = useState( null );
	const [ error, setError ] = useState( null );
	const timer = useRef();
	const mounted = useRef( true );
	const startedAt = useRef( Date.now() );
	const [ elapsed, setElapsed ] = useState( 0 );

	// A tick a second while busy: the elapsed time moves between polls.
	useEffect( () => {
		if ( ! busy ) {
			return undefined;
		}
		const tick = setInterval( () => setElapsed( ( Date.now() - startedAt.current ) / 1000 ), 1000 );
		return () => clearInterval( tick );
	}, [ busy ] );

	const report = ( result ) => {
		if ( typeof result.elapsed === 'number' ) {
			startedAt.current = Date.now() - result.elapsed * 1000;
			setElapsed( result.elapsed );
		}
		setProgress( result );
	};

	const finish = ( result ) => {
		setBusy( false );
		setProgress( null );
		setAttributes( attachmentAttributes( result.attachment ) );
	};

	const fail = ( reason ) => {
		setBusy( false );
		setProgress( null );
		setError( describeError( reason ) );
		setAttributes( { jobId: undefined } );
	};

	const follow = ( jobId ) => {
		timer.current = setTimeout( async () => {
			try {
				const result = await pollSpeech( jobId );
				if ( ! mounted.current ) {
					return;
				}
				if ( result.status === 'done' ) {
					finish( result );
				} else {
					report( result );
					follow( jobId );
				}
			} catch ( reason ) {
				if ( mounted.current ) {
					fail( reason );
				}
			}
		}, POLL_MS );
	};

	useEffect( () => {
		mounted.current = true;
		// A job that was running when the editor was closed or reloaded.
		if ( attributes.jobId ) {
			setBusy( true );
			follow( attributes.jobId );
		}
		return () => {
			mounted.current = false;
			clearTimeout( timer.current );
		};
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [] );

	const generate = async ( request ) => {
		setError( null );
		setBusy( true );
		setProgress( null );
		startedAt.current = Date.now();
		setElapsed( 0 );
		try {
			const result = await startSpeech( {
				...request,
				post_id: Number( select( 'core/editor' )?.getCurrentPostId?.() ) || 0,
				block_id: attributes.blockId || '',
				// Audio another block plays is never replaced (the site checks the other posts too).
				replace_id: sharedAttachment( clientId, attributes.attachmentId ) ? 0 : attributes.attachmentId || 0,
			} );
			if ( result.status === 'done' ) {
				finish( result );
			} else {
				report( result );
				setAttributes( { jobId: result.job } );
				follow( result.job );
			}
		} catch ( reason ) {
			fail( reason );
		}
	};

	return { busy, progress, elapsed, error, generate, clearError: () => setError( null ) };
}
