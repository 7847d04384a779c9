// The plugin as shipped: the zip's contents, `php -l` on every PHP file, and the PHP tests run inside
// a real WordPress (the newest supported, installed from that zip) against the local service.
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import AdmZip from 'adm-zip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '@circassian/sandbox';
import { installSqliteIntegration, installWordPress } from '@circassian/test-support/hosts/wordpress/install.js';
import { prepareSite, type PreparedSite } from '@circassian/test-support/hosts/wordpress/site.js';
import { NEWEST_LINE } from '@circassian/test-support/hosts/wordpress/versions.js';
import { buildPluginZip, PACKAGE_DIR } from '../tools/build-zip.js';
import { sourceHash } from '../src/audio/source-hash.js';

const REPO = join(PACKAGE_DIR, '..', '..');

function phpFiles(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		if (name === 'node_modules' || name === 'dist') return [];
		return statSync(path).isDirectory() ? phpFiles(path) : name.endsWith('.php') ? [path] : [];
	});
}

describe('the plugin PHP', () => {
	let sandbox: RunningSandbox;
	let site: PreparedSite;
	let zipPath: string;

	beforeAll(async () => {
		// Some fifty tests in one minute, each voicing or detecting a post's language (POST /v1/detect):
		// more than the default 60 requests a minute, which the tests of pacing set for themselves.
		sandbox = await startSandbox({ speechJobMs: 20, limits: { requests_per_minute: 600 } });
		const [wordpress, sqlitePlugin, pluginZip] = [
			await installWordPress(NEWEST_LINE),
			await installSqliteIntegration(),
			await buildPluginZip(),
		];
		zipPath = pluginZip;
		site = await prepareSite({
			wordpressTree: wordpress.tree,
			sqlitePlugin,
			pluginZip,
			service: { url: sandbox.url, key: sandbox.key },
			url: 'http://127.0.0.1',
			// No server answers this site: nothing should try to spawn WP-Cron over HTTP.
			manualCron: true,
		});
	}, 120_000);

	afterAll(async () => {
		site?.remove();
		await sandbox?.close();
	});

	it('ships an installable zip: one circassian/ folder with the main file, readme.txt, uninstall.php, blueprint.json and the built block', () => {
		const names = new AdmZip(zipPath).getEntries().map((entry) => entry.entryName);
		expect(names.every((name) => name.startsWith('circassian/'))).toBe(true);
		for (const required of [
			'circassian.php',
			'readme.txt',
			'uninstall.php',
			'blueprint.json',
			'includes/Plugin.php',
			'build/audio/block.json',
			'build/audio/index.js',
			'build/audio/index.asset.php',
		]) {
			expect(names).toContain(`circassian/${required}`);
		}
		expect(names.filter((name) => /\/(src|test|node_modules)\/|\.map$|\.ts$/.test(name))).toEqual([]);
		const zip = new AdmZip(zipPath);
		const main = zip.readAsText('circassian/circassian.php');
		const readme = zip.readAsText('circassian/readme.txt');
		const version = /Version:\s*(\S+)/.exec(main)?.[1];
		expect(main).toMatch(/Text Domain:\s*circassian/);
		expect(readme).toMatch(/^=== Circassian ===/);
		expect(readme).toContain(`Stable tag: ${version}`);
		for (const section of ['== Description ==', '== Installation ==', '== Changelog ==']) expect(readme).toContain(section);
		const block = JSON.parse(zip.readAsText('circassian/build/audio/block.json')) as {
			name: string;
			apiVersion: number;
			title: string;
			textdomain: string;
		};
		expect(block).toMatchObject({ name: 'circassian/audio', apiVersion: 3, textdomain: 'circassian' });
		expect(block.title).toContain('Audio');
		const blueprint = JSON.parse(zip.readAsText('circassian/blueprint.json')) as { steps: Array<{ step: string }> };
		expect(blueprint.steps.map((step) => step.step)).toEqual(expect.arrayContaining(['installPlugin', 'setSiteOptions']));
	});

	it('keeps the editor script small and free of the key or any service address', () => {
		const script = new AdmZip(zipPath).readAsText('circassian/build/audio/index.js');
		expect(gzipSync(script).length).toBeLessThan(30 * 1024);
		expect(script).not.toMatch(/CIRCASSIAN_API_KEY|Bearer /);
	});

	it('passes php -l on every PHP file of the plugin and its host', () => {
		const host = dirname(createRequire(import.meta.url).resolve('@circassian/test-support/hosts/wordpress/site.js'));
		const files = [...phpFiles(PACKAGE_DIR), ...phpFiles(host)];
		expect(files.length).toBeGreaterThan(15);
		// One PHP compiles them all (what php -l does, through OPcache); PHP 8.2's php -l takes one
		// file per process, some 170 starts that took 60-100 s on a loaded machine. Only when that
		// fails is each file linted alone, to name every file that does not compile.
		const together = spawnSync(
			'php',
			[
				'-d',
				'opcache.enable_cli=1',
				'-r',
				'foreach (array_slice($argv, 1) as $file) { opcache_compile_file($file); }',
				'--',
				...files,
			],
			{ encoding: 'utf8' },
		);
		if (together.status === 0 && together.stderr === '' && together.stdout === '') return;
		const failures = files
			.map((file) => ({ file: relative(REPO, file), result: spawnSync('php', ['-l', file], { encoding: 'utf8' }) }))
			.filter(({ result }) => result.status !== 0)
			.map(({ file, result }) => `${file}: ${result.stdout}${result.stderr}`);
		expect(failures).toEqual([]);
	});

	it('passes its PHPUnit tests inside WordPress', async () => {
		const junit = join(mkdtempSync(join(tmpdir(), 'circassian-phpunit-')), 'junit.xml');
		// Asynchronously: the local service answering PHP runs in this very process. PHPUnit reports
		// on stderr: output on stdout would count as sent headers to the WordPress code under test.
		const result = await promisify(execFile)(
			'phpunit',
			['--configuration', join(PACKAGE_DIR, 'phpunit.xml.dist'), '--stderr', '--log-junit', junit],
			{
				cwd: site.root,
				encoding: 'utf8',
				env: {
					...process.env,
					CIRCASSIAN_API_KEY: '',
					CIRCASSIAN_BASE_URL: '',
					CIRCASSIAN_TEST_SERVICE: JSON.stringify({ url: sandbox.url, key: sandbox.key, adminToken: sandbox.adminToken }),
					CIRCASSIAN_TEST_JS_HASH: sourceHash({
						text: 'Уи пщэддджыжь фӀыуэ.',
						language: 'kbd',
						voice: 'female',
						speed: 0.85,
						instruct: '',
					}),
				},
			},
		).then(
			({ stdout, stderr }) => ({ stdout, stderr, status: 0 }),
			(error: { stdout?: string; stderr?: string; code?: number }) => ({
				stdout: error.stdout ?? '',
				stderr: error.stderr ?? '',
				status: error.code ?? 1,
			}),
		);
		const report = readFileSync(junit, 'utf8');
		const cases = [...report.matchAll(/<testcase name="([^"]+)"[^>]*?(\/>|>([\s\S]*?)<\/testcase>)/g)];
		const failed = cases
			.filter((match) => /<(failure|error|warning|skipped)\b/.test(match[3] ?? ''))
			.map((match) => `${match[1]}: ${match[3]}`);
		expect(failed).toEqual([]);
		expect(cases.length).toBeGreaterThanOrEqual(81);
		expect(result.stdout).toBe('');
		expect(result.status, result.stderr).toBe(0);
		// Some 25 s alone; under a loaded CI machine's other lanes it took over vitest's default 30 s.
	}, 180_000);

	// Last: it removes the plugin's settings from the site.
	it("uninstalls cleanly what Stored_Data lists, and it lists every option, prefix, transient, cron hook and user meta the classes name: options, job records and locks, unfinished jobs' part files, transients with their timeouts, user meta, cron events and the translation memory's, glossary's and speech memory's tables", async () => {
		const { stdout } = await promisify(execFile)('php', [join(PACKAGE_DIR, 'test', 'php', 'uninstall.php')], {
			cwd: site.root,
			encoding: 'utf8',
		});
		const left = JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as {
			uncovered: string[];
			options: string[];
			files: string[];
			usermeta: string[];
			cron: unknown[];
			tables: { before: string[]; after: string[] };
		};
		expect(left).toEqual({
			uncovered: [],
			options: [],
			files: [],
			usermeta: [],
			cron: [],
			tables: {
				before: ['wp_circassian_glossary', 'wp_circassian_memory', 'wp_circassian_memory_words', 'wp_circassian_speech_memory'],
				after: [],
			},
		});
	});
});
