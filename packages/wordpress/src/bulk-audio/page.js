/**
 * The page: choose a post type (or arrive with posts selected on its list screen), see the posts
 * that need audio and the estimate, Start; then follow the run the site moves on in the background.
 */
import { __, _n, sprintf } from '@wordpress/i18n';
import { Button, Notice, SelectControl, Spinner } from '@wordpress/components';
import { createInterpolateElement, useCallback, useEffect, useState } from '@wordpress/element';
import { controlRun, fetchOverview, fetchRun, leaveOut, startRun } from './api.js';
import Estimate from './estimate.js';
import PostsTable from './posts-table.js';
import RunProgress from './run-progress.js';
import BrowserMp3Notice from './browser-mp3-notice.js';
import './page.scss';

/** The site polls the run no more often than the service's job poll interval. */
const POLL_MS = 2000;

/** The post type and the posts selected on its list screen ("Generate audio" bulk action), from the address. */
function initialSelection() {
	const query = new URLSearchParams( window.location.search );
	const ids = ( query.get( 'circassian_ids' ) ?? '' )
		.split( ',' )
		.map( Number )
		.filter( ( id ) => Number.isInteger( id ) && id > 0 );
	return { postType: query.get( 'circassian_post_type' ) ?? '', ids: ids.length ? ids : null };
}

export default function BulkAudioPage() {
	const [ selection, setSelection ] = useState( initialSelection );
	const [ overview, setOverview ] = useState( null );
	const [ run, setRun ] = useState( null );
	const [ error, setError ] = useState( null );
	const [ busy, setBusy ] = useState( false );

	const load = useCallback( async () => {
		try {
			const result = await fetchOverview( selection.postType, selection.ids );
			setOverview( result );
			setRun( result.run );
			setError( null );
		} catch ( reason ) {
			setError( reason?.message ?? String( reason ) );
		}
	}, [ selection ] );

	useEffect( () => {
		load();
	}, [ load ] );

	const running = run?.status === 'running';
	useEffect( () => {
		if ( ! running ) {
			return undefined;
		}
		const timer = setInterval( async () => {
			try {
				const { run: now } = await fetchRun();
				setRun( now );
				if ( now?.status !== 'running' ) {
					// Ended or paused: the list of posts that still need audio changed.
					load();
				}
			} catch ( reason ) {
				setError( reason?.message ?? String( reason ) );
			}
		}, POLL_MS );
		return () => clearInterval( timer );
	}, [ running, load ] );

	const act = async ( request ) => {
		setBusy( true );
		try {
			const result = await request();
			setRun( result.run );
			setError( null );
			if ( result.run?.status !== 'running' ) {
				// Paused or cancelled: the list of posts that still need audio changed.
				load();
			}
		} catch ( reason ) {
			setError( reason?.message ?? String( reason ) );
		} finally {
			setBusy( false );
		}
	};

	if ( ! overview ) {
		return error ? <Notice status="error" isDismissible={ false }>{ error }</Notice> : <Spinner />;
	}
	if ( overview.post_types.length === 0 ) {
		return (
			<Notice status="info" isDismissible={ false }>
				{ createInterpolateElement(
					__( 'Post audio is not switched on for any post type yet. Tick the types to voice under “Post audio” in <a>Settings > Circassian</a>.', 'circassian' ),
					{ a: <a href="options-general.php?page=circassian" /> }
				) }
			</Notice>
		);
	}
	const active = run?.status === 'running' || run?.status === 'paused';
	const count = overview.posts.length;
	return (
		<div className="circassian-bulk">
			{ error && (
				<Notice status="error" onRemove={ () => setError( null ) }>
					{ error }
				</Notice>
			) }
			{ run && <RunProgress run={ run } busy={ busy } onControl={ ( action ) => act( () => controlRun( action ) ) } /> }
			{ run?.status === 'done' && window.circassianBulkAudio?.encodeMp3InBrowser && <BrowserMp3Notice /> }
			<h2>{ __( 'Posts without audio or with audio of an older text', 'circassian' ) }</h2>
			<SelectControl
				__nextHasNoMarginBottom
				label={ __( 'Post type', 'circassian' ) }
				value={ overview.post_type }
				options={ overview.post_types.map( ( type ) => ( {
					value: type.name,
					label: sprintf( /* translators: 1: post type, 2: posts without audio, 3: posts with stale audio. */ __( '%1$s: %2$d without audio, %3$d out of date', 'circassian' ), type.label, type.missing, type.stale ),
				} ) ) }
				onChange={ ( postType ) => setSelection( { postType, ids: null } ) }
			/>
			{ selection.ids && (
				<Notice status="info" isDismissible={ false } className="circassian-bulk__selection">
					{ sprintf(
						/* translators: 1: posts selected, 2: of them, those that need audio. */
						_n( '%1$d post selected on the list screen; %2$d of them needs audio.', '%1$d posts selected on the list screen; %2$d of them need audio.', selection.ids.length, 'circassian' ),
						selection.ids.length,
						count
					) }{ ' ' }
					<Button variant="link" onClick={ () => setSelection( { postType: overview.post_type, ids: null } ) }>
						{ __( 'Show every post of this type', 'circassian' ) }
					</Button>
				</Notice>
			) }
			{ count === 0 ? (
				<p>{ __( 'Every post here has audio of its current text.', 'circassian' ) }</p>
			) : (
				<>
					{ active ? (
						<p>{ __( 'A run is under way: once it ends or is cancelled, another can start from here.', 'circassian' ) }</p>
					) : (
						<>
							<Estimate estimate={ overview.estimate } allowance={ overview.allowance } allowanceError={ overview.allowance_error } />
							<Button
								variant="primary"
								disabled={ busy }
								onClick={ () => act( () => startRun( overview.post_type, overview.posts.map( ( post ) => post.id ) ) ) }
							>
								{ sprintf( /* translators: %d: number of posts. */ _n( 'Generate audio for %d post', 'Generate audio for %d posts', count, 'circassian' ), count ) }
							</Button>
						</>
					) }
					<PostsTable
						posts={ overview.posts }
						busy={ busy }
						onLeaveOut={ ( id ) =>
							act( async () => {
								await leaveOut( id );
								await load();
								return { run };
							} )
						}
					/>
				</>
			) }
		</div>
	);
}
