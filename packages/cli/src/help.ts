/** Help texts, generated from the command table so they cannot drift from what is parsed. */
import packageJson from '../package.json' with { type: 'json' };
import { OUTPUT_OPTIONS, SERVICE_OPTIONS, type Command, type OptionSpec, type OptionSpecs } from './command.js';

function flagOf(name: string, spec: OptionSpec): string {
  return `${spec.short ? `-${spec.short}, ` : '    '}--${name}${spec.value ? ` ${spec.value}` : ''}`;
}

/** The rows of one section, with the descriptions aligned at `width` across every section. */
function optionLines(options: OptionSpecs, width: number): string[] {
  return Object.entries(options).map(([name, spec]) => `  ${flagOf(name, spec).padEnd(width)}  ${spec.description}`);
}

export function commandHelp(command: Command): string {
  const shown = [command.options, ...(command.usesService ? [SERVICE_OPTIONS] : []), OUTPUT_OPTIONS];
  const width = Math.max(...shown.flatMap((options) => Object.entries(options).map(([name, spec]) => flagOf(name, spec).length)));
  const sections = [
    [`Usage: circassian ${command.name} ${command.usage}`.trimEnd(), '', command.summary],
    ...(command.description ? [command.description] : []),
    ...(Object.keys(command.options).length > 0 ? [['Options:', ...optionLines(command.options, width)]] : []),
    ...(command.usesService ? [['Service:', ...optionLines(SERVICE_OPTIONS, width)]] : []),
    ['Output:', ...optionLines(OUTPUT_OPTIONS, width)],
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
    "`circassian <command> --help` shows a command's options; --json makes any command machine-readable.",
    '',
  ].join('\n');
}

export const VERSION = packageJson.version;
