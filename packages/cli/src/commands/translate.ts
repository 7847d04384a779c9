import type { Command } from '../command.js';
import { readTextInput } from '../io.js';
import { LANGUAGE_OPTIONS, languagePair } from '../languages.js';

export const translate: Command = {
  name: 'translate',
  summary: 'translate a text (from the arguments, or stdin)',
  usage: '[text] --to LANG [--from LANG]',
  description: ['The text is sent as typed: the service itself replaces palochka look-alikes (I, l, 1, |) before translating.'],
  options: LANGUAGE_OPTIONS,
  examples: ['circassian translate "Сэ уэ узолъагъу" --from kbd --to ru', 'echo "Good morning" | circassian translate --to kbd --json'],
  usesService: true,
  async run({ args, io, out, signal, client }) {
    const languages = languagePair(args);
    const text = await readTextInput(args.positionals, io);
    const result = await (await client()).translate({ text, ...languages }, { signal });
    out.result(result, () => [result.text]);
  },
};
