/** Every command of `circassian`, in the order the help lists them. */
import type { Command } from '../command.js';
import { batch } from './batch.js';
import { detect } from './detect.js';
import { dict } from './dict.js';
import { glossary } from './glossary.js';
import { languages } from './languages.js';
import { me } from './me.js';
import { memory } from './memory.js';
import { palochka } from './palochka.js';
import { speak } from './speak.js';
import { translate } from './translate.js';
import { voices } from './voices.js';

export const COMMANDS: readonly Command[] = [translate, batch, memory, glossary, detect, dict, speak, voices, languages, me, palochka];

export function findCommand(name: string): Command | undefined {
  return COMMANDS.find((command) => command.name === name);
}
