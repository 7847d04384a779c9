import type { Command } from '../command.js';
import { UsageError } from '../cli-error.js';
import { readInputFile, readStdin, withoutBom } from '../io.js';
import { LANGUAGE_OPTIONS, languagePair } from '../languages.js';
import { GLOSSARY_OPTIONS } from '../glossary-file.js';
import { glossaryJson, noticeTermProblems, translationGlossary } from '../glossary-use.js';
import { MEMORY_OPTIONS, commandMemory } from '../memory-file.js';
import { translateConsultingMemory } from '../memory-source.js';
import { createProgressReporter } from '../progress.js';

/** The lines of a text file: a final line break ends the last line rather than starting an empty one. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  return text.replace(/\r?\n$/u, '').split(/\r?\n/u);
}

export const batch: Command = {
  name: 'batch',
  summary: 'translate a file (or stdin) line by line: one translation per output line, in order',
  usage: '[file] --to LANG [--from LANG] [--memory FILE | --no-memory] [--glossary FILE | --no-glossary]',
  description: [
    'Empty (or blank) lines are kept as they are and not sent. Any number of lines: the client packs them into the',
    "fewest requests the service's batch limits allow. Lines the translation memory knows are answered from it and",
    'only the others are sent; new answers are kept (without --from: see translate --help). With a glossary, terms go',
    'as markers and the term check prints `line N: ...` on stderr for each problem.',
  ],
  options: { ...LANGUAGE_OPTIONS, ...MEMORY_OPTIONS, ...GLOSSARY_OPTIONS },
  examples: [
    'circassian batch phrases.txt --to kbd > phrases.kbd.txt',
    'cat phrases.txt | circassian batch --from ru --to ady --json',
    'circassian batch site.txt --from ru --to kbd --glossary terms.tbx > site.kbd.txt',
  ],
  usesService: true,
  async run({ args, io, out, signal, client }) {
    const languages = languagePair(args);
    if (args.positionals.length > 1)
      throw new UsageError('batch takes at most one file', 'concatenate the files or run batch once per file');
    const file = args.positionals[0];
    const lines = splitLines(file === undefined ? await readStdin(io, 'lines') : withoutBom((await readInputFile(io, file)).text));
    const texts = lines.filter((line) => line.trim() !== '');
    if (texts.length === 0) throw new UsageError('no lines to translate');
    const memory = await commandMemory(args, io);
    const glossary = await translationGlossary(args, io, out, languages);
    // Long files take many requests: a spinner on a terminal, JSON lines with --json, silence in pipes.
    const progress = createProgressReporter(io.stderr, { json: out.json, plainLines: false });
    let result;
    try {
      const service = await client();
      result = await translateConsultingMemory(
        memory,
        languages,
        texts,
        (request, consulted) =>
          service.translateBatch(
            { texts, ...request },
            {
              signal,
              onProgress: (done, total) => progress.update(`translated ${done}/${total} lines`, { done, total }),
              ...(consulted ? { memory: consulted } : {}),
              ...(glossary ? { glossary } : {}),
            },
          ),
        (answer) => answer.translations,
        async (joined) => (await service.detect({ text: joined }, { signal })).language,
        (message) => out.notice(message),
      );
    } finally {
      progress.stop();
    }
    if (result.memory !== undefined && result.memory.hits > 0) {
      const { hits, characters } = result.memory;
      out.notice(`${hits} of ${texts.length} lines from the translation memory (${characters} characters not sent)`);
    }
    // Put the translations back between the empty lines, which were not sent.
    const translated = result.translations[Symbol.iterator]();
    const translations = lines.map((line) => (line.trim() === '' ? line : (translated.next().value ?? '')));
    const lines1 = lines.flatMap((line, i) => (line.trim() === '' ? [] : [i + 1]));
    const lineOf = (index: number) => lines1[index] ?? index + 1;
    noticeTermProblems(out, result.glossary, (index) => `line ${lineOf(index)}: `);
    out.result({ ...result, translations, ...(result.glossary ? { glossary: glossaryJson(result.glossary, lineOf) } : {}) }, () =>
      // One output line per input line, even if a translation came back with a line break in it.
      translations.map((translation) => translation.replace(/\r?\n/gu, ' ')),
    );
  },
};
