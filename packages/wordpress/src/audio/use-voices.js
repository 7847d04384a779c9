/** The service's speech languages and voices (with a fallback while they load or when it is down). */
import { useEffect, useState } from '@wordpress/element';
import { parseListing } from '@circassian/core/text';
import { fetchVoices } from './api.js';

const FALLBACK_LANGUAGES = [ { id: 'kbd', title: 'Kabardian' } ];
const FALLBACK_VOICES = [ { id: 'male', title: 'male' }, { id: 'female', title: 'female' } ];

export function useVoices() {
	const [ listing, setListing ] = useState( null );
	useEffect( () => {
		fetchVoices().then( setListing, () => setListing( {} ) );
	}, [] );
	const languages = parseListing( listing, [ 'languages' ] );
	const voices = parseListing( listing, [ 'voices' ] );
	return {
		languages: languages.length ? languages : FALLBACK_LANGUAGES,
		voices: voices.length ? voices : FALLBACK_VOICES,
	};
}
