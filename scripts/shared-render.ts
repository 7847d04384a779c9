/**
 * Shared facts written as code, for packages that cannot read the JSON through @circassian/core:
 * the WordPress plugin's PHP and its editor script. Each renderer takes the text of a shared file
 * and returns the generated file's text; shared-copies.ts lists where each goes, `pnpm sync-shared`
 * writes them and test/repo/shared-copies.test.ts fails while one is not what its renderer makes.
 */

interface ServiceJson {
  readonly translationLanguages: ReadonlyArray<{ readonly id: string }>;
  readonly speechLanguages: ReadonlyArray<{ readonly id: string }>;
  readonly defaults: { readonly speechLanguage: string; readonly voice: string; readonly speed: number };
  readonly limits: Readonly<Record<string, number>>;
  readonly keyLimitNames: readonly string[];
  readonly keyLimitLabels: Readonly<Record<string, string>>;
  readonly errors: Readonly<Record<string, { readonly retry: string }>>;
  readonly clientErrors: Readonly<Record<string, string>>;
  readonly backgroundWork: Readonly<Record<string, string>>;
  readonly backgroundWorkRules: Readonly<Record<string, string>>;
  readonly errorAdvice: Readonly<Record<string, string>>;
}

/** Every error type a person can meet: the service's, then the client's own. */
function allTypes(facts: ServiceJson): string[] {
  return [...Object.keys(facts.errors), ...Object.keys(facts.clientErrors)];
}

function check(facts: ServiceJson): void {
  const types = allTypes(facts).sort().join(',');
  for (const [name, table] of [
    ['backgroundWork', facts.backgroundWork],
    ['errorAdvice', facts.errorAdvice],
  ] as const) {
    const keys = Object.keys(table).sort().join(',');
    if (keys !== types) throw new Error(`shared/service.json: ${name} must name exactly every error type (${types}), it names ${keys}`);
  }
  for (const [type, rule] of Object.entries(facts.backgroundWork)) {
    if (!Object.hasOwn(facts.backgroundWorkRules, rule))
      throw new Error(`shared/service.json: backgroundWork.${type} is ${rule}, not a rule`);
  }
  if (Object.keys(facts.keyLimitLabels).join(',') !== facts.keyLimitNames.join(',')) {
    throw new Error('shared/service.json: keyLimitLabels must name the keyLimitNames, in their order');
  }
}

/** The generated files' note, as lines of a doc comment. */
const GENERATED = [
  ' * Generated from shared/service.json by `pnpm sync-shared` (scripts/shared-render.ts): do not',
  ' * edit it; edit the shared file and run that.',
].join('\n');

/** A PHP single-quoted string. */
const phpString = (text: string): string => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** A PHP list, on one line. */
const phpList = (items: readonly string[]): string => `array( ${items.map(phpString).join(', ')} )`;

/** A multi-line PHP array of string => code, its arrows aligned as WordPress's standards ask. */
function phpMap(entries: ReadonlyArray<readonly [string, string]>, indent: string): string {
  const width = Math.max(...entries.map(([key]) => phpString(key).length));
  return `array(\n${entries.map(([key, value]) => `${indent}\t${phpString(key).padEnd(width)} => ${value},`).join('\n')}\n${indent})`;
}

