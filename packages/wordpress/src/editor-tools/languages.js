/** The translation languages, fetched once per editor session (the list grows over time). */
import { __ } from '@wordpress/i18n';
import { useEffect, useState } from '@wordpress/element';
import { parseLanguageListing } from '@circassian/core/text';
import { fetchLanguages } from '../audio/api.js';

const FALLBACK = [
	{ id: 'kbd', title: __( 'Kabardian', 'circassian' ) },
	{ id: 'ady', title: __( 'Adyghe', 'circassian' ) },
	{ id: 'ru', title: __( 'Russian', 'circassian' ) },
	{ id: 'en', title: __( 'English', 'circassian' ) },
	{ id: 'tr', title: __( 'Turkish', 'circassian' ) },
];

let pending;

export function useTranslationLanguages() {
	const [ languages, setLanguages ] = useState( FALLBACK );
	useEffect( () => {
		pending ??= fetchLanguages().then(
			( listing ) => {
				const items = parseLanguageListing( listing );
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
