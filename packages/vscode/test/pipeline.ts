// Translate File's steps without the editor (mask, send what has words, escape, unmask, rebuild),
// with a fake model that turns every word into another (reversed and upper-cased): any token sent
// comes back changed, so a test sees what was not protected.
import { protectionIn, type FileFormat } from '../src/logic/file-formats/format';
import { hasWords, maskPlaceholders, unmaskPlaceholders } from '../src/logic/placeholders';

export const model = (text: string): string => text.replace(/\p{L}+/gu, (word) => [...word].reverse().join('').toUpperCase());

/** The translated file, and the texts sent (marks as the model sees them). */
export function runPipeline(format: FileFormat, source: string): { output: string; sent: string[] } {
  const sent: string[] = [];
  const output = format.rebuild(
    source,
    (_key, text) => {
      const masked = maskPlaceholders(text, protectionIn(format, source));
      if (!hasWords(masked)) return text;
      sent.push(masked.text);
      const answer = model(masked.text);
      return unmaskPlaceholders(format.escape ? format.escape(answer) : answer, masked) ?? text;
    },
    { target: 'kbd', source: 'en' },
  );
  return { output, sent };
}
