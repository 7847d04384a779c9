// The one browser every UI test and benchmark uses: Debian's Chromium driven by playwright-core
// (Playwright may not download a browser here). The flags keep it off the closed network.
import type { Browser } from 'playwright-core';
import { ensureDebianPackages } from './apt.js';

export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
] as const;

export function ensureBrowser(): Promise<void> {
  return ensureDebianPackages(['chromium']);
}

/** Headless Chromium with a fresh profile (playwright-core makes one per launch). */
export async function launchChromium(): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS] });
}
