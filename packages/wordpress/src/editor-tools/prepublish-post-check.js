/**
 * The publish panel's checks of the post itself: what its audio will be (the language and where it
 * came from, its length, and what it costs and whom: whoever will pay, Payer on the site), the
 * palochka look-alikes in its title and blocks, with the one-click fix (words only:
 * palochka-words.js; one Undo takes it back), and, for a linked translation, the glossary's term
 * problems against its original (a kept name or an agreed term missing, a forbidden word used).
 */
import apiFetch from '@wordpress/api-fetch';
import { __, _n, sprintf } from '@wordpress/i18n';
import { Button } from '@wordpress/components';
import { select, useSelect } from '@wordpress/data';
import { PluginPrePublishPanel } from '@wordpress/editor';
import { useEffect, useState } from '@wordpress/element';
import { registerPlugin } from '@wordpress/plugins';
import { number } from '../bulk-audio/format.js';
import { countInFields, countInWords } from './palochka-words.js';
import { PlannedAudio } from './planned-audio.js';
import { RESTRICTED } from './post-audio-status.js';
import { fixPostPalochka } from './post-palochka.js';
import { collectFields } from './segments.js';
import { fetchPostState } from './stale-audio.js';

/**
 * "It takes 1 234 of the 998 766 characters you have left today on this site (of 1 000 000)." With
 * nothing used today what is left is the cap itself, so the cap is named once: "It takes 1 234 of
 * the 1 000 000 characters you may use today on this site." Said of whoever will pay (Payer on the
 * site): you, publishing it, or the author of a post already scheduled.
 */
function costSentence( characters, left, cap, yours ) {
	const fresh = left === cap;
	// [yours, the author's] for: over what is left and nothing used yet, over what is left, within and nothing used, within.
	const templates = {
		overFresh: [
			/* translators: 1: characters of the post, 2: your daily cap, nothing of it used yet. */
			__( 'It needs %1$s characters, more than the %2$s you may use a day on this site: it is made once the allowance resets at midnight UTC.', 'circassian' ),
			/* translators: 1: characters of the post, 2: the author's daily cap, nothing of it used yet. */
			__( 'It needs %1$s characters, more than the %2$s the author may use a day on this site: it is made once the allowance resets at midnight UTC.', 'circassian' ),
		],
		over: [
			/* translators: 1: characters of the post, 2: characters left today, 3: the daily cap. */
			__( 'It needs %1$s characters, more than the %2$s you have left today on this site (of %3$s): it is made once the allowance resets at midnight UTC.', 'circassian' ),
			/* translators: 1: characters of the post, 2: characters left today, 3: the daily cap. */
			__( 'It needs %1$s characters, more than the %2$s the author has left today on this site (of %3$s): it is made once the allowance resets at midnight UTC.', 'circassian' ),
		],
		withinFresh: [
			/* translators: 1: characters of the post, 2: your daily cap, nothing of it used yet. */
			__( 'It takes %1$s of the %2$s characters you may use today on this site.', 'circassian' ),
			/* translators: 1: characters of the post, 2: the author's daily cap, nothing of it used yet. */
			__( 'It takes %1$s of the %2$s characters the author may use today on this site.', 'circassian' ),
		],
		within: [
			/* translators: 1: characters of the post, 2: characters left today, 3: the daily cap. */
			__( 'It takes %1$s of the %2$s characters you have left today on this site (of %3$s).', 'circassian' ),
			/* translators: 1: characters of the post, 2: characters left today, 3: the daily cap. */
			__( 'It takes %1$s of the %2$s characters the author has left today on this site (of %3$s).', 'circassian' ),
		],
	};
	const kind = ( characters > left ? 'over' : 'within' ) + ( fresh ? 'Fresh' : '' );
	return sprintf( templates[ kind ][ yours ? 0 : 1 ], number( characters ), number( left ), number( cap ) );
}

/** What publishing will cost, and whom: only what will happen (a Contributor's post costs them nothing). */
function AudioCost( { status } ) {
	if ( status.payer === 'editor' ) {
		return <p className="circassian-prepublish-post-audio__cost" data-payer="editor">{ __( 'It is read aloud when an editor publishes it, from the editor’s characters for the day; it costs you nothing.', 'circassian' ) }</p>;
	}
	if ( ! status.payer ) {
		return (
			<p className="circassian-prepublish-post-audio__cost" data-payer="none">
				{ sprintf( /* translators: %s: why nobody may make it, and who can. */ __( 'It is not read aloud when you publish it. %s', 'circassian' ), status.refusal ?? '' ) }
			</p>
		);
	}
	const allowance = status.allowance;
	if ( ! allowance ) {
		return null;
	}
	const left = Math.max( 0, allowance.cap - allowance.used );
	return (
		<p className="circassian-prepublish-post-audio__cost" data-payer={ status.payer } data-over={ status.characters > left ? 'yes' : 'no' }>
			{ costSentence( status.characters, left, allowance.cap, status.payer === 'you' ) }
		</p>
	);
}

