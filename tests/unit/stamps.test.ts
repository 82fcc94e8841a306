/**
 * The page's proof of work (src/lib/backend/stamps.ts, decision 033): a stamp worker that cannot start is
 * let go, so a second Send does not wait forever on it, and the work is done on the page instead; a clock
 * corrected by the database's refusal is the one the next stamps are made on.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isStamp } from '../../form-model/stamp';

/** A Worker that never starts: its error comes a moment after it is made, as a failed download's does. */
class DeadWorker {
  static made = 0;
  onerror: (() => void) | null = null;
  onmessage: (() => void) | null = null;
  constructor() {
    DeadWorker.made++;
    setTimeout(() => this.onerror?.(), 5);
  }
  postMessage() {}
  terminate() {}
}

const stampTime = (id: string) => parseInt(id.replaceAll('-', '').slice(0, 12), 16);

describe('stamps on a page whose worker cannot start', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('finds every stamp on the page instead, and tries a new worker each time rather than the dead one', async () => {
    vi.stubGlobal('Worker', DeadWorker);
    const { takeStamp } = await import('../../src/lib/backend/stamps');
    const first = await takeStamp('contact_submissions');
    const second = await takeStamp('contact_submissions');
    expect(isStamp('contact_submissions', first)).toBe(true);
    expect(isStamp('contact_submissions', second)).toBe(true);
    expect(second).not.toBe(first);
    expect(DeadWorker.made).toBe(2);
  }, 60_000);

  it('makes the next stamps on the database’s clock once a refusal said it, and ignores a detail that is not a time', async () => {
    vi.stubGlobal('Worker', undefined);
    const { correctClock, takeStamp } = await import('../../src/lib/backend/stamps');
    expect(correctClock('the stamp is not valid')).toBe(false);
    expect(correctClock(null)).toBe(false);
    const serverNow = Date.now() - 3 * 60 * 60 * 1000;
    expect(correctClock(`server time ${serverNow}`)).toBe(true);
    const id = await takeStamp('enrolments');
    expect(Math.abs(stampTime(id) - serverNow)).toBeLessThan(30_000);
  }, 60_000);
});
