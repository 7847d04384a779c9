/**
 * A per-block "Not in the post's audio" toggle (block settings, on post types with post audio):
 * the attribute `circassianNotInAudio`, which the site skips when it reads the post aloud
 * (Post_Audio\Speech_Request::text()). Registered on every block, in the editor and on the server alike, so the
 * attribute is saved and server-rendered blocks accept it.
 */
import { __ } from '@wordpress/i18n';
import { InspectorControls } from '@wordpress/block-editor';
import { PanelBody, ToggleControl } from '@wordpress/components';
import { createHigherOrderComponent } from '@wordpress/compose';
import { useSelect } from '@wordpress/data';
import { addFilter } from '@wordpress/hooks';

const SETTINGS = window.circassianEditor ?? {};
const ATTRIBUTE = 'circassianNotInAudio';
/** Blocks the site never reads aloud anyway (Post_Audio\Speech_Request::SKIPPED_BLOCKS). */
const NEVER_READ = [ 'core/code', 'core/audio', 'core/video', 'core/embed', 'circassian/audio', 'circassian/post-audio' ];

addFilter( 'blocks.registerBlockType', 'circassian/not-in-audio-attribute', ( settings ) => ( {
	...settings,
	attributes: { ...settings.attributes, [ ATTRIBUTE ]: { type: 'boolean', default: false } },
} ) );

const withNotInAudio = createHigherOrderComponent(
	( BlockEdit ) => ( props ) => {
		const postType = useSelect( ( select ) => select( 'core/editor' )?.getCurrentPostType?.(), [] );
		const show = props.isSelected && ! NEVER_READ.includes( props.name ) && ( SETTINGS.postAudio?.post_types ?? [] ).includes( postType );
		return (
			<>
				<BlockEdit { ...props } />
				{ show && (
					<InspectorControls>
						<PanelBody title={ __( 'Post audio', 'circassian' ) }>
							<ToggleControl
								__nextHasNoMarginBottom
								label={ __( 'Not in the post’s audio', 'circassian' ) }
								help={ __( 'The site leaves this block out when it reads the post aloud.', 'circassian' ) }
								checked={ !! props.attributes[ ATTRIBUTE ] }
								onChange={ ( value ) => props.setAttributes( { [ ATTRIBUTE ]: value } ) }
							/>
						</PanelBody>
					</InspectorControls>
				) }
			</>
		);
	},
	'withNotInAudio'
);

addFilter( 'editor.BlockEdit', 'circassian/not-in-audio', withNotInAudio );
