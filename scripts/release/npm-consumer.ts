// A user's project outside the workspace: the npm tarballs installed with plain `npm install`, then
// imported from ESM and CommonJS, type-checked as a TypeScript consumer under `nodenext` and
// `bundler`, and their bins run. Each step returns what went wrong, so `pnpm release --dry-run`
// can print every problem and the tests can assert there are none.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { REPO_ROOT } from './artifacts.js';

export interface RunResult {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a command to its end and collects its output (no shell, no input). */
export function runCollect(
  command: string,
  args: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): Promise<RunResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code, signal) => resolvePromise({ code, signal, stdout, stderr }));
  });
}

function failed(what: string, result: RunResult): string {
  return `${what} failed (${result.signal ?? `exit ${result.code}`}): ${(result.stderr || result.stdout).trim().slice(-2000)}`;
}

/** The environment a user's shell would have: none of the workspace's pnpm or npm script variables. */
function userEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!/^(npm_|PNPM_|pnpm_|NODE_OPTIONS$|NODE_PATH$|VITEST|TSX_)/i.test(name)) env[name] = value;
  }
  return env;
}

export interface Consumer {
  readonly dir: string;
  readonly env: NodeJS.ProcessEnv;
  remove(): void;
}

/**
 * An empty npm project in the system's temp folder (outside the workspace, so nothing resolves
 * from its node_modules), with the given tarballs and @types/node installed by `npm install`.
 */
export async function createConsumer(tarballs: readonly string[]): Promise<Consumer> {
  const dir = mkdtempSync(join(tmpdir(), 'circassian-consumer-'));
  if (!relative(REPO_ROOT, dir).startsWith('..')) throw new Error(`${dir} is inside the workspace`);
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }, null, 2)}\n`);
  const env = userEnv();
  const result = await runCollect(
    'npm',
    ['install', '--no-audit', '--no-fund', '--loglevel=error', ...tarballs.map((file) => resolve(file)), '@types/node@^20.19.0'],
    { cwd: dir, env },
  );
  if (result.code !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(failed('npm install of the tarballs', result));
  }
  return { dir, env, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

function write(dir: string, file: string, text: string): void {
  mkdirSync(dirname(join(dir, file)), { recursive: true });
  writeFileSync(join(dir, file), text);
}

/** What the programs below print when every import and call worked. */
const USE_OK = 'translated: ';

/** Every entry point of the libraries, by the name the programs below give its namespace. */
const ENTRY_POINTS = {
  core: '@circassian/core',
  palochka: '@circassian/core/palochka',
  facts: '@circassian/core/facts',
  wav: '@circassian/core/wav',
  sandboxPackage: '@circassian/sandbox',
  cli: '@circassian/cli',
} as const;

/** What both programs do with the entry points (inside an async function: it awaits). */
const USE_CALLS = `
  if (palochka.normalizePalochka('кIуэ') !== 'к\\u04C0уэ') throw new Error('palochka');
  if (facts.serviceFacts.limits.textMaxChars !== core.serviceFacts.limits.textMaxChars) throw new Error('facts');
  if (wav.wavDurationSeconds(wav.encodeWav(new Int16Array(8000), 8000)) !== 1) throw new Error('wav');
  if (!Array.isArray(cli.EXIT_CODES)) throw new Error('cli');
  const sandbox = await sandboxPackage.startSandbox();
  try {
    const client = new core.CircassianClient({ apiKey: sandbox.key, baseUrl: sandbox.url });
    const { text } = await client.translate({ text: 'сэ кIуэ', target_lang: 'en' });
    await client.translate({ text: '' }).catch((error) => { if (!core.isCircassianError(error)) throw error; });
    console.log('${USE_OK}' + text);
  } finally {
    await sandbox.close();
  }
`;

const ESM_USE = `${Object.entries(ENTRY_POINTS)
  .map(([name, specifier]) => `import * as ${name} from '${specifier}';`)
  .join('\n')}
