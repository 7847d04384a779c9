// What a hand edit of a file Translate File made teaches the translation memory. Translate File
// sends a unit's text with its placeholders and markup masked (`Hello ⟦0⟧`) and the memory keeps
// that masked pair, so a correction is taught in the same form: the edited text is masked by the
// same rules, its marks numbered as the source's, and the pair is kept only when putting the
// correction back through the run's own path (escape, unmask) gives the edited text exactly.
// Anything that does not round-trip (a lost placeholder, changed wrapping tags) teaches nothing.
import type { FileFormat } from './file-formats';
import { hasWords, maskPlaceholders, unmaskPlaceholders } from './placeholders';

/** placeholders.ts's marks (`⟦0⟧`); numbered there in order of appearance. */
const MARK = /\u27E6(\d+)\u27E7/gu;

export interface MaskedPair {
  /** The source text as Translate File sends it. */
  readonly source: string;
  /** The correction as the service's answer would have been. */
  readonly target: string;
}

/** The pair to teach for a unit whose translation was edited to `edited`, or undefined. */
export function correctionPair(format: Pick<FileFormat, 'protect' | 'escape'>, sourceText: string, edited: string): MaskedPair | undefined {
  const masked = maskPlaceholders(sourceText, format.protect);
  if (!hasWords(masked) || edited.trim() === '') return undefined;
  const human = maskPlaceholders(edited, format.protect);
  if ((human.prefix ?? '') !== (masked.prefix ?? '') || (human.suffix ?? '') !== (masked.suffix ?? '')) return undefined;
  // A translator may move a placeholder: each of the edit's marks takes the number of the source's same token.
  const taken = new Set<number>();
  let lost = false;
  const target = human.text.replace(MARK, (mark, n: string) => {
    const part = human.parts[Number(n)];
    const index = masked.parts.findIndex((candidate, i) => candidate === part && !taken.has(i));
    if (index < 0) lost = true;
    taken.add(index);
    return index < 0 ? mark : `\u27E6${index}\u27E7`;
  });
  if (lost) return undefined;
  const back = unmaskPlaceholders(format.escape ? format.escape(target) : target, masked);
  return back === edited ? { source: masked.text, target } : undefined;
}

/**
 * The units whose text the person changed since Translate File wrote them, each with its pair.
 * `written`: unit key -> the text Translate File wrote; `sources`: unit key -> its source text;
 * `current`: the file's texts now, by key.
 */
export function corrections(
  format: Pick<FileFormat, 'protect' | 'escape'>,
  written: Readonly<Record<string, string>>,
  sources: Readonly<Record<string, string>>,
  current: ReadonlyMap<string, string>,
): { key: string; text: string; pair: MaskedPair }[] {
  const found: { key: string; text: string; pair: MaskedPair }[] = [];
  for (const [key, before] of Object.entries(written)) {
    const text = current.get(key);
    const source = sources[key];
    if (text === undefined || source === undefined || text === before || text === source) continue;
    const pair = correctionPair(format, source, text);
    if (pair) found.push({ key, text, pair });
  }
  return found;
}

/** Formats whose unit keys are positions, not names: a unit added or removed shifts every key after it. */
const POSITIONAL = new Set(['Markdown']);

/**
 * Whether the saved file still lines up with its source, unit by unit: for positional formats, the
 * source rebuilt with the file's texts must give the file back (a paragraph added or removed does
 * not); named keys always line up.
 */
export function linesUp(
  format: Pick<FileFormat, 'label' | 'rebuild'>,
  sourceText: string,
  current: ReadonlyMap<string, string>,
  saved: string,
  languages: { readonly source: string; readonly target: string },
): boolean {
  if (!POSITIONAL.has(format.label)) return true;
  try {
    const rebuilt = format.rebuild(sourceText, (key, text) => current.get(key) ?? text, { ...languages, previous: saved });
    return rebuilt.trimEnd() === saved.trimEnd();
  } catch {
    return false;
  }
}
