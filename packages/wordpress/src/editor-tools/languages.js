/** The translation languages, fetched once per editor session (the list grows over time). */
import { __ } from '@wordpress/i18n';
import { useEffect, useState } from '@wordpress/element';
import { parseLanguageListing } from '@circassian/core/text';
import { fetchLanguages } from '../audio/api.js';

/**
 * The languages the editor knows by name, in the editor's own language; a language the service
 * adds later shows with the service's name for it.
 */
const KNOWN_NAMES = {
	kbd: __( 'Kabardian', 'circassian' ),
	ady: __( 'Adyghe', 'circassian' ),
	ru: __( 'Russian', 'circassian' ),
	en: __( 'English', 'circassian' ),
	tr: __( 'Turkish', 'circassian' ),
};

const FALLBACK = Object.entries( KNOWN_NAMES ).map( ( [ id, title ] ) => ( { id, title } ) );

/** A language's name for the author: translated when known, else the service's title, else its code. */
export function languageName( id, languages = [] ) {
	return KNOWN_NAMES[ id ] ?? languages.find( ( language ) => language.id === id )?.title ?? id;
}

let pending;

export function useTranslationLanguages() {
	const [ languages, setLanguages ] = useState( FALLBACK );
	useEffect( () => {
		pending ??= fetchLanguages().then(
			( listing ) => {
				const items = parseLanguageListing( listing ).map( ( item ) => ( { id: item.id, title: languageName( item.id, [ item ] ) } ) );
				return items.length ? items : FALLBACK;
			},
			() => FALLBACK
		);
		let live = true;
		pending.then( ( items ) => live && setLanguages( items ) );
		return () => {
			live = false;
		};
	}, [] );
	return languages;
}

/** The site's own languages (Settings > Circassian's default, the site's locale, Polylang's), listed first. */
const SITE_LANGUAGES = window.circassianEditor?.siteLangs ?? [ 'kbd' ];

/**
 * The languages split for a short menu: the site's own first (in the site's order), the others
 * behind "More languages".
 *
 * @param {{id: string, title: string}[]} languages
 * @return {{own: {id: string, title: string}[], others: {id: string, title: string}[]}}
 */
export function siteLanguagesFirst( languages ) {
	const own = SITE_LANGUAGES.map( ( id ) => languages.find( ( language ) => language.id === id ) ).filter( Boolean );
	return { own, others: languages.filter( ( language ) => ! own.includes( language ) ) };
}
