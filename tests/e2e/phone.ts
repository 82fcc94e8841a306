import type { Page, Route } from '@playwright/test';

/** A phone: 4× slower CPU, 150 ms round trips, 1.6 Mbps down, as Lighthouse's mobile profile. */
export async function slowPhone(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
}

/** Holds the scripts whose address matches `which` back until `release()`: the page between its first paint and its code. */
export async function holdScripts(page: Page, which: RegExp = /\/assets\/.*\.js$/) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(which, async (route: Route) => {
    await released;
    await route.continue().catch(() => undefined);
  });
  return release;
}

/**
 * How long a held island may take to arrive and take over on the throttled phone: about 190 KB at
 * 1.6 Mbps and a 4× slower CPU, on a shared two-core machine. These tests are about nothing being
 * lost, not about speed (npm run bench:interaction measures that).
 */
export const TAKEOVER = { timeout: 30_000 };

export const island = (page: Page, name: string) => page.locator(`[data-island="${name}"]`);