${USE_CALLS}`;

const CJS_USE = `${Object.entries(ENTRY_POINTS)
  .map(([name, specifier]) => `const ${name} = require('${specifier}');`)
  .join('\n')}
// CommonJS gets the CommonJS build, not Node's require() of the ESM files.
if (!require.resolve('@circassian/core').endsWith('.cjs')) throw new Error('core resolved to ' + require.resolve('@circassian/core'));
(async () => {${USE_CALLS}})().catch((error) => { console.error(error); process.exitCode = 1; });
`;

/** Imports every entry point from ESM (`.mjs`) and CommonJS (`.cjs`), and calls the client against the installed sandbox. */
export async function checkImports(consumer: Consumer): Promise<string[]> {
  write(consumer.dir, 'use.mjs', ESM_USE);
  write(consumer.dir, 'use.cjs', CJS_USE);
  const problems: string[] = [];
  for (const file of ['use.mjs', 'use.cjs']) {
    const result = await runCollect(process.execPath, [file], { cwd: consumer.dir, env: consumer.env });
    if (result.code !== 0 || !result.stdout.includes(USE_OK)) problems.push(failed(`node ${file}`, result));
  }
  return problems;
}

const TS_USE = `
import { CircassianClient, RateLimitedError, type ClientOptions, type TranslateResponse } from '@circassian/core';
import { normalizePalochka, type PalochkaTarget } from '@circassian/core/palochka';
import { serviceFacts, type TranslationLanguage } from '@circassian/core/facts';
import { readWavInfo, type WavInfo } from '@circassian/core/wav';
import { startSandbox, type RunningSandbox } from '@circassian/sandbox';
import { main, type CliIo } from '@circassian/cli';

