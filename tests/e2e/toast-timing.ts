/**
 * How long toasts stay, timed in the page (from the alert being added to its removal), so a busy
 * machine's lag between a test's own steps cannot make a real 5-second toast look shorter or longer.
 */
import type { Page } from '@playwright/test';

/** For page.addInitScript: records each toast's lifetime (role alert), in ms. */
export function toastLifetimes() {
  const lifetimes: number[] = [];
  (window as unknown as { __toastLifetimes: number[] }).__toastLifetimes = lifetimes;
  const shown = new Map<Element, number>();
  new MutationObserver(() => {
    for (const alert of document.querySelectorAll('[role="alert"]')) if (!shown.has(alert)) shown.set(alert, performance.now());
    for (const [alert, since] of shown) {
      if (alert.isConnected) continue;
      lifetimes.push(performance.now() - since);
      shown.delete(alert);
    }
  }).observe(document, { childList: true, subtree: true });
}

/** The lifetimes recorded so far, in the order the toasts left. */
export const toastLifetimesOf = (page: Page) => page.evaluate(() => (window as unknown as { __toastLifetimes: number[] }).__toastLifetimes);
