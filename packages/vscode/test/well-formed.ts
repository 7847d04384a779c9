// Checks that a translated file still parses in its format, written for the tests (the package has
// no XML, YAML or subtitle parser, and adding one for tests alone is not worth a dependency). Each
// returns the first problem found, or undefined. PO goes to gettext's `msgfmt --check` and YAML to
// PyYAML's safe_load (`pnpm test` installs both: scripts/install-hosts.ts); a missing one is a
// problem reported, never a check skipped.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const NAME = /^[A-Za-z_][\w:.-]*/;

/** XML well-formedness: tags nest and close, attributes are quoted and hold no `<`, `&` starts an entity. */
export function xmlProblem(xml: string): string | undefined {
  const open: string[] = [];
  let index = xml.startsWith('\uFEFF') ? 1 : 0;
  while (index < xml.length) {
    const lt = xml.indexOf('<', index);
    const text = xml.slice(index, lt === -1 ? xml.length : lt);
    const amp = /&(?![A-Za-z][\w.-]*;|#\d+;|#x[0-9A-Fa-f]+;)/.exec(text);
    if (amp) return `a bare & at ${index + amp.index}`;
    if (lt === -1) break;
    if (xml.startsWith('<?', lt)) {
      const end = xml.indexOf('?>', lt);
      if (end === -1) return 'an unclosed <?';
      index = end + 2;
      continue;
    }
    if (xml.startsWith('<!--', lt)) {
      const end = xml.indexOf('-->', lt);
      if (end === -1) return 'an unclosed comment';
      index = end + 3;
      continue;
    }
    const closing = xml[lt + 1] === '/';
    const name = NAME.exec(xml.slice(lt + (closing ? 2 : 1)))?.[0];
    if (!name) return `a < that starts no tag at ${lt}`;
    let at = lt + (closing ? 2 : 1) + name.length;
    // Attributes: name="value" or name='value', values without `<`.
    for (;;) {
      const rest = xml.slice(at);
      const space = /^\s*/.exec(rest)?.[0].length ?? 0;
      at += space;
      if (xml.startsWith('/>', at) || xml[at] === '>') break;
      if (closing) return `junk in </${name}> at ${at}`;
      const attribute = /^([A-Za-z_][\w:.-]*)\s*=\s*("[^"<]*"|'[^'<]*')/.exec(xml.slice(at));
      if (!attribute || space === 0) return `a malformed attribute in <${name}> at ${at}`;
      at += attribute[0].length;
    }
    if (xml.startsWith('/>', at)) {
      index = at + 2;
      continue;
    }
    index = at + 1;
    if (closing) {
      const expected = open.pop();
      if (expected !== name) return `</${name}> closes <${expected ?? 'nothing'}>`;
    } else {
      open.push(name);
    }
  }
  return open.length > 0 ? `<${open.join('>, <')}> not closed` : undefined;
}

/**
 * SRT or WebVTT, read as WebVTT's parser reads both: a block ends at a blank line or at a timing
 * line. Every line holding `-->` is a whole timing line followed by cue text, and no tag is cut in two.
 */
export function subtitleProblem(source: string, vtt: boolean): string | undefined {
  const lines = source.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (vtt && !/^WEBVTT(?:[ \t]|$)/.test(lines[0] ?? '')) return 'no WEBVTT header';
  let cues = 0;
  for (const [n, line] of lines.entries()) {
    if (!line.includes('-->')) {
      if (/<[^>]*$/.test(line) || /^[^<]*>/.test(line)) return `line ${n + 1}: a tag cut over two lines: "${line}"`;
      continue;
    }
    if (!/^\s*[\d:.,]+\s+-->\s+[\d:.,]+(?:[ \t].*)?$/.test(line)) return `line ${n + 1}: "${line}" is not a timing line`;
    if ((lines[n + 1] ?? '').trim() === '') return `line ${n + 1}: a timing line with no cue text`;
    if (!vtt && !/^\d+$/.test(lines[n - 1] ?? '')) return `line ${n + 1}: no cue number before the timing`;
    cues++;
  }
  return cues === 0 ? 'no cue' : undefined;
}

/** gettext's own check; undefined when it passes. */
export function poProblem(po: string): string | undefined {
  const folder = mkdtempSync(join(tmpdir(), 'po-check-'));
  try {
    const file = join(folder, 'check.po');
    writeFileSync(file, po);
    const run = spawnSync('msgfmt', ['--check', '-o', '/dev/null', file], { encoding: 'utf8' });
    if (run.error) return `msgfmt could not run (apt-get install gettext): ${run.error.message}`;
    return run.status === 0 ? undefined : run.stderr;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** YAML that PyYAML's safe_load reads; undefined when it does. */
export function yamlProblem(yaml: string): string | undefined {
  const run = spawnSync('python3', ['-c', 'import sys, yaml; yaml.safe_load(sys.stdin)'], { input: yaml, encoding: 'utf8' });
  if (run.error) return `python3 could not run (apt-get install python3-yaml): ${run.error.message}`;
  return run.status === 0 ? undefined : run.stderr;
}
