/**
 * The links between a post and its translations, in the post panel: a translated draft says
 * what it is a translation of (linking to the original), an original lists its translations.
 */
import { __, sprintf } from '@wordpress/i18n';
import { languageName } from './languages.js';

const STATUS = {
	draft: __( 'draft', 'circassian' ),
	pending: __( 'pending review', 'circassian' ),
	future: __( 'scheduled', 'circassian' ),
	private: __( 'private', 'circassian' ),
	publish: __( 'published', 'circassian' ),
};

/** A post's title as a link to its editor (plain text when the user may not edit it). */
function PostLink( { post } ) {
	const title = post.title || __( '(no title)', 'circassian' );
	return post.edit_link ? <a href={ post.edit_link }>{ title }</a> : <strong>{ title }</strong>;
}

/** "Translation of %1$s (%2$s)" with the original's link in place of %1$s, whatever order a language puts them in. */
function TranslationOf( { links, languages } ) {
	const MARK = '\u0001';
	/* translators: 1: the original post's title (a link), 2: the language of this translation. */
	const sentence = sprintf( __( 'Translation of %1$s (%2$s)', 'circassian' ), MARK, languageName( links.language, languages ) );
	const [ before, after = '' ] = sentence.split( MARK );
	return (
		<>
			{ before }
			<PostLink post={ links.original } />
			{ after }
		</>
	);
}

export function TranslationLinks( { links, languages } ) {
	if ( ! links || ( ! links.original && links.translations.length === 0 ) ) {
		return null;
	}
	return (
		<div className="circassian-translation-links">
			{ links.original && (
				<p className="circassian-translation-links__original">
					<TranslationOf links={ links } languages={ languages } />
				</p>
			) }
			{ links.translations.length > 0 && (
				<>
					<p className="circassian-translation-links__heading">{ __( 'Translations of this post:', 'circassian' ) }</p>
					<ul className="circassian-translation-links__list">
						{ links.translations.map( ( translation ) => (
							<li key={ translation.id }>
								<PostLink post={ translation } />{ ' ' }
								{ sprintf(
									/* translators: 1: language, 2: the post's status (draft, published…). */
									__( '(%1$s, %2$s)', 'circassian' ),
									languageName( translation.language, languages ),
									STATUS[ translation.status ] ?? translation.status
								) }
							</li>
						) ) }
					</ul>
				</>
			) }
		</div>
	);
}
