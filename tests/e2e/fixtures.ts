import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { apiUrl, inboxUrl } from './backend';
import { shell } from './shell';

/**
 * Every test fails if the page logs a console error, throws, or requests anything from an origin other
 * than the site and its local backend (API, mail inbox) before the visitor asks for it (pages must stay fast and private).
 */
export const test = base.extend<{ pageProblems: string[] }>({
  // A page answers from its HTML; islands it needs at once (a stored session, a draft) start after the
  // first paint (decision 020). Navigations wait for <html data-ready>, which says those are live (except
  // 'commit', for tests of the page before that); every other island starts on the test's first touch.
  page: async ({ page, javaScriptEnabled, baseURL }, provide) => {
    // Only the site has islands (not the local inbox), and without JavaScript the prerendered page is all there is.
    const live = async () => {
      if (javaScriptEnabled === false || new URL(page.url()).origin !== new URL(baseURL!).origin) return;
      await page.waitForSelector('html[data-ready]', { state: 'attached' });
    };
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (options?.waitUntil !== 'commit') await live();
      return response;
    };
    const reload = page.reload.bind(page);
    page.reload = async (options) => {
      const response = await reload(options);
      await live();
      return response;
    };
    await provide(page);
  },
  pageProblems: [
    async ({ page, baseURL }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        // The local inbox shows an email in a frame sandboxed without scripts, on purpose; Chromium says so
        // when something (Playwright's own helpers, at times) tries to run there. That is the inbox, not the site.
        if (page.url().startsWith(inboxUrl) && /^Blocked script execution in 'about:srcdoc'/.test(message.text())) return;
        problems.push(`console error: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (!['http:', 'https:'].includes(url.protocol)) return;
        if (url.origin !== new URL(baseURL!).origin && url.origin !== apiUrl && url.origin !== inboxUrl && !request.frame().url().startsWith('https://www.youtube-nocookie.com')) {
          if (!test.info().annotations.some((a) => a.type === 'allow-third-party')) problems.push(`third-party request: ${request.url()}`);
        }
      });
      await use(problems);
      expect(problems, 'the page logged errors or called another origin').toEqual([]);
    },
    { auto: true },
  ],
});

/** For a test that provokes a failure on purpose: forget the problems it expects. */
export function allowProblems(problems: string[], expected: RegExp) {
  const unexpected = problems.filter((p) => !expected.test(p));
  problems.splice(0, problems.length, ...unexpected);
}

/**
 * Every WCAG 2.1 A/AA and best-practice violation on the page as it stands, with where it is. Legacy mode
 * runs axe in the page itself: the default runs it per frame and then again in a blank page of its own, to
 * reach cross-origin frames, which doubled each check (about 2.2 s against 1.0 s, the same results). No
 * page is checked with a cross-origin frame in it: the only one, the video, is embedded on a press.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).setLegacyMode(true).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

export { expect, shell };
