/**
 * The document sidebar's "Circassian translation" panel: the links between this post and its
 * translations, and "Translate post into a new draft" from a chosen or detected language (never
 * into the language it is already in), and the memory's near matches for its blocks
 * (post-near-matches.js). The post being edited is changed only by a near match's "Use this".
 */
import { __, _n, sprintf } from '@wordpress/i18n';
import { Button, ExternalLink, Notice, SelectControl } from '@wordpress/components';
import { useSelect } from '@wordpress/data';
import { PluginDocumentSettingPanel } from '@wordpress/editor';
import { useEffect, useState } from '@wordpress/element';
import { registerPlugin } from '@wordpress/plugins';
import { describeError } from '../audio/error-notice.js';
import { languageName, useTranslationLanguages } from './languages.js';
import { formattingDropped, fromMemory, notify, tokensKept } from './notices.js';
import { CONTROL_STACK, WRAPPING_BUTTON } from './sidebar-style.js';
import { PostNearMatches } from './post-near-matches.js';
import { fetchPostState } from './stale-audio.js';
import { fetchTranslationLinks, translatePostToDraft } from './translate-post.js';
import { TranslationLinks } from './translation-links.js';

/** The site's default language (Settings > Circassian): the first target offered. */
const SITE_TARGET = window.circassianEditor?.defaults?.language ?? 'kbd';

/** The panel's links, fetched for the post being edited and again after a draft is made. */
function useTranslationLinks( postId ) {
	const [ links, setLinks ] = useState( null );
	const [ version, setVersion ] = useState( 0 );
	useEffect( () => {
		let live = true;
		if ( postId ) {
			// The links are a convenience: without them the panel still translates.
			fetchTranslationLinks( postId ).then(
				( found ) => live && setLinks( found ),
				() => live && setLinks( null )
			);
		}
		return () => {
			live = false;
		};
	}, [ postId, version ] );
	return [ links, () => setVersion( ( value ) => value + 1 ) ];
}

/**
 * The post's own language as the site knows it (chosen for its audio, a translation's, Polylang's,
 * detected in its text), asked when the panel opens and after each save; null while unknown (the
 * site's default stands in for a language it could not tell).
 */
function usePostLanguage( postId, savedAt ) {
	const [ language, setLanguage ] = useState( null );
	useEffect( () => {
		let live = true;
		if ( postId ) {
			// A convenience for the default target: without it the panel still translates.
			fetchPostState().then(
				( answer ) => live && setLanguage( answer.language_source === 'site' ? null : answer.language ?? null ),
				() => undefined
			);
		}
		return () => {
			live = false;
		};
	}, [ postId, savedAt ] );
	return language;
}

/** Statuses in which a translation is still a draft to its editors. */
const DRAFTS = [ 'draft', 'pending', 'auto-draft' ];

/**
 * The translation the post already has in the chosen language, in place of making a second one
 * (Polylang and WPML keep one per language): its link, and "Update the translation".
 */
function ExistingTranslation( { translation, name } ) {
	if ( ! translation.edit_link ) {
		return null;
	}
	return (
		<p className="circassian-translate-post__existing">
			<a href={ translation.edit_link }>
				{ DRAFTS.includes( translation.status )
					? sprintf( /* translators: %s: language. */ __( 'Open the %s draft', 'circassian' ), name )
					: sprintf( /* translators: %s: language. */ __( 'Edit the %s translation', 'circassian' ), name ) }
			</a>
		</p>
	);
}

/**
 * What an update did: the blocks translated again, those an editor corrected that were kept, and
 * those left for review (translation-review.js); when no block of the original changed, only that
 * the translation is up to date.
 */
function updateSummary( updated, name ) {
	const retranslated = Number( updated?.retranslated ?? 0 );
	const corrected = Number( updated?.corrected ?? 0 );
	const inReview = Number( updated?.in_review ?? 0 );
	return [
		retranslated > 0 || inReview > 0
			? sprintf( /* translators: %s: language. */ __( 'The %s translation was updated.', 'circassian' ), name )
			: sprintf(
					/* translators: %s: language. */
					__( 'The %s translation is up to date: no block of the original changed since it was translated.', 'circassian' ),
					name
			  ),
		retranslated > 0
			? sprintf(
					/* translators: %s: number of blocks. */
					_n( '%s block whose original changed was translated again.', '%s blocks whose original changed were translated again.', retranslated, 'circassian' ),
					retranslated.toLocaleString()
			  )
			: '',
		corrected > 0
			? sprintf(
					/* translators: %s: number of blocks. */
					_n( '%s block an editor corrected was kept.', '%s blocks an editor corrected were kept.', corrected, 'circassian' ),
					corrected.toLocaleString()
			  )
			: '',
		inReview > 0
			? sprintf(
					/* translators: %s: number of blocks. */
					_n(
						'%s block an editor corrected, whose original changed, was not replaced: it waits for review in the translation (Changed in the original).',
						'%s blocks an editor corrected, whose original changed, were not replaced: they wait for review in the translation (Changed in the original).',
						inReview,
						'circassian'
					),
					inReview.toLocaleString()
			  )
			: '',
	];
}

/** The target offered first: the site's default language, unless the post is in it; then the first other one. */
export function defaultTarget( targets, postLanguage ) {
	const ids = targets.map( ( language ) => language.id );
	return [ SITE_TARGET, ...ids ].find( ( id ) => ids.includes( id ) && id !== postLanguage ) ?? ids[ 0 ] ?? '';
}

