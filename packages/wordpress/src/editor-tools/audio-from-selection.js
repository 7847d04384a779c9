/**
 * "Make Circassian audio from these blocks" in the block options menu (⋮), for one block or a
 * multi-selection: inserts an audio block below them holding their text, ready to generate.
 */
import { __ } from '@wordpress/i18n';
import { createBlock } from '@wordpress/blocks';
import { dispatch, select } from '@wordpress/data';
import { PluginBlockSettingsMenuItem } from '@wordpress/editor';
import { registerPlugin } from '@wordpress/plugins';
import { textFromBlocks } from '../audio/block-text.js';

function audioFromSelection() {
	const editor = select( 'core/block-editor' );
	const ids = editor.getSelectedBlockClientIds();
	if ( ids.length === 0 ) {
		return;
	}
	const last = ids[ ids.length - 1 ];
	const block = createBlock( 'circassian/audio', { text: textFromBlocks( ids ) } );
	dispatch( 'core/block-editor' ).insertBlocks( block, editor.getBlockIndex( last ) + 1, editor.getBlockRootClientId( last ) );
}

registerPlugin( 'circassian-audio-from-selection', {
	render: () => (
		<PluginBlockSettingsMenuItem
			icon="controls-volumeon"
			label={ __( 'Make Circassian audio from these blocks', 'circassian' ) }
			onClick={ audioFromSelection }
		/>
	),
} );
