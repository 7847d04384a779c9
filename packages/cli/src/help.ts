/** Help texts, generated from the command table so they cannot drift from what is parsed. */
import packageJson from '../package.json' with { type: 'json' };
import { OUTPUT_OPTIONS, SERVICE_OPTIONS, type Command, type OptionSpecs } from './command.js';

function optionLines(options: OptionSpecs): string[] {
  const rows = Object.entries(options).map(([name, spec]) => {
    const flag = `${spec.short ? `-${spec.short}, ` : '    '}--${name}${spec.value ? ` ${spec.value}` : ''}`;
    return [flag, spec.description] as const;
  });
  const width = Math.max(...rows.map(([flag]) => flag.length));
  return rows.map(([flag, description]) => `  ${flag.padEnd(width)}  ${description}`);
}

export function commandHelp(command: Command): string {
  const sections = [
    [`Usage: circassian ${command.name} ${command.usage}`, '', command.summary, ...(command.description ?? [])],
    ...(Object.keys(command.options).length > 0 ? [['Options:', ...optionLines(command.options)]] : []),
    ...(command.usesService ? [['Service:', ...optionLines(SERVICE_OPTIONS)]] : []),
    ['Output:', ...optionLines(OUTPUT_OPTIONS)],
    ['Examples:', ...command.examples.map((example) => `  ${example}`)],
  ];
  return `${sections.map((lines) => lines.join('\n')).join('\n\n')}\n`;
}

export function mainHelp(commands: readonly Command[]): string {
  const width = Math.max(...commands.map((command) => command.name.length));
  return [
    `circassian ${packageJson.version}: translate, detect, look up, speak and fix palochka from a terminal.`,
    '',
    'Usage: circassian <command> [options]',
    '',
    'Commands:',
    ...commands.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`),
    '',
    'The key comes from $CIRCASSIAN_API_KEY or --key, the service address from $CIRCASSIAN_BASE_URL or',
    '--base-url; --sandbox tries any command against a local service without a key.',
    '`circassian <command> --help` shows a command\'s options; --json makes any command machine-readable.',
    '',
  ].join('\n');
}

export const VERSION = packageJson.version;