function TranslatePostPanel() {
	const languages = useTranslationLanguages();
	const { postId, savedAt } = useSelect(
		( select ) => ( { postId: select( 'core/editor' ).getCurrentPostId(), savedAt: select( 'core/editor' ).getCurrentPost()?.modified } ),
		[]
	);
	const [ links, refreshLinks ] = useTranslationLinks( postId );
	const postLanguage = usePostLanguage( postId, savedAt );
	const [ source, setSource ] = useState( '' );
	// null until the author picks one: the default follows the post's language.
	const [ target, setTarget ] = useState( null );
	const [ busy, setBusy ] = useState( false );
	const [ result, setResult ] = useState( null );
	const nameOf = ( id ) => languageName( id, languages );
	// Never into the language chosen as the source.
	const targets = languages.filter( ( language ) => language.id !== source );
	const chosenTarget = targets.some( ( language ) => language.id === target ) ? target : defaultTarget( targets, postLanguage );
	const existing = links?.translations?.find( ( translation ) => translation.language === chosenTarget ) ?? null;
	const run = async ( update ) => {
		setBusy( true );
		setResult( null );
		try {
			const { draft, sourceLang, dropped, untranslated, memory } = await translatePostToDraft( chosenTarget, source || null, update );
			const from = [
				source
					? sprintf( /* translators: %s: language. */ __( 'Translated from %s.', 'circassian' ), nameOf( sourceLang ) )
					: sprintf( /* translators: %s: language. */ __( 'Translated from %s (detected).', 'circassian' ), nameOf( sourceLang ) ),
				fromMemory( memory ),
			]
				.filter( Boolean )
				.join( ' ' );
			if ( ! draft ) {
				setResult( {
					status: 'warning',
					message: sprintf( /* translators: %s: language. */ __( 'This post is already in %s: no draft was made.', 'circassian' ), nameOf( chosenTarget ) ),
				} );
				return;
			}
			setResult(
				draft.updated
					? {
							status: 'success',
							// Nothing translated again: where the texts came from says nothing the author needs.
							from: Number( draft.updated.retranslated ?? 0 ) > 0 ? from : '',
							lines: updateSummary( draft.updated, nameOf( chosenTarget ) ).filter( Boolean ),
					  }
					: { status: 'success', from, link: draft.edit_link, title: draft.title ?? '' }
			);
			if ( dropped > 0 ) {
				notify( 'warning', formattingDropped() );
			}
			if ( untranslated > 0 ) {
				notify( 'warning', tokensKept() );
			}
			refreshLinks();
		} catch ( reason ) {
			if ( reason?.code === 'circassian_translation_exists' ) {
				// Made meanwhile (another tab, another editor): the panel now offers it instead.
				refreshLinks();
				setResult( { status: 'warning', message: reason.message } );
				return;
			}
			setResult( { status: 'error', message: describeError( reason ).message } );
		} finally {
			setBusy( false );
		}
	};
	return (
		<PluginDocumentSettingPanel name="circassian-translate-post" title={ __( 'Circassian translation', 'circassian' ) }>
			<TranslationLinks links={ links } languages={ languages } />
			<div style={ CONTROL_STACK }>
				<SelectControl
					__nextHasNoMarginBottom
					label={ __( 'Translate from', 'circassian' ) }
					value={ source }
					options={ [
						{ value: '', label: __( 'Detect the language', 'circassian' ) },
						...languages.map( ( item ) => ( { value: item.id, label: item.title } ) ),
					] }
					onChange={ setSource }
				/>
				<SelectControl
					__nextHasNoMarginBottom
					label={ __( 'Translate into', 'circassian' ) }
					value={ chosenTarget }
					options={ targets.map( ( item ) => ( { value: item.id, label: item.title } ) ) }
					onChange={ setTarget }
				/>
				{ existing ? (
					<>
						<ExistingTranslation translation={ existing } name={ nameOf( chosenTarget ) } />
						<Button
							variant="secondary"
							className="circassian-translate-post__update"
							style={ WRAPPING_BUTTON }
							onClick={ () => run( true ) }
							isBusy={ busy }
							disabled={ busy || ! existing.edit_link }
						>
							{ __( 'Update the translation', 'circassian' ) }
						</Button>
					</>
				) : (
					<Button variant="secondary" className="circassian-translate-post__run" style={ WRAPPING_BUTTON } onClick={ () => run( false ) } isBusy={ busy } disabled={ busy || ! chosenTarget }>
						{ __( 'Translate post into a new draft', 'circassian' ) }
					</Button>
				) }
				{ result?.status === 'success' && result.lines && (
					<Notice status="success" isDismissible={ false }>
						{ result.from && <p>{ result.from }</p> }
						{ result.lines.map( ( line ) => (
							<p key={ line }>{ line }</p>
						) ) }
					</Notice>
				) }
				{ result?.status === 'success' && ! result.lines && (
					<Notice status="success" isDismissible={ false }>
						<p>{ result.from }</p>
						<p>
							{ sprintf( /* translators: %s: draft title. */ __( 'Draft created: %s', 'circassian' ), result.title ) }{ ' ' }
							<ExternalLink href={ result.link }>{ __( 'Open the draft', 'circassian' ) }</ExternalLink>
						</p>
					</Notice>
				) }
				{ result && result.status !== 'success' && (
					<Notice status={ result.status } isDismissible={ false }>
						{ result.message }
					</Notice>
				) }
				<PostNearMatches target={ chosenTarget } source={ source } languages={ languages } />
			</div>
		</PluginDocumentSettingPanel>
	);
}

registerPlugin( 'circassian-translate-post', { render: TranslatePostPanel } );
