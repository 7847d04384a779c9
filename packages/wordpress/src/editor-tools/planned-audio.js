/**
 * What publishing voices, said in the Post audio panel and the publish panel alike: "Read in
 * Russian (detected in the text): 1,234 characters, about 1 min 22 s of audio."
 */
import { __, sprintf } from '@wordpress/i18n';
import { duration, number } from '../bulk-audio/format.js';
import { languageName } from './languages.js';

/** Where the language of the post's audio comes from (the state route's `language_source`). */
const SOURCES = {
	chosen: __( 'chosen for this post', 'circassian' ),
	translation: __( 'the language of this translation', 'circassian' ),
	polylang: __( 'the post’s language in Polylang', 'circassian' ),
	detected: __( 'detected in the text', 'circassian' ),
	site: __( 'the site’s default', 'circassian' ),
};

/** @param {{status: ?Object}} props The state route's answer. */
export function PlannedAudio( { status } ) {
	if ( ! status?.language || ! status.characters ) {
		return null;
	}
	return (
		<p className="circassian-post-audio-panel__plan">
			{ sprintf(
				/* translators: 1: language name, 2: where it comes from, 3: number of characters, 4: duration. */
				__( 'Read in %1$s (%2$s): %3$s characters, about %4$s of audio.', 'circassian' ),
				languageName( status.language ),
				SOURCES[ status.language_source ] ?? status.language_source,
				number( status.characters ),
				duration( status.seconds )
			) }
		</p>
	);
}
