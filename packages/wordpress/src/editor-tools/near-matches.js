/**
 * Near matches from the site's translation memory, where a person translates: the best units whose
 * source is like the text (the percentage core and the site compute alike: word edits, palochka
 * look-alikes and case aside), each with "Use this". A near match is a suggestion: nothing is
 * inserted without that click, and an exact unit is left to Translate, which uses it by itself.
 */
import { __, sprintf } from '@wordpress/i18n';
import apiFetch from '@wordpress/api-fetch';
import { Button, Spinner } from '@wordpress/components';
import { useEffect, useState } from '@wordpress/element';
import { addQueryArgs } from '@wordpress/url';
import { NAMESPACE } from '../audio/api.js';
import { describeError } from '../audio/error-notice.js';
import { languageName } from './languages.js';
import { WRAPPING_BUTTON } from './sidebar-style.js';

/** The site's answer: { exact, matches: [{ percent, source, target, source_lang, target_lang, origin, suggestion, by, date }] }. */
export const fetchNearMatches = ( text, targetLang, sourceLang = '' ) =>
	apiFetch( { path: addQueryArgs( `${ NAMESPACE }/memory/fuzzy`, { text, target_lang: targetLang, ...( sourceLang ? { source_lang: sourceLang } : {} ) } ) } );

/** Typing pauses this long before the memory is asked again. */
const PAUSE_MS = 600;

/**
 * The memory's near matches of `text` into `target`, asked once typing pauses:
 * { loading, exact, matches, error }.
 */
export function useNearMatches( text, target, source = '' ) {
	const [ state, setState ] = useState( { loading: false, exact: false, matches: [], error: null } );
	useEffect( () => {
		if ( ! text || ! target ) {
			setState( { loading: false, exact: false, matches: [], error: null } );
			return undefined;
		}
		let live = true;
		setState( ( before ) => ( { ...before, loading: true } ) );
		const timer = setTimeout( () => {
			fetchNearMatches( text, target, source ).then(
				( answer ) => live && setState( { loading: false, exact: Boolean( answer?.exact ), matches: answer?.matches ?? [], error: null } ),
				( reason ) => live && setState( { loading: false, exact: false, matches: [], error: describeError( reason ).message } )
			);
		}, PAUSE_MS );
		return () => {
			live = false;
			clearTimeout( timer );
		};
	}, [ text, target, source ] );
	return state;
}

/** Who made a unit, as a person reads it. */
function madeBy( match ) {
	if ( match.suggestion ) {
		return __( 'your suggestion', 'circassian' );
	}
	if ( match.origin === 'machine' ) {
		return __( 'machine translation', 'circassian' );
	}
	const kind = match.origin === 'reviewed' ? __( 'reviewed', 'circassian' ) : __( 'corrected by people', 'circassian' );
	return match.by ? sprintf( /* translators: 1: reviewed or corrected by people, 2: who. */ __( '%1$s, %2$s', 'circassian' ), kind, match.by ) : kind;
}

/** The text of a memory unit as a person reads it: its inline markers (<x1>…</x1>) left out. */
const readable = ( text ) => String( text ).replace( /<\/?x\d+\/?>/g, '' );

/**
 * What the memory offers for one text: its near matches (best first) with "Use this", or why there
 * are none. `onUse( match )` is called only by the button.
 */
export function NearMatches( { state, onUse, languages = [] } ) {
	if ( state.loading ) {
		return (
			<p className="circassian-near-matches__status">
				<Spinner /> { __( 'Looking in the translation memory…', 'circassian' ) }
			</p>
		);
	}
	if ( state.error ) {
		return <p className="circassian-near-matches__status">{ state.error }</p>;
	}
	if ( state.exact ) {
		return <p className="circassian-near-matches__status">{ __( 'The memory has this exact text: Translate uses its translation by itself.', 'circassian' ) }</p>;
	}
	if ( state.matches.length === 0 ) {
		return <p className="circassian-near-matches__status">{ __( 'No near match in the memory (75 % alike or more).', 'circassian' ) }</p>;
	}
	return (
		<ul className="circassian-near-matches" style={ { margin: 0, display: 'grid', gap: 12 } }>
			{ state.matches.map( ( match ) => (
				<li key={ `${ match.source_lang }:${ match.source }` } className="circassian-near-match" style={ { margin: 0, paddingBottom: 8, borderBottom: '1px solid #ddd' } }>
					<p style={ { margin: '0 0 4px' } }>
						<strong className="circassian-near-match__percent">{ sprintf( /* translators: %d: how alike, 0 to 100. */ __( '%d %% alike', 'circassian' ), match.percent ) }</strong>
						{ ' · ' }
						<span style={ { color: '#757575' } }>{ madeBy( match ) }</span>
					</p>
					<p style={ { margin: '0 0 4px', color: '#757575' } } lang={ match.source_lang }>
						{ sprintf( /* translators: 1: language, 2: the remembered original. */ __( '%1$s: %2$s', 'circassian' ), languageName( match.source_lang, languages ), readable( match.source ) ) }
					</p>
					<p style={ { margin: '0 0 8px' } } lang={ match.target_lang } className="circassian-near-match__target">
						{ readable( match.target ) }
					</p>
					<Button variant="secondary" size="compact" style={ WRAPPING_BUTTON } onClick={ () => onUse( match ) } aria-label={ sprintf( /* translators: %s: the remembered translation. */ __( 'Use this: %s', 'circassian' ), readable( match.target ) ) }>
						{ __( 'Use this', 'circassian' ) }
					</Button>
				</li>
			) ) }
		</ul>
	);
}
