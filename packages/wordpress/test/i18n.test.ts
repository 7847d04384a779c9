// The shipped interface translations against the sources: the .pot holds every string the PHP,
// the editor scripts, block.json and the plugin header ask to translate (a string added to the
// sources without `pnpm --filter @circassian/wordpress i18n` fails here), Russian translates every
// one with its placeholders, and the .mo and each script's JSON are what the .po compiles to.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { entryKey, isTranslated, parsePo } from '../tools/i18n/po.js';
import { extractStrings, generatedFiles, LANGUAGES_DIR, PLUGIN_DIR, POT_PATH } from '../tools/i18n/make.js';

const RUSSIAN = join(LANGUAGES_DIR, 'circassian-ru_RU.po');

/** printf placeholders (%s, %d, %1$s…), sorted, so a translation may reorder them. */
const placeholders = (text: string): string[] => (text.match(/%(\d+\$)?[sd]/g) ?? []).sort();

describe('interface translations', () => {
	it('has every translatable string of the sources in the .pot, and none they no longer have', () => {
		const inSources = new Set(extractStrings().map(entryKey));
		const inPot = new Set(parsePo(readFileSync(POT_PATH, 'utf8')).entries.map(entryKey));
		expect(inSources.size).toBeGreaterThan(200);
		expect([...inSources].filter((key) => !inPot.has(key))).toEqual([]);
		expect([...inPot].filter((key) => !inSources.has(key))).toEqual([]);
	});

	it('translates every string into Russian, with the same placeholders and three plural forms', () => {
		const russian = parsePo(readFileSync(RUSSIAN, 'utf8'));
		const template = parsePo(readFileSync(POT_PATH, 'utf8'));
		expect(Object.fromEntries(russian.headers)).toMatchObject({
			Language: 'ru_RU',
			'Plural-Forms': expect.stringMatching(/^nplurals=3;/),
		});
		const byKey = new Map(russian.entries.map((entry) => [entryKey(entry), entry]));
		const untranslated = template.entries.filter(
			(entry) => !isTranslated(byKey.get(entryKey(entry)) ?? { ...entry, translations: [] }),
		);
		expect(untranslated.map(entryKey)).toEqual([]);
		for (const entry of russian.entries) {
			expect(entry.translations.length, entry.id).toBe(entry.plural === undefined ? 1 : 3);
			for (const form of entry.translations) expect(placeholders(form), `${entry.id} → ${form}`).toEqual(placeholders(entry.id));
		}
	});

	it("ships the .pot, .po, .mo and every script's JSON exactly as the tool makes them from the sources", () => {
		const files = generatedFiles();
		for (const [path, content] of files) {
			expect(existsSync(path), path).toBe(true);
			expect(
				readFileSync(path).equals(Buffer.from(content)),
				`${path} is out of date: run pnpm --filter @circassian/wordpress i18n`,
			).toBe(true);
		}
	});

	it("names each script's JSON after the md5 of the built script's path, as WordPress looks for it, for every built script", () => {
		const names = [...generatedFiles().keys()].filter((path) => path.endsWith('.json'));
		for (const built of ['build/audio/index.js', 'build/post-audio/index.js', 'build/settings/index.js']) {
			const md5 = createHash('md5').update(built).digest('hex');
			expect(names).toContain(join(LANGUAGES_DIR, `circassian-ru_RU-${md5}.json`));
			const json = JSON.parse(readFileSync(join(LANGUAGES_DIR, `circassian-ru_RU-${md5}.json`), 'utf8')) as {
				source: string;
				locale_data: { messages: Record<string, unknown> };
			};
			expect(json.source).toBe(built);
			expect(Object.keys(json.locale_data.messages).length).toBeGreaterThan(1);
		}
		// The audio block's script carries the editor tools' strings (they are bundled with it).
		const audio = readFileSync(
			join(LANGUAGES_DIR, `circassian-ru_RU-${createHash('md5').update('build/audio/index.js').digest('hex')}.json`),
			'utf8',
		);
		expect(audio).toContain('"Fix palochka in the whole post":["Исправить палочку во всей записи"]');
		expect(readFileSync(join(PLUGIN_DIR, 'circassian.php'), 'utf8')).toMatch(/Domain Path:\s*\/languages/);
	});
});
