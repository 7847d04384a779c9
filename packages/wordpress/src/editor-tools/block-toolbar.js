/**
 * Toolbar actions on text blocks: "Translate" (replace, or insert the translation below) and
 * "Fix palochka" (in the browser, with @circassian/core's palochka helpers, over words only:
 * palochka-words.js).
 */
import { __, _n, sprintf } from '@wordpress/i18n';
import { BlockControls } from '@wordpress/block-editor';
import { ToolbarButton, ToolbarDropdownMenu, ToolbarGroup, MenuGroup, MenuItem } from '@wordpress/components';
import { createHigherOrderComponent } from '@wordpress/compose';
import { dispatch, select } from '@wordpress/data';
import { useState } from '@wordpress/element';
import { addFilter } from '@wordpress/hooks';
import { describeError } from '../audio/error-notice.js';
import { languageName, siteLanguagesFirst, useTranslationLanguages } from './languages.js';
import { formattingDropped, fromMemory, notify, tokensKept } from './notices.js';
import { countInFields, fixFields } from './palochka-words.js';
import { collectFields, TEXT_BLOCKS } from './segments.js';
import { rebuild, translateBlocks } from './translate.js';

function applyUpdates( updates ) {
	const editor = dispatch( 'core/block-editor' );
	for ( const [ clientId, attributes ] of Object.entries( updates ) ) {
		editor.updateBlockAttributes( clientId, attributes );
	}
}

export function fixPalochka( clientId ) {
	const block = select( 'core/block-editor' ).getBlock( clientId );
	const fields = collectFields( block );
	const found = countInFields( fields );
	if ( found === 0 ) {
		notify( 'success', __( 'No palochka look-alikes in this block.', 'circassian' ) );
		return;
	}
	applyUpdates( fixFields( fields ) );
	notify( 'success', sprintf( /* translators: %d: how many letters were fixed. */ _n( 'Fixed %d palochka look-alike.', 'Fixed %d palochka look-alikes.', found, 'circassian' ), found ) );
}

const sameText = ( a, b ) => JSON.stringify( collectFields( a ) ) === JSON.stringify( collectFields( b ) );

/**
 * Resolves with where the translation went ('replace', or 'below': asked for, or because the block
 * was edited meanwhile; 'same' when the block is already in the target language, 'nothing' when it
 * holds no words (a lone shortcode or URL): nothing changes) and what translateBlocks() reported.
 */
async function translateBlock( clientId, target, mode, source ) {
	const editor = select( 'core/block-editor' );
	const block = editor.getBlock( clientId );
	const result = await translateBlocks( [ block ], target, '', source );
	const { updates } = result;
	if ( result.nothing ) {
		return { placed: 'nothing', result };
	}
	if ( result.sourceLang === target ) {
		return { placed: 'same', result };
	}
	const now = editor.getBlock( clientId );
	if ( ! now ) {
		throw new Error( __( 'The block was removed while it was being translated; nothing was changed.', 'circassian' ) );
	}
	// Text typed while the request ran is never overwritten: the translation goes below instead.
	if ( mode === 'replace' && sameText( now, block ) ) {
		applyUpdates( updates );
		return { placed: 'replace', result };
	}
	const index = editor.getBlockIndex( clientId );
	dispatch( 'core/block-editor' ).insertBlocks( rebuild( block, updates ), index + 1, editor.getBlockRootClientId( clientId ), false );
	return { placed: 'below', result };
}

/** The language the author chose to translate from (null: detected), kept while the editor is open. */
let chosenSource = null;

