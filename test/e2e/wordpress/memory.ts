// Helpers of the translation memory's end-to-end cases (settings-page.test.ts): the local
// service's calls, the whole-post panel from a chosen or detected language, raw REST with a TMX body, and
// core's TMX reader and writer.
import type { Page } from 'playwright-core';
import { readTmx, writeTmx, type MemoryUnit } from '@circassian/core';
import { openEditorSidebar, restFromPage, type TestSite } from '@circassian/test-support/hosts/wordpress/testing.js';

const TRANSLATION_OPERATIONS = ['batch', 'translate'] as const;

export async function translationCalls(site: TestSite): Promise<number> {
  let count = 0;
  for (const operation of TRANSLATION_OPERATIONS) count += await serviceCalls(site, operation);
  return count;
}

/** Calls of one operation the local service has logged. */
export async function serviceCalls(site: TestSite, operation: string): Promise<number> {
  return (await site.sandbox.admin.calls({ operation, limit: 10_000 })).length;
}

/**
 * Translates the post being edited into a Kabardian draft from the document sidebar's panel, from
 * `source` ('' for "Detect the language"); the draft's id.
 */
export async function translatePost(page: Page, source: string): Promise<number> {
  await openTranslationPanel(page);
  await page.getByLabel('Translate from').selectOption(source);
  await page.getByLabel('Translate into').selectOption('kbd');
  const created = page.waitForResponse(
    (response) => response.url().includes('circassian/v1/translations') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Translate post into a new draft' }).click();
  const draft = (await (await created).json()) as { id: number };
  await page.getByText('Draft created').first().waitFor({ timeout: 30_000 });
  return draft.id;
}

/** The document sidebar's Circassian translation panel, opened. */
export async function openTranslationPanel(page: Page): Promise<void> {
  await openEditorSidebar(page, 'document');
  const panelToggle = page.getByRole('button', { name: 'Circassian translation' });
  if ((await panelToggle.getAttribute('aria-expanded')) === 'false') await panelToggle.click();
}

/**
 * Presses "Update the translation" in the panel (shown in place of "Translate post into a new
 * draft" when the post has a translation in the chosen target), from `source`; the site's answer.
 */
export async function updateTranslation(
  page: Page,
  source: string,
): Promise<{ id: number; updated: { retranslated: number; kept: number; corrected: number } }> {
  await openTranslationPanel(page);
  await page.getByLabel('Translate from').selectOption(source);
  await page.getByLabel('Translate into').selectOption('kbd');
  const answered = page.waitForResponse(
    (response) => response.url().includes('circassian/v1/translations') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Update the translation' }).click();
  const answer = (await (await answered).json()) as { id: number; updated: { retranslated: number; kept: number; corrected: number } };
  // The notice, not the screen reader's copy of it (#a11y-speak-polite).
  await page
    .locator('.components-notice', {
      hasText: /The Kabardian translation (was updated\.|is up to date: no block of the original changed)/u,
    })
    .waitFor({ timeout: 30_000 });
  return answer;
}

/** The texts of the newest translate or batch call the local service logged. */
export async function lastTranslationTexts(site: TestSite): Promise<string[]> {
  const calls = (await Promise.all(TRANSLATION_OPERATIONS.map((operation) => site.sandbox.admin.calls({ operation, limit: 1 })))).flat();
  calls.sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp));
  const request = (calls[0]?.content?.request ?? {}) as { texts?: string[]; text?: string };
  return request.texts ?? (request.text === undefined ? [] : [request.text]);
}

/** Sets the content of the editor's block at `index` (top level), as an editor's typing would. */
export async function setBlockContent(page: Page, index: number, content: string): Promise<void> {
  await page.evaluate(
    ({ index, content }) => {
      const wp = (
        globalThis as unknown as {
          wp: {
            data: {
              select(store: string): { getBlocks(): Array<{ clientId: string }> };
              dispatch(store: string): { updateBlockAttributes(id: string, attributes: Record<string, unknown>): void };
            };
          };
        }
      ).wp;
      const blocks = wp.data.select('core/block-editor').getBlocks();
      wp.data.dispatch('core/block-editor').updateBlockAttributes(blocks[index]?.clientId ?? '', { content });
    },
    { index, content },
  );
}

export async function postContent(page: Page, id: number): Promise<string> {
  const { body } = await restFromPage(page, `wp/v2/posts/${id}?context=edit`);
  return (body as { content: { raw: string } }).content.raw;
}

/**
 * A raw REST request with the logged-in user's nonce (a TMX body is not JSON), from any page of the
 * site: the nonce is asked of admin-ajax, so no screen that prints one (the block editor) is needed.
 */
export async function rawRest(
  page: Page,
  path: string,
  method: string,
  body?: string,
  contentType = 'application/x-tmx+xml',
): Promise<{ status: number; type: string; text: string }> {
  return page.evaluate(
    async ({ path, method, body, contentType }) => {
      const nonce = await (await fetch('/wp-admin/admin-ajax.php?action=rest-nonce', { credentials: 'same-origin' })).text();
      const response = await fetch(`/wp-json/${path}`, {
        method,
        headers: { 'X-WP-Nonce': nonce, 'Content-Type': contentType },
        ...(body === undefined ? {} : { body }),
        credentials: 'same-origin',
      });
      return { status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text() };
    },
    { path, method, body, contentType },
  );
}

/** A JSON REST request as rawRest makes it (any page of the site, any logged-in user): status and parsed body. */
export async function jsonRest(page: Page, path: string, method = 'GET', data?: unknown): Promise<{ status: number; body: unknown }> {
  const answer = await rawRest(page, path, method, data === undefined ? undefined : JSON.stringify(data), 'application/json');
  try {
    return { status: answer.status, body: JSON.parse(answer.text) as unknown };
  } catch {
    return { status: answer.status, body: answer.text };
  }
}

export async function unitsOf(tmx: string): Promise<Array<Partial<MemoryUnit>>> {
  const units: Array<Partial<MemoryUnit>> = [];
  for await (const item of readTmx([tmx])) if (item.kind === 'unit') units.push(item.unit);
  return units;
}

export async function tmxOf(units: readonly MemoryUnit[]): Promise<string> {
  let text = '';
  for await (const chunk of writeTmx(units)) text += chunk;
  return text;
}
