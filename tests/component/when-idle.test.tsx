// @vitest-environment jsdom
/**
 * The loader's idle jobs (src/loader/when.ts) run one per idle period: a browser's idle period may last
 * 50 ms, and the jobs that filled one made a task long enough to block a tap on a slow phone (issue 42).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from '../../src/loader/when';

afterEach(() => vi.unstubAllGlobals());

describe('idle jobs', () => {
  it('run one per idle period, in order, even when the period has time left', () => {
    const periods: IdleRequestCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => periods.push(callback));
    const ran: string[] = [];
    whenIdle(
      () => ran.push('content'),
      () => ran.push('stylesheet'),
      () => ran.push('year'),
    );
    const ample = { didTimeout: false, timeRemaining: () => 50 };
    const perPeriod: string[][] = [];
    while (periods.length) {
      const before = ran.length;
      periods.shift()!(ample);
      perPeriod.push(ran.slice(before));
    }
    expect(perPeriod).toEqual([['content'], ['stylesheet'], ['year']]);
  });
});