function PostAudioCheck() {
	const panelOpen = useSelect( ( select ) => select( 'core/editor' ).isPublishSidebarOpened(), [] );
	const [ status, setStatus ] = useState( null );
	// Asked each time the publish panel opens, with the post as edited then.
	useEffect( () => {
		let live = true;
		setStatus( null );
		if ( panelOpen ) {
			fetchPostState().then(
				( answer ) => live && setStatus( answer ),
				() => undefined
			);
		}
		return () => {
			live = false;
		};
	}, [ panelOpen ] );
	if ( ! status?.enabled || ( ! status.characters && ! status.restricted ) ) {
		return null;
	}
	return (
		<PluginPrePublishPanel title={ __( 'Post audio', 'circassian' ) } initialOpen className="circassian-prepublish-post-audio">
			{ status.restricted ? (
				<p className="circassian-prepublish-post-audio__restricted">{ RESTRICTED() }</p>
			) : (
				<>
					<PlannedAudio status={ status } />
					<AudioCost status={ status } />
				</>
			) }
		</PluginPrePublishPanel>
	);
}

function PalochkaCheck() {
	const found = useSelect( ( select ) => {
		const fields = select( 'core/block-editor' )
			.getBlocks()
			.flatMap( ( block ) => collectFields( block ) );
		return countInFields( fields ) + countInWords( select( 'core/editor' ).getEditedPostAttribute( 'title' ) || '' );
	}, [] );
	const [ fixed, setFixed ] = useState( 0 );
	if ( found === 0 && fixed === 0 ) {
		return null;
	}
	return (
		<PluginPrePublishPanel title={ __( 'Palochka look-alikes', 'circassian' ) } initialOpen className="circassian-prepublish-palochka">
			{ found > 0 ? (
				<>
					<p>
						{ sprintf(
							/* translators: %d: how many letters. */
							_n(
								'%d letter in the title or the text looks like the palochka but is not (I, l, 1, | or і typed in its place).',
								'%d letters in the title or the text look like the palochka but are not (I, l, 1, | or і typed in its place).',
								found,
								'circassian'
							),
							found
						) }
					</p>
					<Button
						variant="secondary"
						onClick={ () => {
							setFixed( found );
							fixPostPalochka();
						} }
					>
						{ __( 'Fix palochka', 'circassian' ) }
					</Button>
				</>
			) : (
				<p role="status">
					{ sprintf( /* translators: %d: how many letters were fixed. */ _n( 'Fixed %d palochka look-alike.', 'Fixed %d palochka look-alikes.', fixed, 'circassian' ), fixed ) }
				</p>
			) }
		</PluginPrePublishPanel>
	);
}

/** The glossary's term problems of a linked translation as edited, asked each time the publish panel opens. */
function TermCheck() {
	const panelOpen = useSelect( ( select ) => select( 'core/editor' ).isPublishSidebarOpened(), [] );
	const [ problems, setProblems ] = useState( [] );
	useEffect( () => {
		let live = true;
		setProblems( [] );
		if ( panelOpen ) {
			const editor = select( 'core/editor' );
			apiFetch( {
				path: `/circassian/v1/glossary/post-check/${ editor.getCurrentPostId() }`,
				method: 'POST',
				data: { title: editor.getEditedPostAttribute( 'title' ) ?? '', content: editor.getEditedPostContent() ?? '' },
			} ).then(
				( answer ) => live && setProblems( answer.problems ?? [] ),
				() => undefined
			);
		}
		return () => {
			live = false;
		};
	}, [ panelOpen ] );
	if ( problems.length === 0 ) {
		return null;
	}
	return (
		<PluginPrePublishPanel title={ __( 'Glossary terms', 'circassian' ) } initialOpen className="circassian-prepublish-terms">
			<p>
				{ sprintf(
					/* translators: %d: how many problems. */
					_n( 'The translation has %d term problem against the site’s glossary:', 'The translation has %d term problems against the site’s glossary:', problems.length, 'circassian' ),
					problems.length
				) }
			</p>
			<ul className="circassian-prepublish-terms__list">
				{ problems.map( ( problem, index ) => (
					<li key={ index } data-kind={ problem.kind }>
						{ problem.message }
					</li>
				) ) }
			</ul>
		</PluginPrePublishPanel>
	);
}

registerPlugin( 'circassian-prepublish-post-check', {
	render: () => (
		<>
			<PostAudioCheck />
			<PalochkaCheck />
			<TermCheck />
		</>
	),
} );
