// The service's facts the plugin carries in PHP (limits, defaults, error types) and the editor's
// advice for every error type, held against the facts core ships (@circassian/core/facts, its copy
// of shared/service.json): when the interface changes, this fails instead of the plugin drifting.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serviceFacts } from '@circassian/core/facts';
import { describe, expect, it } from 'vitest';
import { PACKAGE_DIR } from '../tools/build-zip.js';

const facts: {
	limits: Readonly<Record<string, number>>;
	defaults: { speechLanguage: string; voice: string; speed: number };
	errors: Readonly<Record<string, unknown>>;
	translationLanguages: ReadonlyArray<{ id: string }>;
	clientErrors: Readonly<Record<string, unknown>>;
} = serviceFacts;
const php = JSON.parse(execFileSync('php', [join(PACKAGE_DIR, 'test', 'php', 'facts.php')], { encoding: 'utf8' })) as {
	defaults: Record<string, unknown>;
	serviceTypes: string[];
	types: string[];
	translationLanguages: string[];
} & Record<string, number>;
/** The site's own refusals, beyond the interface's types. */
const SITE_TYPES = ['not_allowed', 'request_too_long', 'daily_cap'];

describe('the plugin and shared/service.json', () => {
	it('carries the service limits and defaults as the interface states them', () => {
		for (const name of [
			'speechSyncMaxChars',
			'textMaxChars',
			'jobPollIntervalSeconds',
			'batchMaxTexts',
			'batchMaxChars',
			'instructMaxChars',
		]) {
			expect([name, php[name]]).toEqual([name, facts.limits[name]]);
		}
		expect(php.defaults).toEqual({
			speechLanguage: facts.defaults.speechLanguage,
			voice: facts.defaults.voice,
			speed: facts.defaults.speed,
		});
	});

	it("knows exactly the service's error types and a client's own (Service_Error.php)", () => {
		expect([...php.serviceTypes].sort()).toEqual(Object.keys(facts.errors).sort());
		expect([...php.types].sort()).toEqual([...Object.keys(facts.errors), ...Object.keys(facts.clientErrors), ...SITE_TYPES].sort());
	});

	it("takes a TMX unit in exactly the service's translation languages (Memory/Tmx_Reader.php)", () => {
		expect([...php.translationLanguages].sort()).toEqual(facts.translationLanguages.map((language) => language.id).sort());
	});

	it('has advice in the editor for every error type (src/audio/error-notice.js)', () => {
		const source = readFileSync(join(PACKAGE_DIR, 'src', 'audio', 'error-notice.js'), 'utf8');
		const table = /const ADVICE = \{([\s\S]*?)\n\};/.exec(source)?.[1] ?? '';
		const advised = [...table.matchAll(/^\t(\w+): __\(/gm)].map((match) => match[1]);
		expect(advised.length).toBeGreaterThan(10);
		const missing = [...Object.keys(facts.errors), ...Object.keys(facts.clientErrors), ...SITE_TYPES].filter(
			(type) => !advised.includes(type),
		);
		expect(missing).toEqual([]);
	});
});
