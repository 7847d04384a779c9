import { serviceFacts } from '@circassian/core';
import type { Command } from '../command.js';
import { UsageError } from '../cli-error.js';
import { renderValue } from '../output.js';

const { dictionaryDialects, dictionaryLanguages, defaults } = serviceFacts;

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], option: string): T | undefined {
  if (value === undefined || (allowed as readonly string[]).includes(value)) return value as T | undefined;
  throw new UsageError(`--${option} ${value} is not supported`, `use one of ${allowed.join(', ')}`);
}

export const dict: Command = {
  name: 'dict',
  summary: 'look a word up in the dictionary',
  usage: `WORD [--dialect ${dictionaryDialects.join('|')}] [--lang ${dictionaryLanguages.join('|')}]`,
  options: {
    dialect: { type: 'string', value: 'D', description: `${dictionaryDialects.join(' or ')} (default: ${defaults.dictionaryDialect})` },
    lang: {
      type: 'string',
      value: 'L',
      description: `language of the entry: ${dictionaryLanguages.join(', ')} (default: ${defaults.dictionaryLang})`,
    },
  },
  examples: ['circassian dict унэ', 'circassian dict унэ --dialect ady --lang en --json'],
  usesService: true,
  async run({ args, out, signal, client }) {
    const word = args.positionals.join(' ');
    if (word === '') throw new UsageError('missing WORD', 'usage: circassian dict WORD [--dialect D] [--lang L]');
    const dialect = oneOf(args.string('dialect'), dictionaryDialects, 'dialect');
    const lang = oneOf(args.string('lang'), dictionaryLanguages, 'lang');
    const entry = await (
      await client()
    ).dictionary({ word, ...(dialect !== undefined ? { dialect } : {}), ...(lang !== undefined ? { lang } : {}) }, { signal });
    out.result(entry, () => renderValue(entry));
  },
};
