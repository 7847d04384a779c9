// Which daily allowance a quota_exceeded is about is decided once, in core; the plugin's PHP
// (includes/Service/Quota_Reading.php) mirrors the decision and is held to the same messages.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { readQuotaExceeded } from '@circassian/core/facts';
import vectors from '@circassian/core/testing/quota-message-vectors.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { PACKAGE_DIR } from '../tools/build-zip.js';

interface PhpReading {
	limit: string;
	from: string;
	used: number | null;
	cap: number | null;
	needed: number | null;
	resets_at: number;
}

const NOW = new Date('2026-11-27T20:48:00Z');
const readings = JSON.parse(
	execFileSync('php', [join(PACKAGE_DIR, 'test', 'php', 'quota-reading.php'), String(NOW.getTime() / 1000)], {
		input: JSON.stringify(vectors),
		encoding: 'utf8',
	}),
) as PhpReading[];

describe('Quota_Reading.php against core (shared/vectors/quota-messages.json)', () => {
	it.each(vectors.map((vector, index) => ({ ...vector, index })))('$why', ({ message, index, ...vector }) => {
		const operation = 'operation' in vector ? vector.operation : undefined;
		const core = readQuotaExceeded(message, { operation, now: NOW });
		const php = readings[index];
		expect(php).toEqual({
			limit: core.limit,
			from: core.from,
			used: core.amounts?.used ?? null,
			cap: core.amounts?.cap ?? null,
			needed: core.amounts?.needed ?? null,
			resets_at: core.resetsAt.getTime() / 1000,
		});
	});
});
