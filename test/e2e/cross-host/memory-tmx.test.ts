// One team, three hosts, one memory (issue 28): what a Strapi team's memory holds (the service's
// translations and an editor's correction), exported as TMX from Strapi's admin route, makes the
// same sentences cost nothing in WordPress (imported through its REST route) and in VS Code (the
// workspace memory's own TMX file store, which VS Code's importMemory fills); and the units travel
// Strapi -> WordPress -> Strapi unchanged, through WordPress's PHP writer and reader and back.
// Each host has its own local service; what reached each is read from its call log.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CircassianClient, TmxFileTranslationMemory, readTmx, type MemoryUnitInput } from '@circassian/core';
import { startSandbox, type RunningSandbox } from '@circassian/sandbox';
import type { HostProcess } from '@circassian/test-support/hosts/lib/host-process.js';
import { WORDPRESS_VERSIONS, logIn, restFromPage, startTestSite, type TestSite } from '@circassian/test-support/hosts/wordpress/testing.js';
import {
  ARTICLE_UID,
  StrapiClient,
  queueSettled,
  startStrapiHost,
  waitFor,
  type Article,
  type StrapiReady,
} from '../strapi/strapi-fixture.js';
import { rawRest } from '../wordpress/memory.js';

const CORRECTED = 'Тхыдэм и кӀэщӀу къиӀуатэр, редактор зэригъэзэхуэжар';
const TRANSLATION_OPERATIONS = ['batch', 'translate'] as const;

async function translationCalls(sandbox: RunningSandbox): Promise<number> {
  let count = 0;
  for (const operation of TRANSLATION_OPERATIONS) count += (await sandbox.admin.calls({ operation, limit: 10_000 })).length;
  return count;
}

async function unitsOf(tmx: string): Promise<MemoryUnitInput[]> {
  const units: MemoryUnitInput[] = [];
  for await (const item of readTmx([new TextEncoder().encode(tmx)])) if (item.kind === 'unit') units.push(item.unit);
  return units;
}

/** A unit as every host must carry it: its pair, texts, origin and creation date (use counts are each host's own). */
const carried = (unit: MemoryUnitInput) =>
  `${unit.sourceLang}>${unit.targetLang}|${unit.origin}|${unit.created}|${unit.source}|${unit.target}`;
const sameUnits = async (tmx: string) => (await unitsOf(tmx)).map(carried).sort();

