/**
 * What the service is asked to voice for a text: its parts. By default every sentence is a part of
 * its own, so an edit re-voices exactly the sentences whose text changed (1.00x) and a sentence seen
 * anywhere before costs nothing. The price is requests: a first voicing takes one request per
 * sentence (a 3,000-character post, some 35 sentences, is 35 of the key's 60 requests a minute)
 * where one request per 20,000 characters would do; `groupCharacters` trades the other way,
 * joining the sentences of one line into parts of up to that many characters (fewer requests, but
 * an edit re-voices its whole part). A sentence longer than one request takes (20,000 characters)
 * is voiced in several parts, cut at spaces.
 */
import { splitText } from '../internal/sentences.js';
import { serviceFacts } from '../service-facts.js';
import { characterCount } from '../text/character-count.js';
import type { Sentence } from './sentences.js';

export interface SpeechPartsOptions {
  /**
   * Join the sentences of one line into parts of up to this many characters (at most 20,000; 1,500
   * keeps each part an immediate answer rather than a job). Default 0: one sentence per part.
   */
  readonly groupCharacters?: number;
}

/** One request's worth of text, and the sentences it holds (by index, first and last). */
export interface SpeechPart {
  readonly text: string;
  readonly first: number;
  readonly last: number;
}

const { textMaxChars } = serviceFacts.limits;

/** The parts for these sentences, in order. */
export function speechParts(sentences: readonly Sentence[], options: SpeechPartsOptions = {}): SpeechPart[] {
  const group = groupLimit(options.groupCharacters);
  const parts: SpeechPart[] = [];
  // A part holding a piece of a sentence voiced in several parts takes no other sentence.
  let previousWhole = false;
  sentences.forEach((sentence, index) => {
    const previous = parts[parts.length - 1];
    const previousLine = previous === undefined ? undefined : sentences[previous.last]?.line;
    if (previous !== undefined && previousWhole && previousLine === sentence.line && fits(previous.text, sentence.text, group)) {
      parts[parts.length - 1] = { text: `${previous.text} ${sentence.text}`, first: previous.first, last: index };
      return;
    }
    previousWhole = characterCount(sentence.text) <= textMaxChars;
    if (previousWhole) parts.push({ text: sentence.text, first: index, last: index });
    else for (const piece of splitText(sentence.text, textMaxChars).pieces) parts.push({ text: piece.trim(), first: index, last: index });
  });
  return parts;
}

function groupLimit(requested: number | undefined): number {
  if (requested === undefined || requested === 0) return 0;
  if (!Number.isInteger(requested) || requested < 0 || requested > textMaxChars) {
    throw new RangeError(`groupCharacters must be a whole number from 0 to ${textMaxChars}, got ${requested}`);
  }
  return requested;
}

function fits(partText: string, sentence: string, limit: number): boolean {
  return limit > 0 && characterCount(partText) + 1 + characterCount(sentence) <= limit;
}
