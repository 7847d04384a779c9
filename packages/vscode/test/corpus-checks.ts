// What the corpus checks share (test/corpus.test.ts through the pipeline, the extension-host suite
// through the command and the service's call log): the tokens that must come back byte-identical,
// and whether an output still parses in its format.
import { poProblem, subtitleProblem, xmlProblem, yamlProblem } from './well-formed';

/** What must come back as typed, in any of the corpus's formats. */
export const TOKENS = new RegExp(
  [
    String.raw`<[^<>]+>`, // tags, with their attributes
    String.raw`(?:https?|mailto):[^\s<>"'\])]+`, // URLs
    String.raw`[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{2,}`, // e-mail addresses
    String.raw`%\{[^}]+\}|%<\w+>[a-z]|%[-+0#]*\d*(?:\.\d+)?(?:hh|ll|[hlLqjzt])?[A-Za-z@]`, // printf, strftime, Rails
    String.raw`\{\{[^}]*\}\}|\{[\w.]+(?:,\s*(?:number|date|time)[^{}]*)?\}|\$t\([^)]*\)`, // i18next, ICU arguments
    String.raw`\\[Nnh]|\{\\[^}]*\}|[\d:.,]+\s+-->\s+[\d:.,]+`, // subtitle codes and timings
    String.raw`(?<=^|[\s\[])\s*:[a-z_]+\b`, // Ruby symbols
    String.raw`\[![A-Z]+\]|\[[^\]]+\]\[\]|\x60[^\x60]+\x60`, // Markdown alerts, collapsed references, code spans
  ].join('|'),
  'gm',
);

/** The tokens of a text that must come back byte-identical, sorted. */
export function tokens(text: string): string[] {
  return [...text.matchAll(TOKENS)].map((match) => match[0].trim()).sort();
}

/** Why the output does not parse in the format its name says, or undefined. */
export function parseProblem(name: string, output: string): string | undefined {
  if (name.endsWith('.json')) {
    try {
      JSON.parse(output);
    } catch (error) {
      return String(error);
    }
    return undefined;
  }
  if (/\.xliff?$|\.xlf$/.test(name)) return xmlProblem(output);
  if (name.endsWith('.srt')) return subtitleProblem(output, false);
  if (name.endsWith('.vtt')) return subtitleProblem(output, true);
  if (name.endsWith('.po')) return poProblem(output);
  if (/\.ya?ml$/.test(name)) return yamlProblem(output);
  return undefined;
}
