// The service's facts reach the plugin as generated code (includes/Service/Service_Facts.php and
// src/audio/service-advice.js, from shared/service.json: test/repo/shared-copies.test.ts fails
// while they are stale). What is the plugin's own is held together here: the editor has words for
// every refusal the site's PHP answers with, and advice for every error type it can meet.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ALL_ERROR_TYPES } from '@circassian/core/facts';
import { describe, expect, it } from 'vitest';
import { PACKAGE_DIR } from '../tools/build-zip.js';

const php = JSON.parse(execFileSync('php', [join(PACKAGE_DIR, 'test', 'php', 'facts.php')], { encoding: 'utf8' })) as {
	siteTypes: string[];
};
const source = readFileSync(join(PACKAGE_DIR, 'src', 'audio', 'error-notice.js'), 'utf8');
const generated = readFileSync(join(PACKAGE_DIR, 'src', 'audio', 'service-advice.js'), 'utf8');

/** The keys of an object literal `const NAME = { key: __(` in the editor script. */
function keys(text: string, name: string): string[] {
	const table = new RegExp(`(?:const|export const) ${name} = \\{([\\s\\S]*?)\\n\\};`).exec(text)?.[1] ?? '';
	return [...table.matchAll(/^\t(\w+): __\(/gm)].map((match) => match[1] ?? '');
}

describe("the plugin's words for errors", () => {
	it("has the site's own refusals in the editor exactly as the PHP answers them (Service_Error::SITE_TYPES)", () => {
		expect(php.siteTypes.length).toBe(3);
		expect(keys(source, 'SITE_REFUSALS').sort()).toEqual([...php.siteTypes].sort());
	});

	it('has advice in the editor for every error type of the service and a client (generated)', () => {
		expect(keys(generated, 'SERVICE_ADVICE').sort()).toEqual([...ALL_ERROR_TYPES].sort());
		expect(source).toContain("import { SERVICE_ADVICE } from './service-advice.js';");
	});
});
