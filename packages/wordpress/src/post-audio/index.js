/**
 * The "Post audio" block: marks where the post's audio player goes. The player itself is drawn
 * by the server (static markup, no script on the front end), so the block saves nothing.
 */
import { registerBlockType } from '@wordpress/blocks';
import { useBlockProps } from '@wordpress/block-editor';
import { __ } from '@wordpress/i18n';
import metadata from './block.json';

function Edit() {
	return (
		<div { ...useBlockProps( { className: 'circassian-post-audio-placeholder' } ) }>
			<p>
				{ __(
					"The player of this post's audio appears here once the post is published and its audio is made.",
					'circassian'
				) }
			</p>
		</div>
	);
}

registerBlockType( metadata.name, { edit: Edit, save: () => null } );