const options: ClientOptions = { apiKey: 'key', baseUrl: 'http://127.0.0.1:8787', maxRetries: 1 };
export const client = new CircassianClient(options);
export const pending: Promise<TranslateResponse> = client.translate({ text: 'сэ', target_lang: 'en' });
export const fixed: string = normalizePalochka('кIуэ', { target: 'U+04CF' satisfies PalochkaTarget });
export const max: number = serviceFacts.limits.textMaxChars;
export const language: TranslationLanguage = 'kbd';
export const info: (bytes: Uint8Array) => WavInfo = readWavInfo;
export const sandbox: () => Promise<RunningSandbox> = () => startSandbox();
export const run: (argv: string[], io: CliIo) => Promise<number> = (argv, io) => main(argv, io);
export const isRateLimited = (error: unknown): boolean => error instanceof RateLimitedError;
// The types are real: a misspelt option does not compile.
// @ts-expect-error apiKeys is not an option
new CircassianClient({ apiKeys: 'x' });
`;

function tsconfig(module: string, moduleResolution: string, include: string[]): string {
  return `${JSON.stringify({ compilerOptions: { module, moduleResolution, target: 'ES2022', strict: true, noEmit: true, types: ['node'], skipLibCheck: false, exactOptionalPropertyTypes: true }, include }, null, 2)}\n`;
}

/** Type-checks a consumer under `nodenext` (from an ESM `.mts` and a CommonJS `.cts` file) and under `bundler`. */
export async function checkTypes(consumer: Consumer): Promise<string[]> {
  write(consumer.dir, 'nodenext/use.mts', TS_USE);
  write(consumer.dir, 'nodenext/use.cts', TS_USE);
  write(consumer.dir, 'nodenext/tsconfig.json', tsconfig('nodenext', 'nodenext', ['*.mts', '*.cts']));
  write(consumer.dir, 'bundler/use.ts', TS_USE);
  write(consumer.dir, 'bundler/tsconfig.json', tsconfig('preserve', 'bundler', ['*.ts']));
  const tsc = join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const problems: string[] = [];
  for (const project of ['nodenext', 'bundler']) {
    const result = await runCollect(process.execPath, [tsc, '-p', join(consumer.dir, project, 'tsconfig.json')], {
      cwd: consumer.dir,
      env: consumer.env,
    });
    if (result.code !== 0) problems.push(failed(`tsc under ${project}`, result));
  }
  return problems;
}

/** `circassian --help`, `circassian palochka --check` (a clean file passes, a look-alike fails). */
export async function checkCliBin(consumer: Consumer): Promise<string[]> {
  const bin = join(consumer.dir, 'node_modules', '.bin', 'circassian');
  const problems: string[] = [];
  const help = await runCollect(bin, ['--help'], { cwd: consumer.dir, env: consumer.env });
  if (help.code !== 0 || !/palochka/.test(help.stdout)) problems.push(failed('circassian --help', help));
  write(consumer.dir, 'clean.txt', 'к\u04C0уэ\n');
  write(consumer.dir, 'typed.txt', 'кIуэ\n');
  const clean = await runCollect(bin, ['palochka', '--check', 'clean.txt'], { cwd: consumer.dir, env: consumer.env });
  if (clean.code !== 0) problems.push(failed('circassian palochka --check clean.txt', clean));
  const typed = await runCollect(bin, ['palochka', '--check', 'typed.txt'], { cwd: consumer.dir, env: consumer.env });
  if (typed.code === 0 || !typed.stdout.includes('typed.txt:1:2'))
    problems.push(
      `circassian palochka --check typed.txt should list typed.txt:1:2 and fail; got exit ${typed.code}: ${typed.stdout}${typed.stderr}`,
    );
  return problems;
}

/** `circassian-sandbox --port 0`: its ready line is JSON with a URL that answers; SIGTERM stops it with exit 0. */
export async function checkSandboxBin(consumer: Consumer): Promise<string[]> {
  const bin = join(consumer.dir, 'node_modules', '.bin', 'circassian-sandbox');
  const child = spawn(bin, ['--port', '0'], { cwd: consumer.dir, env: consumer.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolvePromise) => child.once('exit', (code) => resolvePromise(code)));
  const line = await new Promise<string | undefined>((resolvePromise) => {
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      if (stdout.includes('\n')) resolvePromise(stdout.slice(0, stdout.indexOf('\n')));
    });
    void exited.then(() => resolvePromise(undefined));
  });
  const problems: string[] = [];
  try {
    if (line === undefined) return [`circassian-sandbox exited before its ready line: ${stderr}`];
    const ready = JSON.parse(line) as { url?: string; key?: string; adminToken?: string };
    if (typeof ready.url !== 'string' || typeof ready.key !== 'string' || typeof ready.adminToken !== 'string')
      problems.push(`circassian-sandbox ready line lacks url, key or adminToken: ${line}`);
    else {
      const response = await fetch(`${ready.url}/v1/me`, { headers: { authorization: `Bearer ${ready.key}` } });
      if (response.status !== 200) problems.push(`circassian-sandbox: GET /v1/me answered ${response.status}`);
    }
  } finally {
    child.kill('SIGTERM');
  }
  const code = await exited;
  if (code !== 0) problems.push(`circassian-sandbox exited with ${code} on SIGTERM: ${stderr}`);
  return problems;
}

/** The import graph of an installed file: every specifier that is not a relative path into the package. */
export function externalImports(entryFile: string): string[] {
  const seen = new Set<string>();
  const external = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    const specifiers = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)(['"])([^'"]+)\1/g)].map(
      (match) => match[2] ?? '',
    );
    for (const specifier of specifiers) {
      if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier));
      else external.add(specifier);
    }
  };
  visit(entryFile);
  return [...external];
}

/** `@circassian/core/palochka`, as installed, imports nothing outside itself (so no Node built-in), in ESM and CommonJS. */
export function checkPalochkaGraph(consumer: Consumer): string[] {
  const dist = join(consumer.dir, 'node_modules', '@circassian', 'core', 'dist');
  return ['palochka.js', 'palochka.cjs'].flatMap((file) =>
    externalImports(join(dist, file)).map((specifier) => `@circassian/core/palochka (${file}) imports ${specifier}`),
  );
}
