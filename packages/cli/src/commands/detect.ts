import type { Command } from '../command.js';
import { readTextInput } from '../io.js';

export const detect: Command = {
  name: 'detect',
  summary: 'detect the language of a text (from the arguments, or stdin)',
  usage: '[text]',
  options: {},
  examples: ['circassian detect "Сэ уэ узолъагъу"', 'circassian detect --json < letter.txt'],
  usesService: true,
  async run({ args, io, out, signal, client }) {
    const text = await readTextInput(args.positionals, io);
    const result = await (await client()).detect({ text }, { signal });
    out.result(result, () => [result.language]);
  },
};
