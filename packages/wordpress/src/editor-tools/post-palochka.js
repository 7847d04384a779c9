/**
 * "Fix palochka in the whole post": every look-alike typed in place of the palochka (I, l, 1, |,
 * і), in the title and in every block's text, replaced in the browser by the rules of
 * @circassian/core/palochka, as ONE edit of the post, so a single Undo brings all of it back.
 * Offered in the document sidebar and in the command palette (Ctrl+K).
 */
import { __, _n, sprintf } from '@wordpress/i18n';
import { __unstableSerializeAndClean as serializeAndClean } from '@wordpress/blocks';
import { Button, PanelRow } from '@wordpress/components';
import { useCommand } from '@wordpress/commands';
import { dispatch, select } from '@wordpress/data';
import { createInterpolateElement } from '@wordpress/element';
import { PluginDocumentSettingPanel } from '@wordpress/editor';
import { registerPlugin } from '@wordpress/plugins';
import { countInFields, countInWords, fixFields, fixInWords } from './palochka-words.js';
import { collectFields } from './segments.js';
import { notify } from './notices.js';
import { WRAPPING_BUTTON } from './sidebar-style.js';

/** The block tree with the updates applied, each block keeping its clientId (selection stays). */
function withUpdates( block, updates ) {
	return {
		...block,
		attributes: { ...block.attributes, ...( updates[ block.clientId ] ?? {} ) },
		innerBlocks: ( block.innerBlocks ?? [] ).map( ( inner ) => withUpdates( inner, updates ) ),
	};
}

/** Fixes the whole post and says how many letters changed (nothing changes when there are none). */
export function fixPostPalochka() {
	const editor = select( 'core/editor' );
	const blocks = select( 'core/block-editor' ).getBlocks();
	const title = editor.getEditedPostAttribute( 'title' ) || '';
	const fields = blocks.flatMap( ( block ) => collectFields( block ) );
	const inBlocks = countInFields( fields );
	const inTitle = countInWords( title );
	if ( inBlocks + inTitle === 0 ) {
		notify( 'success', __( 'No palochka look-alikes in this post.', 'circassian' ) );
		return;
	}
	const updates = fixFields( fields );
	const fixedBlocks = blocks.map( ( block ) => withUpdates( block, updates ) );
	// One edit of the post entity (title and blocks together): one undo level.
	dispatch( 'core' ).editEntityRecord( 'postType', editor.getCurrentPostType(), editor.getCurrentPostId(), {
		title: inTitle > 0 ? fixInWords( title ) : title,
		blocks: fixedBlocks,
		content: ( { blocks: current = [] } ) => serializeAndClean( current ),
	} );
	notify(
		'success',
		sprintf(
			/* translators: %d: how many letters were fixed. */
			_n( 'Fixed %d palochka look-alike in the post (title included).', 'Fixed %d palochka look-alikes in the post (title included).', inBlocks + inTitle, 'circassian' ),
			inBlocks + inTitle
		)
	);
}

function PostPalochka() {
	// No icon: the palette draws a string icon as an element type and fails (React error #130).
	useCommand( {
		name: 'circassian/fix-post-palochka',
		label: __( 'Fix palochka in the whole post', 'circassian' ),
		callback: ( { close } ) => {
			close();
			fixPostPalochka();
		},
	} );
	return (
		<PluginDocumentSettingPanel name="circassian-palochka" title={ __( 'Palochka', 'circassian' ) }>
			<p>
				{ /* In the admin's sans-serif font Ӏ and I are one shape: the letters go in code type, and the palochka by its code point too. */ }
				{ createInterpolateElement(
					__( 'Replaces the look-alikes <code>I l 1 | і</code> typed in place of the palochka with the palochka <code>Ӏ</code> (U+04C0) in the title and every block. Latin words, numbers and Roman numerals stay as typed; one Undo takes it all back.', 'circassian' ),
					{ code: <code /> }
				) }
			</p>
			<PanelRow>
				<Button variant="secondary" className="circassian-post-palochka__run" style={ WRAPPING_BUTTON } onClick={ fixPostPalochka }>
					{ __( 'Fix palochka in the whole post', 'circassian' ) }
				</Button>
			</PanelRow>
		</PluginDocumentSettingPanel>
	);
}

registerPlugin( 'circassian-palochka', { render: PostPalochka } );
