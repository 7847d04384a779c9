/**
 * Static markup: the front end needs no script, only the browser's own <audio> player.
 */
import { RichText, useBlockProps } from '@wordpress/block-editor';
import { __ } from '@wordpress/i18n';

export default function save( { attributes } ) {
	const { src, caption, showTranscript, text } = attributes;
	if ( ! src ) {
		return null;
	}
	return (
		<figure { ...useBlockProps.save() }>
			<audio controls src={ src }></audio>
			{ ! RichText.isEmpty( caption ) && <RichText.Content tagName="figcaption" className="wp-element-caption" value={ caption } /> }
			{ showTranscript && text && (
				<details className="wp-block-circassian-audio__transcript">
					<summary>{ __( 'Transcript', 'circassian' ) }</summary>
					<p>{ text }</p>
				</details>
			) }
		</figure>
	);
}
