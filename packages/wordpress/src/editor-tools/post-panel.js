/**
 * A document sidebar panel: translate the whole post into a new draft, block by block, with
 * every segment in one request to the site (which makes the fewest batch calls).
 */
import { __, sprintf } from '@wordpress/i18n';
import apiFetch from '@wordpress/api-fetch';
import { serialize } from '@wordpress/blocks';
import { Button, ExternalLink, Notice, SelectControl } from '@wordpress/components';
import { select } from '@wordpress/data';
import { PluginDocumentSettingPanel } from '@wordpress/editor';
import { useState } from '@wordpress/element';
import { registerPlugin } from '@wordpress/plugins';
import { describeError } from '../audio/error-notice.js';
import { useTranslationLanguages } from './languages.js';
import { rebuild, translateBlocks } from './translate.js';

async function translatePostToDraft( target ) {
	const editor = select( 'core/editor' );
	const blocks = select( 'core/block-editor' ).getBlocks();
	const title = editor.getEditedPostAttribute( 'title' ) || '';
	const translated = await translateBlocks( blocks, target, title.trim() );
	const { updates } = translated;
	const postType = select( 'core' ).getPostType( editor.getCurrentPostType() );
	const draft = await apiFetch( {
		path: `/${ postType?.rest_namespace ?? 'wp/v2' }/${ postType?.rest_base ?? 'posts' }`,
		method: 'POST',
		data: {
			title: translated.title || title,
			content: serialize( blocks.map( ( block ) => rebuild( block, updates ) ) ),
			status: 'draft',
		},
	} );
	return draft;
}

function TranslatePostPanel() {
	const languages = useTranslationLanguages();
	const [ target, setTarget ] = useState( 'ru' );
	const [ busy, setBusy ] = useState( false );
	const [ result, setResult ] = useState( null );
	const run = async () => {
		setBusy( true );
		setResult( null );
		try {
			const draft = await translatePostToDraft( target );
			setResult( { ok: true, link: `post.php?post=${ draft.id }&action=edit`, title: draft.title?.raw ?? '' } );
		} catch ( reason ) {
			setResult( { ok: false, message: describeError( reason ).message } );
		} finally {
			setBusy( false );
		}
	};
	return (
		<PluginDocumentSettingPanel name="circassian-translate-post" title={ __( 'Circassian translation', 'circassian' ) }>
			<SelectControl
				__nextHasNoMarginBottom
				label={ __( 'Translate into', 'circassian' ) }
				value={ target }
				options={ languages.map( ( item ) => ( { value: item.id, label: item.title } ) ) }
				onChange={ setTarget }
			/>
			<Button variant="secondary" onClick={ run } isBusy={ busy } disabled={ busy }>
				{ __( 'Translate post into a new draft', 'circassian' ) }
			</Button>
			{ result?.ok && (
				<Notice status="success" isDismissible={ false }>
					{ sprintf( /* translators: %s: draft title. */ __( 'Draft created: %s', 'circassian' ), result.title ) }{ ' ' }
					<ExternalLink href={ result.link }>{ __( 'Open the draft', 'circassian' ) }</ExternalLink>
				</Notice>
			) }
			{ result && ! result.ok && (
				<Notice status="error" isDismissible={ false }>
					{ result.message }
				</Notice>
			) }
		</PluginDocumentSettingPanel>
	);
}

registerPlugin( 'circassian-translate-post', { render: TranslatePostPanel } );
