/**
 * The "Changed in the original" panel of a linked translation (issue 33, review by sentence): the
 * blocks an update left as an editor corrected them, because their original changed since. Per
 * block, each changed sentence: the original as it was, as it is now, and the translation kept;
 * then a choice: "Translate only the changed sentences" (only those go to the service; the
 * editor's other sentences stay), "Keep my text", or "Replace with a new translation". The site
 * rewrites the saved translation (this post only: each language's translation is its own post),
 * so a choice waits for unsaved changes to be saved, and the editor reloads after it (a form still
 * holding the old block would write it back on the next save).
 */
import apiFetch from '@wordpress/api-fetch';
import { __, sprintf } from '@wordpress/i18n';
import { Button, Notice } from '@wordpress/components';
import { useSelect } from '@wordpress/data';
import { PluginDocumentSettingPanel } from '@wordpress/editor';
import { useEffect, useState } from '@wordpress/element';
import { registerPlugin } from '@wordpress/plugins';
import { NAMESPACE } from '../audio/api.js';
import { describeError } from '../audio/error-notice.js';
import { CONTROL_STACK, WRAPPING_BUTTON } from './sidebar-style.js';
import { fetchTranslationLinks } from './translate-post.js';

/** One line of a sentence's review: what it is, then the words. */
function Line( { label, text, className } ) {
	return (
		<p className={ className } style={ { margin: '0 0 4px' } }>
			<span style={ { color: '#757575' } }>{ label } </span>
			{ text }
		</p>
	);
}

function ChangedSentence( { sentence } ) {
	return (
		<div className="circassian-review__sentence" style={ { borderLeft: '2px solid #ddd', paddingLeft: 8 } }>
			<Line className="circassian-review__before" label={ __( 'Original before:', 'circassian' ) } text={ sentence.before } />
			<Line className="circassian-review__now" label={ __( 'Original now:', 'circassian' ) } text={ sentence.now } />
			<Line className="circassian-review__kept" label={ __( 'Your translation (kept):', 'circassian' ) } text={ sentence.kept } />
		</div>
	);
}

/** A block whose sentences cannot be told apart any more: the whole block, kept or replaced. */
function WholeBlock( { entry } ) {
	return (
		<div className="circassian-review__sentence" style={ { borderLeft: '2px solid #ddd', paddingLeft: 8 } }>
			<p style={ { margin: '0 0 4px' } }>{ __( 'The original gained, lost or rewrote sentences here: this block can only be kept or replaced whole.', 'circassian' ) }</p>
			<Line className="circassian-review__now" label={ __( 'Original now:', 'circassian' ) } text={ entry.source_now } />
			<Line className="circassian-review__kept" label={ __( 'Your translation (kept):', 'circassian' ) } text={ entry.kept_text } />
			<Line className="circassian-review__fresh" label={ __( 'New translation:', 'circassian' ) } text={ entry.fresh_text } />
		</div>
	);
}

function ReviewBlock( { entry, postId, blocked } ) {
	const [ busy, setBusy ] = useState( '' );
	const [ error, setError ] = useState( '' );
	const choose = async ( choice ) => {
		setBusy( choice );
		setError( '' );
		try {
			await apiFetch( { path: `${ NAMESPACE }/translations/${ encodeURIComponent( postId ) }`, method: 'POST', data: { block: entry.id, choice } } );
			window.location.reload();
		} catch ( reason ) {
			setError( describeError( reason ).message );
			setBusy( '' );
		}
	};
	const button = ( choice, label, variant = 'secondary' ) => (
		<Button
			variant={ variant }
			className={ `circassian-review__${ choice }` }
			style={ WRAPPING_BUTTON }
			onClick={ () => choose( choice ) }
			isBusy={ busy === choice }
			disabled={ busy !== '' || blocked }
		>
			{ label }
		</Button>
	);
	// Which block: its first words, as the editor shows them (markers of bold or links left out).
	const words = entry.kept_text.replace( /<\/?x\d+\/?>/g, '' );
	return (
		<div className="circassian-review__block" style={ CONTROL_STACK }>
			<p className="circassian-review__which" style={ { margin: 0, fontWeight: 600 } }>
				{ sprintf(
					/* translators: %s: the first words of a block of the translation. */
					__( 'Block “%s”', 'circassian' ),
					words.length > 48 ? `${ words.slice( 0, 47 ).trimEnd() }…` : words
				) }
			</p>
			{ entry.changed ? entry.changed.map( ( sentence ) => <ChangedSentence key={ sentence.index } sentence={ sentence } /> ) : <WholeBlock entry={ entry } /> }
			{ entry.changed && button( 'sentences', __( 'Translate only the changed sentences', 'circassian' ), 'primary' ) }
			{ button( 'keep', __( 'Keep my text', 'circassian' ) ) }
			{ button( 'replace', __( 'Replace with a new translation', 'circassian' ) ) }
			{ error && (
				<Notice status="error" isDismissible={ false }>
					{ error }
				</Notice>
			) }
		</div>
	);
}

function TranslationReviewPanel() {
	const { postId, savedAt, dirty } = useSelect(
		( select ) => ( {
			postId: select( 'core/editor' ).getCurrentPostId(),
			savedAt: select( 'core/editor' ).getCurrentPost()?.modified,
			dirty: select( 'core/editor' ).isEditedPostDirty(),
		} ),
		[]
	);
	const [ review, setReview ] = useState( [] );
	useEffect( () => {
		let live = true;
		if ( postId ) {
			// A convenience: without it the translation is edited as any post.
			fetchTranslationLinks( postId ).then(
				( links ) => live && setReview( Array.isArray( links?.review ) ? links.review : [] ),
				() => undefined
			);
		}
		return () => {
			live = false;
		};
	}, [ postId, savedAt ] );
	if ( review.length === 0 ) {
		return null;
	}
	return (
		<PluginDocumentSettingPanel name="circassian-translation-review" title={ __( 'Changed in the original', 'circassian' ) } className="circassian-review">
			<div style={ CONTROL_STACK }>
				<p style={ { margin: 0 } }>
					{ __( 'The original changed under text someone corrected here. The translation was not replaced: choose for each block.', 'circassian' ) }
				</p>
				{ dirty && (
					<Notice status="warning" isDismissible={ false }>
						{ __( 'Save your changes first: a choice rewrites the saved translation.', 'circassian' ) }
					</Notice>
				) }
				{ review.map( ( entry ) => (
					<ReviewBlock key={ entry.id } entry={ entry } postId={ postId } blocked={ dirty } />
				) ) }
			</div>
		</PluginDocumentSettingPanel>
	);
}

registerPlugin( 'circassian-translation-review', { render: TranslationReviewPanel } );
