/**
 * The post translation panel's near matches: on request, the post's text blocks whose text the
 * memory does not know exactly but has near matches for (75 % alike or more), each with its best
 * matches and "Use this", which puts a copy of that block with the translation below it. Nothing
 * is inserted without the click.
 */
import { __, _n, sprintf } from '@wordpress/i18n';
import { Button } from '@wordpress/components';
import { select } from '@wordpress/data';
import { useState } from '@wordpress/element';
import { describeError } from '../audio/error-notice.js';
import { insertBelow } from './block-memory-panel.js';
import { withoutMarkers } from './markers.js';
import { fetchNearMatches, NearMatches } from './near-matches.js';
import { notify } from './notices.js';
import { TEXT_BLOCKS } from './segments.js';
import { WRAPPING_BUTTON } from './sidebar-style.js';
import { blockTexts } from './translate.js';

/** Blocks asked about at most in one search (each is one request to the site). */
const MOST_BLOCKS = 40;

/** The post's text blocks, inner ones too, in order, each with its first text. */
function textBlocks( blocks = select( 'core/block-editor' ).getBlocks(), found = [] ) {
	for ( const block of blocks ) {
		const first = TEXT_BLOCKS.includes( block.name ) ? blockTexts( block )[ 0 ] : undefined;
		if ( first ) {
			found.push( { clientId: block.clientId, ...first } );
		}
		textBlocks( block.innerBlocks ?? [], found );
	}
	return found;
}

/** A block's text shortened for a list. */
const excerpt = ( text ) => {
	const plain = withoutMarkers( text );
	return plain.length > 80 ? `${ plain.slice( 0, 79 ) }…` : plain;
};

export function PostNearMatches( { target, source, languages } ) {
	const [ busy, setBusy ] = useState( false );
	const [ found, setFound ] = useState( null );
	const [ error, setError ] = useState( null );
	const search = async () => {
		setBusy( true );
		setError( null );
		try {
			const blocks = textBlocks().slice( 0, MOST_BLOCKS );
			const answers = [];
			// One at a time: the site answers the editor's other requests between them.
			for ( const block of blocks ) {
				const answer = await fetchNearMatches( block.text, target, source );
				if ( ! answer?.exact && answer?.matches?.length ) {
					answers.push( { ...block, matches: answer.matches } );
				}
			}
			setFound( answers );
		} catch ( reason ) {
			setError( describeError( reason ).message );
		} finally {
			setBusy( false );
		}
	};
	const use = ( block, match ) => {
		insertBelow( block.clientId, block.use( match.target ) );
		setFound( ( before ) => before.filter( ( item ) => item.clientId !== block.clientId ) );
		notify( 'success', __( 'The remembered translation was put below the block: edit it where the texts differ.', 'circassian' ) );
	};
	return (
		<div className="circassian-post-near-matches">
			<Button variant="tertiary" style={ WRAPPING_BUTTON } onClick={ search } isBusy={ busy } disabled={ busy || ! target }>
				{ __( 'Find near matches in the memory', 'circassian' ) }
			</Button>
			{ error && <p>{ error }</p> }
			{ found && (
				<p role="status">
					{ found.length === 0
						? __( 'No block of this post has a near match in the memory (blocks it knows exactly are translated from it by themselves).', 'circassian' )
						: sprintf(
								/* translators: %s: number of blocks. */
								_n( '%s block has near matches:', '%s blocks have near matches:', found.length, 'circassian' ),
								found.length.toLocaleString()
						  ) }
				</p>
			) }
			{ found?.map( ( block ) => (
				<div key={ block.clientId } className="circassian-post-near-matches__block" style={ { marginBottom: 16 } }>
					<p style={ { margin: '0 0 8px', fontStyle: 'italic' } }>{ excerpt( block.text ) }</p>
					<NearMatches state={ { loading: false, exact: false, matches: block.matches, error: null } } onUse={ ( match ) => use( block, match ) } languages={ languages } />
				</div>
			) ) }
		</div>
	);
}
