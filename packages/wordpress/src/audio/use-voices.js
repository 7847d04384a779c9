/**
 * The service's speech languages and voices (with a fallback while they load or when it is down),
 * named in the editor's language when the editor knows them.
 */
import { __ } from '@wordpress/i18n';
import { useEffect, useState } from '@wordpress/element';
import { parseListing } from '@circassian/core/text';
import { languageName } from '../editor-tools/languages.js';
import { fetchVoices } from './api.js';

const KNOWN_VOICES = {
	male: __( 'Male', 'circassian' ),
	female: __( 'Female', 'circassian' ),
};

const FALLBACK_LANGUAGES = [ { id: 'kbd', title: 'Kabardian' } ];
const FALLBACK_VOICES = [ { id: 'male', title: 'male' }, { id: 'female', title: 'female' } ];

const named = ( items, nameOf ) => items.map( ( item ) => ( { id: item.id, title: nameOf( item ) } ) );

export function useVoices() {
	const [ listing, setListing ] = useState( null );
	useEffect( () => {
		fetchVoices().then( setListing, () => setListing( {} ) );
	}, [] );
	const languages = parseListing( listing, [ 'languages' ] );
	const voices = parseListing( listing, [ 'voices' ] );
	return {
		languages: named( languages.length ? languages : FALLBACK_LANGUAGES, ( item ) => languageName( item.id, [ item ] ) ),
		voices: named( voices.length ? voices : FALLBACK_VOICES, ( item ) => KNOWN_VOICES[ item.id ] ?? item.title ),
	};
}
