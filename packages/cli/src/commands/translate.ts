import type { Command } from '../command.js';
import { readTextInput } from '../io.js';
import { LANGUAGE_OPTIONS, languagePair } from '../languages.js';
import { GLOSSARY_OPTIONS } from '../glossary-file.js';
import { glossaryJson, noticeTermProblems, translationGlossary } from '../glossary-use.js';
import { MEMORY_OPTIONS, commandMemory } from '../memory-file.js';
import { translateConsultingMemory } from '../memory-source.js';

export const translate: Command = {
  name: 'translate',
  summary: 'translate a text (from the arguments, or stdin)',
  usage: '[text] --to LANG [--from LANG] [--memory FILE | --no-memory] [--glossary FILE | --no-glossary]',
  description: [
    'The text is sent as typed: the service itself replaces palochka look-alikes (I, l, 1, |) before translating.',
    'A text the translation memory knows is answered from it without a request; new answers are kept (without --from,',
    'under the language the service detected, and answered from the memory when it knows the text in one language only).',
    'With a glossary (and --from), its keep and translate terms are sent as markers and come back as agreed; the term',
    'check (a term missing, a forbidden word) is printed on stderr.',
  ],
  options: { ...LANGUAGE_OPTIONS, ...MEMORY_OPTIONS, ...GLOSSARY_OPTIONS },
  examples: [
    'circassian translate "Сэ уэ узолъагъу" --from kbd --to ru',
    'echo "Good morning" | circassian translate --to kbd --json',
    'circassian translate "Доброе утро" --from ru --to kbd --memory team.jsonl',
    'circassian translate "Я живу в Нальчике" --from ru --to kbd --glossary terms.csv',
  ],
  usesService: true,
  async run({ args, io, out, signal, client }) {
    const languages = languagePair(args);
    const text = await readTextInput(args.positionals, io);
    const memory = await commandMemory(args, io);
    const glossary = await translationGlossary(args, io, out, languages);
    const service = await client();
    const result = await translateConsultingMemory(
      memory,
      languages,
      [text],
      (request, consulted) =>
        service.translate({ text, ...request }, { signal, ...(consulted ? { memory: consulted } : {}), ...(glossary ? { glossary } : {}) }),
      (answer) => [answer.text],
      async (joined) => (await service.detect({ text: joined }, { signal })).language,
      (message) => out.notice(message),
    );
    noticeTermProblems(out, result.glossary);
    out.result(result.glossary ? { ...result, glossary: glossaryJson(result.glossary) } : result, () => [result.text]);
  },
};
