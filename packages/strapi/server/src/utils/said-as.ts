// Say-as for the audio: a field is voiced with the glossary's respellings (core's sayAs) in the
// speech request, so the speech memory keys each sentence by the words actually spoken and an
// entry changed in the glossary re-voices exactly the sentences it touches. What people read never
// changes: the stored text is not touched, and the timings (and the WebVTT made from them) keep
// the field's own sentences.
import {
  isTranslationLanguage,
  splitSentences,
  type SpeechClient,
  type SpeechMemory,
  type SpeechRequest,
  type VoicedText,
} from '@circassian/core';
import { sayAs, type Glossary } from '@circassian/core/glossary';

export async function speakSaidAs(
  memory: SpeechMemory,
  client: SpeechClient,
  request: SpeechRequest,
  glossary: Glossary,
): Promise<VoicedText> {
  const shown = request.text;
  const language = request.language;
  const said = language !== undefined && isTranslationLanguage(language) ? sayAs(glossary, language, shown) : shown;
  const voiced = await memory.speak(client, { ...request, text: said });
  if (said === shown) return voiced;
  const sentences = splitSentences(shown);
  // A respelling never adds or removes a sentence end; if one did, the spoken sentences are the honest record.
  if (sentences.length !== voiced.timings.sentences.length) return voiced;
  return {
    ...voiced,
    timings: {
      ...voiced.timings,
      sentences: voiced.timings.sentences.map((sentence, index) => ({ ...sentence, text: sentences[index]?.text ?? sentence.text })),
    },
  };
}