describe('the translation memory across hosts, as TMX', () => {
  let strapiSandbox: RunningSandbox;
  let strapiHost: HostProcess<StrapiReady>;
  let strapi: StrapiClient;
  let site: TestSite;
  let page: Page;
  let exported: string;
  let ruKbd: MemoryUnitInput[];

  const strapiTmx = async (method: 'GET' | 'POST', path: string, body?: string): Promise<{ status: number; text: string }> => {
    const response = await fetch(`${strapiHost.ready.url}/circassian/memory/${path}`, {
      method,
      headers: { authorization: `Bearer ${await strapi.adminJwt()}`, 'content-type': 'application/x-tmx+xml' },
      ...(body === undefined ? {} : { body }),
    });
    return { status: response.status, text: await response.text() };
  };

  beforeAll(async () => {
    strapiSandbox = await startSandbox();
    strapiHost = await startStrapiHost(strapiSandbox);
    strapi = new StrapiClient(strapiHost.ready);
    site = await startTestSite(WORDPRESS_VERSIONS.at(-1) as string);
    ({ page } = await logIn(site.browser, site.ready.url, site.ready.admin));
  });

  afterAll(async () => {
    await site?.close();
    expect(await strapiHost?.stop()).toBe(0);
    await strapiSandbox?.close();
  });

  it('Strapi: a translated entry and an editor correction are in the memory Strapi exports', async () => {
    const article: Article = await strapi.createArticle({
      title: 'Праздник в Нальчике',
      summary: 'Короткое описание праздника',
      seo: { metaTitle: 'Праздник', metaDescription: 'Описание праздника в городе' },
    });
    await waitFor('the kbd version', async () => {
      const entry = await strapi.article(article.documentId, 'kbd');
      return entry?.title?.startsWith('[kbd]') ? entry : undefined;
    });
    await queueSettled(strapi);
    // An editor who may teach (the super admin, in the Content Manager) corrects the Kabardian summary
    // and publishes it: the memory learns that sentence as human. (An API token's write would be a
    // suggestion, exported as one, since the trust pass.)
    const kbdVersion = `/content-manager/collection-types/${ARTICLE_UID}/${article.documentId}`;
    await strapi.admin('PUT', `${kbdVersion}?locale=kbd`, { summary: CORRECTED });
    await strapi.admin('POST', `${kbdVersion}/actions/publish?locale=kbd`, {});
    exported = await waitFor('the correction in the export', async () => {
      const { status, text } = await strapiTmx('GET', 'export');
      expect(status).toBe(200);
      return text.includes(CORRECTED) ? text : undefined;
    });
    ruKbd = (await unitsOf(exported)).filter((unit) => unit.sourceLang === 'ru' && unit.targetLang === 'kbd');
    expect(ruKbd.find((unit) => unit.source === 'Короткое описание праздника')).toMatchObject({ target: CORRECTED, origin: 'human' });
    expect(ruKbd.filter((unit) => unit.origin === 'machine').length).toBeGreaterThanOrEqual(3);
  });

  it('WordPress: the same sentences, after importing Strapi’s TMX, cost no request and come back as Strapi had them', async () => {
    const imported = await rawRest(page, 'circassian/v1/memory/import', 'POST', exported);
    expect(imported.status, imported.text).toBe(200);
    const before = await translationCalls(site.sandbox);
    const { status, body } = await restFromPage(page, 'circassian/v1/translate', 'POST', {
      texts: ruKbd.map((unit) => unit.source),
      source_lang: 'ru',
      target_lang: 'kbd',
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect((body as { translations: string[] }).translations).toEqual(ruKbd.map((unit) => unit.target));
    expect(await translationCalls(site.sandbox)).toBe(before);
  });

  it('VS Code: the workspace memory file, filled from Strapi’s TMX, answers the same sentences with no request', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'circassian-cross-host-'));
    const sandbox = await startSandbox();
    try {
      // What circassian.importMemory does with a TMX file: read it, store its units in the workspace's memory.
      const memory = new TmxFileTranslationMemory(join(dir, '.circassian', 'memory.tmx'), {
        tool: { name: 'circassian-vscode', version: '0' },
      });
      const units = await unitsOf(exported);
      expect(await memory.store(units)).toMatchObject({ stored: units.length, keptHuman: 0 });
      const client = new CircassianClient({ apiKey: sandbox.key, baseUrl: sandbox.url });
      const answer = await client.translateBatch(
        { texts: ruKbd.map((unit) => unit.source), source_lang: 'ru', target_lang: 'kbd' },
        { memory },
      );
      expect(answer.translations).toEqual(ruKbd.map((unit) => unit.target));
      expect(await translationCalls(sandbox)).toBe(0);
    } finally {
      await sandbox.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('Strapi -> WordPress -> Strapi: export, import, export carries the same units', async () => {
    const fromWordPress = await rawRest(page, 'circassian/v1/memory/export', 'GET');
    expect(fromWordPress.status).toBe(200);
    expect(await sameUnits(fromWordPress.text)).toEqual(await sameUnits(exported));

    const { body } = await strapi.plugin<{ stats: { pairs: Array<{ source: string; target: string }> } }>('GET', '/memory');
    for (const pair of body.stats.pairs) expect((await strapi.plugin('POST', '/memory/clear', pair)).status).toBe(200);
    const imported = await strapiTmx('POST', 'import', fromWordPress.text);
    expect(imported.status, imported.text).toBe(200);
    const again = await strapiTmx('GET', 'export');
    expect(await sameUnits(again.text)).toEqual(await sameUnits(exported));
  });
});
