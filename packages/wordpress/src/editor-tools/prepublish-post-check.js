/**
 * The publish panel's checks of the post itself: what its audio will be (the language and where it
 * came from, its length, and what it costs against the author's characters for today), and the
 * palochka look-alikes in its title and blocks, with the one-click fix (words only:
 * palochka-words.js; one Undo takes it back).
 */
import { __, _n, sprintf } from '@wordpress/i18n';
import { Button } from '@wordpress/components';
import { useSelect } from '@wordpress/data';
import { PluginPrePublishPanel } from '@wordpress/editor';
import { useEffect, useState } from '@wordpress/element';
import { registerPlugin } from '@wordpress/plugins';
import { number } from '../bulk-audio/format.js';
import { countInFields, countInWords } from './palochka-words.js';
import { PlannedAudio } from './planned-audio.js';
import { fixPostPalochka } from './post-palochka.js';
import { collectFields } from './segments.js';
import { fetchPostState } from './stale-audio.js';

/**
 * "It takes 1 234 of the 998 766 characters the author has left today on this site (of 1 000 000)."
 * With nothing used today what is left is the cap itself, so the cap is named once: "It takes 1 234
 * of the 1 000 000 characters the author may use today on this site."
 */
function costSentence( characters, left, cap ) {
	const fresh = left === cap;
	if ( characters > left ) {
		return fresh
			? sprintf(
					/* translators: 1: characters of the post, 2: the author's daily cap, nothing of it used yet. */
					__( 'It needs %1$s characters, more than the %2$s the author may use a day on this site: it is made once the allowance resets at midnight UTC.', 'circassian' ),
					number( characters ),
					number( cap )
			  )
			: sprintf(
					/* translators: 1: characters of the post, 2: characters left today, 3: the daily cap. */
					__( 'It needs %1$s characters, more than the %2$s the author has left today on this site (of %3$s): it is made once the allowance resets at midnight UTC.', 'circassian' ),
					number( characters ),
					number( left ),
					number( cap )
			  );
	}
	return fresh
		? sprintf(
				/* translators: 1: characters of the post, 2: the author's daily cap, nothing of it used yet. */
				__( 'It takes %1$s of the %2$s characters the author may use today on this site.', 'circassian' ),
				number( characters ),
				number( cap )
		  )
		: sprintf(
				/* translators: 1: characters of the post, 2: characters left today, 3: the daily cap. */
				__( 'It takes %1$s of the %2$s characters the author has left today on this site (of %3$s).', 'circassian' ),
				number( characters ),
				number( left ),
				number( cap )
		  );
}

function AudioCost( { status } ) {
	const allowance = status?.allowance;
	if ( ! allowance || ! status.characters ) {
		return null;
	}
	const left = Math.max( 0, allowance.cap - allowance.used );
	return (
		<p className="circassian-prepublish-post-audio__cost" data-over={ status.characters > left ? 'yes' : 'no' }>
			{ costSentence( status.characters, left, allowance.cap ) }
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
	if ( ! status?.enabled || ! status.characters ) {
		return null;
	}
	return (
		<PluginPrePublishPanel title={ __( 'Post audio', 'circassian' ) } initialOpen className="circassian-prepublish-post-audio">
			<PlannedAudio status={ status } />
			<AudioCost status={ status } />
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

registerPlugin( 'circassian-prepublish-post-check', {
	render: () => (
		<>
			<PostAudioCheck />
			<PalochkaCheck />
		</>
	),
} );
