import type { Command } from '../command.js';
import { readTextInput } from '../io.js';
import { LANGUAGE_OPTIONS, languagePair } from '../languages.js';
import { MEMORY_OPTIONS, commandMemory, noticeMemoryNotConsulted } from '../memory-file.js';

export const translate: Command = {
  name: 'translate',
  summary: 'translate a text (from the arguments, or stdin)',
  usage: '[text] --to LANG [--from LANG] [--memory FILE | --no-memory]',
  description: [
    'The text is sent as typed: the service itself replaces palochka look-alikes (I, l, 1, |) before translating.',
    'With --from, a text the translation memory knows is answered from it without a request; new answers are kept.',
  ],
  options: { ...LANGUAGE_OPTIONS, ...MEMORY_OPTIONS },
  examples: [
    'circassian translate "Сэ уэ узолъагъу" --from kbd --to ru',
    'echo "Good morning" | circassian translate --to kbd --json',
    'circassian translate "Доброе утро" --from ru --to kbd --memory team.jsonl',
  ],
  usesService: true,
  async run({ args, io, out, signal, client }) {
    const languages = languagePair(args);
    const text = await readTextInput(args.positionals, io);
    const memory = await commandMemory(args, io);
    const result = await (await client()).translate({ text, ...languages }, { signal, ...(memory ? { memory } : {}) });
    noticeMemoryNotConsulted(args, out, result.memory);
    out.result(result, () => [result.text]);
  },
};
