// What a visitor's browser loads for one page: scripts, requests and bytes (the WordPress
// benchmarks hold the plugin's front end against a baseline page with it).
import type { Browser } from 'playwright-core';

export interface FrontEndCost {
  readonly scripts: number;
  readonly requests: number;
  readonly bytes: number;
}

export async function frontEndCost(browser: Browser, url: string): Promise<FrontEndCost> {
  const context = await browser.newContext();
  const page = await context.newPage();
  let scripts = 0;
  let requests = 0;
  let bytes = 0;
  page.on('requestfinished', (request) => {
    requests += 1;
    if (request.resourceType() === 'script') scripts += 1;
    void request.sizes().then((sizes) => (bytes += sizes.responseBodySize));
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await context.close();
  return { scripts, requests, bytes };
}
