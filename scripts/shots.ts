/**
 * `npm run shots`: a full-page screenshot of every route of site.config.ts at 390 px (a phone) and
 * 1366 px (a laptop) into test-results/shots/, so anyone can look at every page after a change.
 * Builds and starts the site with its own local backend on spare ports and data folder (like the
 * end-to-end tests), so a running `npm start` is left alone.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { pages } from '../site.config.ts';
import { CHROMIUM_PATH, chromiumArgs } from './lib/chromium.ts';
import { startSpareSite } from './lib/spare-site.ts';

const root = join(import.meta.dirname, '..');
const out = join(root, 'test-results', 'shots');
const WIDTHS = [390, 1366];

const site = await startSpareSite('shots');

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: chromiumArgs });
try {
  for (const width of WIDTHS) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    for (const { path } of pages) {
      await page.goto(`${site.url}${path}`, { waitUntil: 'networkidle' });
      // A full-page capture does not scroll, so sections drawn only near the viewport (content-visibility,
      // decision 020) would show as empty bands: drawn here as a visitor scrolling down sees them.
      await page.addStyleTag({ content: 'main > section { content-visibility: visible !important; }' });
      const name = `${path === '/' ? 'home' : path.slice(1).replaceAll('/', '_')}@${width}.png`;
      await page.screenshot({ path: join(out, name), fullPage: true });
    }
    await page.close();
  }
  console.log(`${pages.length * WIDTHS.length} screenshots (${pages.length} routes at ${WIDTHS.join(' and ')} px) in test-results/shots/.`);
} finally {
  await browser.close();
  await site.stop();
}
