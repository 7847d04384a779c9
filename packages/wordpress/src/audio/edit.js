import { __, sprintf } from '@wordpress/i18n';
import { InspectorControls, RichText, useBlockProps } from '@wordpress/block-editor';
import {
	Button,
	Notice,
	PanelBody,
	ProgressBar,
	RangeControl,
	SelectControl,
	TextareaControl,
	TextControl,
	ToggleControl,
} from '@wordpress/components';
import { useEffect } from '@wordpress/element';
import { useVoices } from './use-voices.js';
import { textFromBlocks } from './block-text.js';
import { sourceHash } from './source-hash.js';
import { useSpeech } from './use-speech.js';
import { progressLine } from './estimate.js';
import { needsNewId, newBlockId } from './block-identity.js';

const SETTINGS = window.circassianEditor ?? { configured: false, defaults: { language: 'kbd', voice: 'male', speed: 0.85 }, settingsUrl: '' };

export default function Edit( { attributes, setAttributes, clientId } ) {
	const { text, instruct, src, caption, showTranscript, duration } = attributes;
	const language = attributes.language ?? SETTINGS.defaults.language;
	const voice = attributes.voice ?? SETTINGS.defaults.voice;
	const speed = attributes.speed ?? SETTINGS.defaults.speed;
	const { languages, voices } = useVoices();
	const { busy, progress, elapsed, error, generate, clearError } = useSpeech( attributes, setAttributes, clientId );
	useEffect( () => {
		if ( needsNewId( clientId, attributes.blockId ) ) {
			setAttributes( { blockId: newBlockId() } );
		}
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [ clientId, attributes.blockId ] );
	const request = { text: text.trim(), language, voice, speed, instruct: instruct.trim() };
	const changed = !! src && !! attributes.sourceHash && sourceHash( request ) !== attributes.sourceHash;

	return (
		<>
			<InspectorControls>
				<PanelBody title={ __( 'Voice', 'circassian' ) }>
					<SelectControl
						__nextHasNoMarginBottom
						label={ __( 'Language', 'circassian' ) }
						value={ language }
						options={ languages.map( ( item ) => ( { value: item.id, label: item.title } ) ) }
						onChange={ ( value ) => setAttributes( { language: value } ) }
					/>
					<SelectControl
						__nextHasNoMarginBottom
						label={ __( 'Voice', 'circassian' ) }
						value={ voice }
						options={ voices.map( ( item ) => ( { value: item.id, label: item.title } ) ) }
						onChange={ ( value ) => setAttributes( { voice: value } ) }
					/>
					<RangeControl
						__nextHasNoMarginBottom
						label={ __( 'Speed', 'circassian' ) }
						value={ speed }
						min={ 0.25 }
						max={ 2 }
						step={ 0.05 }
						onChange={ ( value ) => setAttributes( { speed: value } ) }
					/>
					<TextControl
						__nextHasNoMarginBottom
						label={ __( 'Voice description (English, optional)', 'circassian' ) }
						help={ __( 'Replaces the voice preset, e.g. “a calm elderly storyteller”.', 'circassian' ) }
						value={ instruct }
						maxLength={ 300 }
						onChange={ ( value ) => setAttributes( { instruct: value } ) }
					/>
					<ToggleControl
						__nextHasNoMarginBottom
						label={ __( 'Show the transcript under the player', 'circassian' ) }
						checked={ showTranscript }
						onChange={ ( value ) => setAttributes( { showTranscript: value } ) }
					/>
				</PanelBody>
			</InspectorControls>
			<figure { ...useBlockProps() }>
				{ SETTINGS.configured && SETTINGS.canSpend === false && (
					<Notice status="warning" isDismissible={ false } className="circassian-audio__not-allowed">
						{ SETTINGS.refusal }
					</Notice>
				) }
				{ ! SETTINGS.configured && (
					<Notice status="warning" isDismissible={ false }>
						{ __( 'The Circassian service is not set up on this site yet: an administrator enters the API key in Settings > Circassian.', 'circassian' ) }
					</Notice>
				) }
				<TextareaControl
					__nextHasNoMarginBottom
					label={ __( 'Text to voice', 'circassian' ) }
					value={ text }
					rows={ 4 }
					onChange={ ( value ) => setAttributes( { text: value } ) }
				/>
				<div className="circassian-audio__actions">
					<Button variant="secondary" onClick={ () => setAttributes( { text: textFromBlocks() } ) } disabled={ busy }>
						{ __( 'Use the whole post’s text', 'circassian' ) }
					</Button>
					<Button variant="primary" onClick={ () => generate( request ) } disabled={ busy || request.text === '' || SETTINGS.canSpend === false } isBusy={ busy }>
						{ /* The name says what a press does: make the first audio, or replace the block's audio. */ }
						{ src ? __( 'Regenerate audio', 'circassian' ) : __( 'Generate audio', 'circassian' ) }
					</Button>
				</div>
				{ busy && (
					<div className="circassian-audio__progress" role="status">
						<ProgressBar value={ progress ? Math.round( progress.progress * 100 ) : undefined } />
						<span>
							{ progress && progress.parts > 1
								? sprintf( /* translators: 1: parts done, 2: all parts. */ __( 'Making the audio: part %1$d of %2$d…', 'circassian' ), progress.done_parts + 1, progress.parts )
								: __( 'Making the audio…', 'circassian' ) }
							{ progress?.retrying ? ' ' + __( 'The service is not answering just now; the site keeps trying for a few minutes.', 'circassian' ) : '' }
						</span>
						{ /* A long job (a job report came back): how long it has run and what to expect. */ }
						{ progress && <span className="circassian-audio__elapsed">{ progressLine( elapsed, progress, request.text, speed ) }</span> }
					</div>
				) }
				{ error && (
					<Notice status="error" onRemove={ clearError } className={ `circassian-audio__error is-${ error.type }` }>
						{ error.message }
					</Notice>
				) }
				{ attributes.needsAudio && ! src && ! busy && (
					<Notice status="warning" isDismissible={ false } className="circassian-audio__needs-audio">
						{ __( 'Needs audio: this block was copied with a translation of its text, and the original’s audio was left with the original. Generate audio to voice this text.', 'circassian' ) }
					</Notice>
				) }
				{ changed && ! busy && (
					<Notice status="info" isDismissible={ false } className="circassian-audio__changed">
						{ __( 'The text or voice changed since this audio was made. Regenerate audio to update it.', 'circassian' ) }
					</Notice>
				) }
				{ src && (
					<>
						<audio controls src={ src } />
						{ duration ? (
							<p className="circassian-audio__duration">
								{ sprintf( /* translators: %s: seconds. */ __( 'Duration: %s s', 'circassian' ), Number( duration ).toFixed( 1 ) ) }
							</p>
						) : null }
						<RichText
							tagName="figcaption"
							className="wp-element-caption"
							placeholder={ __( 'Add caption', 'circassian' ) }
							value={ caption }
							onChange={ ( value ) => setAttributes( { caption: value } ) }
						/>
					</>
				) }
			</figure>
		</>
	);
}
