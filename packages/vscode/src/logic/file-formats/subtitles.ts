// SRT and WebVTT subtitles: only the cue text is translated. Numbers, cue ids, timings and cue
// settings, the WEBVTT header, NOTE, STYLE and REGION blocks stay as typed, and inside a cue the
// styling (`<i>`, `<v Speaker>`, `<c.yellow>`, karaoke timestamps, `{\an8}`), the ASS codes that
// subtitle editors leave in SRT (`\N` line break, `\h` hard space) and URLs are kept (PROTECT).
// A cue's lines (and the parts of a line split by `\N`) are translated as one sentence and the
// translation is wrapped back into as many lines as the cue had, `\N` where it had them, split at
// the space nearest an even share outside a tag; a dialogue cue (every line starting with `-`)
// keeps one line per speaker. The key of a cue is its timing, so a second run
// finds it again even when cues were renumbered. A timing line right after a cue's text, with no
// blank line between, starts the next cue (as WebVTT's parser reads it): it is never cue text.
import { KeyCounter, lineBreak, rangedFormat, splitLines, type Line, type RangedUnit } from './format';
import { EMAIL, URL, protectPattern } from './protect';

export const SUBTITLE_PROTECT = protectPattern(String.raw`<[^>]+>|\{\\[^}]*\}|&[A-Za-z0-9#]+;|\\[Nnh]`, URL, EMAIL);

const TIMING = /^\s*(\S+)\s+-->\s+(\S+)/;
const VTT_BLOCK = /^(?:WEBVTT|NOTE|STYLE|REGION)(?:[ \t]|$)/;
const DIALOGUE = /^-[ \t]*/;

/** Offsets of the spaces of `text` outside a tag (`<font size="35">`) or an override block (`{\an8}`). */
function breakableSpaces(text: string): number[] {
  const spaces: number[] = [];
  let inside: string | undefined;
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (inside) {
      if (char === inside) inside = undefined;
    } else if (char === '<') inside = '>';
    else if (char === '{') inside = '}';
    else if (char === ' ') spaces.push(at);
  }
  return spaces;
}

/** `text` wrapped into `count` lines of about equal length, split only at spaces outside tags. */
export function wrapLines(text: string, count: number, eol: string): string {
  return wrapInto(text, count).join(eol);
}

/** The lines of `text` wrapped into at most `count` (fewer when it has too few spaces). */
function wrapInto(text: string, count: number): string[] {
  const lines: string[] = [];
  let rest = text.trim();
  for (let left = count; left > 1; left--) {
    const goal = rest.length / left;
    let best = -1;
    for (const at of breakableSpaces(rest)) if (best === -1 || Math.abs(at - goal) < Math.abs(best - goal)) best = at;
    if (best === -1) break;
    lines.push(rest.slice(0, best).trimEnd());
    rest = rest.slice(best + 1).trimStart();
  }
  lines.push(rest);
  return lines;
}

/** The ASS hard line break subtitle editors write inside an SRT line (`\N`): a line break like the file's own. */
const HARD_BREAK = /\\N/g;

/**
 * A cue's text as one sentence, and how to write a translation back: wrapped into as many lines as
 * the cue showed, joined by the breaks it had (the file's, or `\N` where the cue used it), so a
 * `\N` is never sent as a mark that pins a line break to a word.
 */
function cueText(cue: readonly Line[], eol: string): { text: string; write: (translation: string) => string } {
  const breaks: string[] = [];
  const parts: string[] = [];
  cue.forEach((line, index) => {
    if (index > 0) breaks.push(eol);
    const pieces = line.text.trim().split(HARD_BREAK);
    pieces.forEach((piece, n) => (n > 0 ? breaks.push('\\N') : undefined));
    parts.push(...pieces.map((piece) => piece.trim()));
  });
  return {
    text: parts.join(' '),
    write: (translation) =>
      wrapInto(translation, breaks.length + 1).reduce(
        (written, line, index) => (index === 0 ? line : `${written}${breaks[index - 1] ?? eol}${line}`),
        '',
      ),
  };
}

function parseSubtitles(vtt: boolean): (source: string) => RangedUnit[] {
  return (source) => {
    const eol = lineBreak(source);
    const lines = splitLines(source);
    const units: RangedUnit[] = [];
    const keys = new KeyCounter();
    let index = 0;
    while (index < lines.length) {
      // One block: up to the next blank line, or up to a timing line that follows a cue's text.
      const block: Line[] = [];
      for (; index < lines.length && lines[index]?.text.trim() !== ''; index++) {
        const line = lines[index] as Line;
        if (TIMING.test(line.text) && block.some((earlier) => TIMING.test(earlier.text))) break;
        block.push(line);
      }
      if (lines[index]?.text.trim() === '') index++;
      if (block.length === 0 || (vtt && VTT_BLOCK.test(block[0]?.text ?? ''))) continue;
      const timingAt = block.findIndex((line) => TIMING.test(line.text));
      const timing = TIMING.exec(block[timingAt]?.text ?? '');
      const cue = block.slice(timingAt + 1);
      const first = cue[0];
      const last = cue.at(-1);
      if (!timing || !first || !last) continue;
      const key = keys.next(`${timing[1]}-->${timing[2]}`);
      if (cue.length > 1 && cue.every((line) => DIALOGUE.test(line.text))) {
        cue.forEach((line, n) => {
          const start = line.start + (DIALOGUE.exec(line.text)?.[0].length ?? 0);
          const end = line.start + line.text.trimEnd().length;
          units.push({ key: `${key}/${n + 1}`, text: source.slice(start, end), start, end });
        });
        continue;
      }
      const end = last.start + last.text.trimEnd().length;
      units.push({ key, start: first.start, end, ...cueText(cue, eol) });
    }
    return units;
  };
}

/** The cues' texts (a cue's lines as one text; a dialogue cue's a text per speaker). */
export function subtitleTexts(source: string, vtt: boolean): RangedUnit[] {
  return parseSubtitles(vtt)(source);
}

export const srtFormat = rangedFormat('SRT subtitles', parseSubtitles(false), { protect: SUBTITLE_PROTECT });
export const vttFormat = rangedFormat('WebVTT subtitles', parseSubtitles(true), {
  protect: SUBTITLE_PROTECT,
  // A `Language: en` header line, as YouTube's and other exported captions carry before the first cue.
  statedLanguage: (source) => /^WEBVTT[^\n]*\r?\n(?:[^\n]*\S[^\n]*\r?\n)*?Language:[ \t]*(\S+)/.exec(source.replace(/^\uFEFF/, ''))?.[1],
});