/** `includes/Service/Service_Facts.php`: the facts the plugin's PHP reads, as constants and one label function. */
export function wordpressServiceFacts(source: string): string {
  const facts = JSON.parse(source) as ServiceJson;
  check(facts);
  const limit = (name: string): number => {
    const value = facts.limits[name];
    if (value === undefined) throw new Error(`shared/service.json has no limits.${name}`);
    return value;
  };
  const constant = (doc: string, name: string, value: string): string => `\t/** ${doc} */\n\tpublic const ${name} = ${value};\n`;
  return `<?php
/**
 * The service's facts the plugin's PHP reads: languages, defaults, limits, error types, what a
 * call and background work do about each error, the key's limits in words.
${GENERATED}
 *
 * @package Circassian
 */

namespace Circassian\\Service;

defined( 'ABSPATH' ) || exit;

final class Service_Facts {

${[
  constant(
    'The languages the service translates between (translationLanguages).',
    'TRANSLATION_LANGUAGES',
    phpList(facts.translationLanguages.map((language) => language.id)),
  ),
  constant('The languages it voices (speechLanguages).', 'SPEECH_LANGUAGES', phpList(facts.speechLanguages.map((language) => language.id))),
  constant('The speech language when none is chosen.', 'DEFAULT_LANGUAGE', phpString(facts.defaults.speechLanguage)),
  constant('The voice when none is chosen.', 'DEFAULT_VOICE', phpString(facts.defaults.voice)),
  constant('The speed when none is chosen.', 'DEFAULT_SPEED', String(facts.defaults.speed)),
  constant('Characters one text of a request may have.', 'TEXT_MAX_CHARS', String(limit('textMaxChars'))),
  constant('Texts one batch translation may carry.', 'BATCH_MAX_TEXTS', String(limit('batchMaxTexts'))),
  constant('Characters one batch translation may carry, all its texts together.', 'BATCH_MAX_CHARS', String(limit('batchMaxChars'))),
  constant("Characters of a speech request's voice description.", 'INSTRUCT_MAX_CHARS', String(limit('instructMaxChars'))),
  constant(
    'Characters voiced in the request itself; longer text is a service job.',
    'SPEECH_SYNC_MAX_CHARS',
    String(limit('speechSyncMaxChars')),
  ),
  constant("How often a service job's status may be asked.", 'JOB_POLL_INTERVAL_SECONDS', String(limit('jobPollIntervalSeconds'))),
  constant("The key's limits, as GET /v1/me names them (keyLimitNames).", 'KEY_LIMIT_NAMES', phpList(facts.keyLimitNames)),
  constant(
    'The error types the service sends, and how a call may try each again: never, after (Retry-After), backoff, once.',
    'RETRY',
    phpMap(
      Object.entries(facts.errors).map(([type, fact]) => [type, phpString(fact.retry)] as const),
      '\t',
    ),
  ),
  constant("A client's own error types (clientErrors).", 'CLIENT_ERRORS', phpList(Object.keys(facts.clientErrors))),
  constant(
    `What background work does about each error type: ${Object.keys(facts.backgroundWorkRules).join(', ')} (backgroundWorkRules).`,
    'BACKGROUND_WORK',
    phpMap(
      Object.entries(facts.backgroundWork).map(([type, rule]) => [type, phpString(rule)] as const),
      '\t',
    ),
  ),
].join('\n')}
\t/** A key limit's name in words, mid-sentence (keyLimitLabels), translated. */
\tpublic static function key_limit_label( string $name ): string {
\t\t$labels = ${phpMap(
    Object.entries(facts.keyLimitLabels).map(([name, label]) => [name, `__( ${phpString(label)}, 'circassian' )`] as const),
    '\t\t',
  )};
\t\treturn $labels[ $name ] ?? str_replace( '_', ' ', $name );
\t}
}
`;
}

/** A JavaScript single-quoted string. */
const jsString = (text: string): string => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** `src/audio/service-advice.js`: what the editor says of each error type of the service and the client. */
export function wordpressErrorAdvice(source: string): string {
  const facts = JSON.parse(source) as ServiceJson;
  check(facts);
  return `/**
 * What the editor says of each error type of the service and of a client (errorAdvice): what
 * happened and what to do.
${GENERATED}
 */
import { __ } from '@wordpress/i18n';

export const SERVICE_ADVICE = {
${allTypes(facts)
  .map((type) => `\t${type}: __( ${jsString(facts.errorAdvice[type] ?? '')}, 'circassian' ),`)
  .join('\n')}
};
`;
}
