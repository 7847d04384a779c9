// Draws the VS Code extension's Marketplace icon, packages/vscode/images/icon.png (128 x 128 px),
// from the SVG below in headless Chromium. The PNG is committed; run this again after changing
// the drawing: `flock /tmp/circassian-heavy.lock npx tsx scripts/release/make-vscode-icon.ts`.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium } from '@circassian/test-support/hosts/lib/browser.js';
import { VSCODE_DIR } from './artifacts.js';

const SIZE = 128;

// The green of the Circassian flag with its twelve gold stars in an arc, and кӀ, the letter pair
// with the palochka (U+04C0) that the extension's "Fix palochka" command is about.
const stars = Array.from({ length: 12 }, (_, index) => {
  const angle = Math.PI * (0.1 + (0.8 * index) / 11);
  const x = 64 - 46 * Math.cos(angle);
  const y = 70 - 48 * Math.sin(angle);
  return `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" font-size="12" text-anchor="middle" fill="#f5c518">★</text>`;
}).join('');

const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 128 128">
  <rect x="4" y="4" width="120" height="120" rx="24" fill="#1b7a3a"/>
  ${stars}
  <text x="64" y="104" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="bold" font-size="58" text-anchor="middle" fill="#ffffff">к\u04C0</text>
</svg>`;

const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: SIZE, height: SIZE }, deviceScaleFactor: 1 });
  await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${SVG}</body></html>`);
  mkdirSync(join(VSCODE_DIR, 'images'), { recursive: true });
  const path = join(VSCODE_DIR, 'images', 'icon.png');
  await page.screenshot({ path, omitBackground: true, clip: { x: 0, y: 0, width: SIZE, height: SIZE } });
  console.log(path);
} finally {
  await browser.close();
}
