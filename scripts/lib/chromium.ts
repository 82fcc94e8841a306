import { statfsSync } from 'node:fs';

/**
 * Debian's Chromium, the only browser the tests and benchmarks use: nothing here may download one.
 * The benchmarks measure the browser visitors run (`chromium`); the tests drive Chromium's headless shell
 * (Debian's `chromium-headless-shell`, the same engine without the browser's own windows and UI, which is
 * what Playwright itself runs headless tests in): it costs a third less CPU per page (decision 036).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const TEST_CHROMIUM_PATH = process.env.TEST_CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

/** Shared memory under /tmp (a disk) rather than /dev/shm only where /dev/shm is too small to hold it (containers give 64 MB). */
const smallDevShm = () => {
  try {
    const { bsize, blocks } = statfsSync('/dev/shm');
    return bsize * blocks < 1024 ** 3;
  } catch {
    return true;
  }
};

/** The flags keep it from calling home on a machine with no outside network. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  ...(smallDevShm() ? ['--disable-dev-shm-usage'] : []),
];
