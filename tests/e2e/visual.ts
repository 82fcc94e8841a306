import type { Locator, Page } from '@playwright/test';

/**
 * What the visual tests share (tests/e2e/visual.spec.ts, and the staff inbox's in flows/staff.spec.ts):
 * a page drawn the same way every run, the screenshot options, and what a failure says.
 */

/** Draws what a visitor scrolling the page would see, in the site's faces, with nothing still loading and no toast. */
export async function settle(page: Page) {
  await page.evaluate(async () => {
    // The page's own @font-face rules say `optional` (decision 030): copied under other names with `block`,
    // the faces always draw, once loaded.
    const faces = [...document.styleSheets]
      .flatMap((sheet) => [...sheet.cssRules])
      .filter((rule): rule is CSSFontFaceRule => rule instanceof CSSFontFaceRule)
      .map((rule) => rule.cssText.replace(/font-family:\s*"([^"]+)"/, 'font-family: "Shot $1"').replace(/font-display:\s*optional/, 'font-display: block'));
    const style = document.createElement('style');
    style.textContent = `${faces.join('\n')}
      html { --mantine-font-family: 'Shot Figtree Variable', sans-serif !important; --mantine-font-family-headings: 'Shot Fraunces Variable', serif !important; }
      main > section, main section { content-visibility: visible !important; }
      /* Toasts come and go on timers (their timing is tested in forms.spec.ts and toast-timing.ts); here they would be a race. */
      .mantine-Notifications-root { display: none !important; }`;
    document.head.append(style);
    for (const image of document.images) image.loading = 'eager';
    void document.body.offsetHeight;
    await document.fonts.ready;
    await Promise.all([...document.images].map((image) => image.decode().catch(() => undefined)));
  });
}

/** What a failure says: how to accept a change that was meant. */
export const ACCEPT =
  "looks different from its approved screenshot (the diff is in test-results/e2e-artifacts). If the change is meant, accept it with `npm run test:e2e -- --update-snapshots` (add a spec's name, such as `visual`, to redo only its screenshots), look at the new images and commit them";

/**
 * Screenshot options: the year masked (it changes on 1 January), and 50 pixels that may differ. Pages are
 * drawn the same pixel for pixel from run to run here; a share of the page (the 0.2% this was) let a
 * changed sentence in the footer pass unnoticed for two sessions, and a changed word is hundreds of pixels.
 */
export const shot = (page: Page) => ({ mask: [page.locator('[data-current-year]')], maxDiffPixels: 50 });

/**
 * For a page with masks over what each run writes (a new account's address, timings), whose boxes move by a
 * few pixels with that text's width: a share of the page, as much as the masks' edges move.
 */
export const shotWithMasks = (page: Page, ...masks: Locator[]) => ({ mask: [...shot(page).mask, ...masks], maxDiffPixelRatio: 0.002 });