function CircassianToolbar( { clientId } ) {
	const languages = useTranslationLanguages();
	const [ busy, setBusy ] = useState( false );
	const [ source, setSource ] = useState( chosenSource );
	const [ showSources, setShowSources ] = useState( false );
	const [ showOthers, setShowOthers ] = useState( false );
	const nameOf = ( id ) => languageName( id, languages );
	// Never into the language chosen as the source; the site's own languages first, the others
	// once "More languages" is pressed, so the menu stays short.
	const { own, others } = siteLanguagesFirst( languages.filter( ( language ) => language.id !== source ) );
	const targets = showOthers ? [ ...own, ...others ] : own;
	const chooseSource = ( id ) => {
		chosenSource = id;
		setSource( id );
	};
	const run = async ( target, mode ) => {
		setBusy( true );
		try {
			const { placed, result } = await translateBlock( clientId, target, mode, source );
			if ( placed === 'nothing' ) {
				notify( 'success', __( 'This block holds no words to translate (only shortcodes, addresses or numbers): nothing was sent.', 'circassian' ) );
				return;
			}
			if ( placed === 'same' ) {
				notify( 'success', sprintf( /* translators: %s: language. */ __( 'This block is already in %s: nothing was changed.', 'circassian' ), nameOf( target ) ) );
				return;
			}
			const from = [
				source
					? sprintf( /* translators: %s: language. */ __( 'Translated from %s.', 'circassian' ), nameOf( result.sourceLang ) )
					: sprintf( /* translators: %s: language. */ __( 'Translated from %s (detected).', 'circassian' ), nameOf( result.sourceLang ) ),
				fromMemory( result.memory ),
			]
				.filter( Boolean )
				.join( ' ' );
			notify(
				'success',
				placed === mode
					? from
					: from + ' ' + __( 'The block was edited while translating, so your text was kept and the translation was inserted below it.', 'circassian' )
			);
			if ( result.dropped > 0 ) {
				notify( 'warning', formattingDropped() );
			}
			if ( result.untranslated > 0 ) {
				notify( 'warning', tokensKept() );
			}
		} catch ( reason ) {
			notify( 'error', describeError( reason ).message );
		} finally {
			setBusy( false );
		}
	};
	return (
		<BlockControls group="other">
			<ToolbarGroup>
				<ToolbarDropdownMenu icon="translation" text={ __( 'Translate', 'circassian' ) } label={ __( 'Translate', 'circassian' ) } toggleProps={ { disabled: busy, isBusy: busy } }>
					{ ( { onClose } ) => (
						<>
							<MenuGroup
								label={
									source
										? sprintf( /* translators: %s: language. */ __( 'From: %s', 'circassian' ), nameOf( source ) )
										: __( 'From: detected language', 'circassian' )
								}
							>
								{ /* The source rarely changes: its choices stay folded behind one item. */ }
								<MenuItem aria-expanded={ showSources } onClick={ () => setShowSources( ! showSources ) }>
									{ showSources ? __( 'Hide the source languages', 'circassian' ) : __( 'Change the source language', 'circassian' ) }
								</MenuItem>
								{ showSources && (
									<>
										<MenuItem role="menuitemradio" isSelected={ source === null } onClick={ () => chooseSource( null ) }>
											{ __( 'Detect the language', 'circassian' ) }
										</MenuItem>
										{ languages.map( ( language ) => (
											<MenuItem key={ language.id } role="menuitemradio" isSelected={ source === language.id } onClick={ () => chooseSource( language.id ) }>
												{ sprintf( /* translators: %s: language. */ __( 'From %s', 'circassian' ), language.title ) }
											</MenuItem>
										) ) }
									</>
								) }
							</MenuGroup>
							{ [
								[ 'replace', __( 'Translate and replace', 'circassian' ) ],
								[ 'below', __( 'Translate below', 'circassian' ) ],
							].map( ( [ mode, label ] ) => (
								<MenuGroup key={ mode } label={ label }>
									{ targets.map( ( language ) => (
										<MenuItem
											key={ language.id }
											onClick={ () => {
												onClose();
												run( language.id, mode );
											} }
										>
											{ mode === 'replace'
												? sprintf( /* translators: %s: language. */ __( 'Replace with %s', 'circassian' ), language.title )
												: sprintf( /* translators: %s: language. */ __( 'Insert %s below', 'circassian' ), language.title ) }
										</MenuItem>
									) ) }
								</MenuGroup>
							) ) }
							{ others.length > 0 && (
								<MenuGroup>
									<MenuItem aria-expanded={ showOthers } onClick={ () => setShowOthers( ! showOthers ) }>
										{ showOthers ? __( 'Fewer languages', 'circassian' ) : __( 'More languages', 'circassian' ) }
									</MenuItem>
								</MenuGroup>
							) }
						</>
					) }
				</ToolbarDropdownMenu>
				<ToolbarButton icon="editor-spellcheck" text={ __( 'Fix palochka', 'circassian' ) } label={ __( 'Fix palochka', 'circassian' ) } onClick={ () => fixPalochka( clientId ) } />
			</ToolbarGroup>
		</BlockControls>
	);
}

const withCircassianToolbar = createHigherOrderComponent(
	( BlockEdit ) => ( props ) => (
		<>
			<BlockEdit { ...props } />
			{ props.isSelected && TEXT_BLOCKS.includes( props.name ) && <CircassianToolbar clientId={ props.clientId } /> }
		</>
	),
	'withCircassianToolbar'
);

addFilter( 'editor.BlockEdit', 'circassian/toolbar', withCircassianToolbar );
