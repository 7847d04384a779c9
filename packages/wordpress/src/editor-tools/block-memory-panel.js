/**
 * The block sidebar's "Translation memory" panel for a text block: the memory's best near matches
 * of the block's text in the chosen language, with their percentage, when no exact unit answers
 * it. "Use this" puts a copy of the block with that translation below it (as "Translate below"
 * does) and selects it for editing; the block itself is never changed, and nothing is inserted
 * without the click.
 */
import { __ } from '@wordpress/i18n';
import { InspectorControls } from '@wordpress/block-editor';
import { PanelBody, SelectControl } from '@wordpress/components';
import { createHigherOrderComponent } from '@wordpress/compose';
import { dispatch, select } from '@wordpress/data';
import { useState } from '@wordpress/element';
import { addFilter } from '@wordpress/hooks';
import { languageName, siteLanguagesFirst, useTranslationLanguages } from './languages.js';
import { NearMatches, useNearMatches } from './near-matches.js';
import { notify } from './notices.js';
import { CONTROL_STACK } from './sidebar-style.js';
import { TEXT_BLOCKS } from './segments.js';
import { blockTexts, rebuild } from './translate.js';

/** The site's default language (Settings > Circassian): the first target offered. */
const SITE_TARGET = window.circassianEditor?.defaults?.language ?? 'kbd';

/** The language chosen here, kept while the editor is open (for the next block selected). */
let chosenTarget = SITE_TARGET;

/** A copy of the block below it, its text the match's translation, selected for editing. */
export function insertBelow( clientId, updates ) {
	const editor = select( 'core/block-editor' );
	const block = editor.getBlock( clientId );
	if ( ! block ) {
		return;
	}
	const copy = rebuild( block, updates );
	dispatch( 'core/block-editor' ).insertBlocks( copy, editor.getBlockIndex( clientId ) + 1, editor.getBlockRootClientId( clientId ), true );
}

function BlockMemoryPanel( { block } ) {
	const languages = useTranslationLanguages();
	const [ target, setTarget ] = useState( chosenTarget );
	const { own, others } = siteLanguagesFirst( languages );
	const first = blockTexts( block )[ 0 ] ?? null;
	const state = useNearMatches( first?.text ?? '', target );
	if ( ! first ) {
		return null;
	}
	const use = ( match ) => {
		insertBelow( block.clientId, first.use( match.target ) );
		notify( 'success', __( 'The remembered translation was put below the block: edit it where the texts differ.', 'circassian' ) );
	};
	return (
		<InspectorControls>
			<PanelBody title={ __( 'Translation memory', 'circassian' ) } className="circassian-block-memory">
				<div style={ CONTROL_STACK }>
					<SelectControl
						__nextHasNoMarginBottom
						label={ __( 'Near matches in', 'circassian' ) }
						value={ target }
						options={ [ ...own, ...others ].map( ( item ) => ( { value: item.id, label: languageName( item.id, languages ) } ) ) }
						onChange={ ( id ) => {
							chosenTarget = id;
							setTarget( id );
						} }
					/>
					<NearMatches state={ state } onUse={ use } languages={ languages } />
				</div>
			</PanelBody>
		</InspectorControls>
	);
}

const withBlockMemoryPanel = createHigherOrderComponent(
	( BlockEdit ) => ( props ) => (
		<>
			<BlockEdit { ...props } />
			{ props.isSelected && TEXT_BLOCKS.includes( props.name ) && <BlockMemoryPanel block={ { clientId: props.clientId, name: props.name, attributes: props.attributes, innerBlocks: [] } } /> }
		</>
	),
	'withBlockMemoryPanel'
);

addFilter( 'editor.BlockEdit', 'circassian/block-memory-panel', withBlockMemoryPanel );
