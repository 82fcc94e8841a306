// @vitest-environment jsdom
/**
 * A signed-in member's draft follows what they type to their account (src/components/forms/use-draft.ts,
 * decision 042), including what they type while the page is still reading or writing the account's copy:
 * a form typed into quickly, just after signing in, kept only its first letters there.
 */
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useDraft, type DraftStore } from '../../src/components/forms/use-draft';

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

/** An account whose reads and writes each take `ms`, as a busy backend's do. */
function slowAccount(ms: number) {
  /** What was sent, in the order it was sent. */
  const saved: (string | null)[] = [];
  const store: DraftStore<string> = {
    owner: 'member-1',
    load: () => new Promise((resolve) => setTimeout(() => resolve(null), ms)),
    save: (value) => {
      saved.push(value);
      return new Promise((resolve) => setTimeout(() => resolve(new Date(Date.now()).toISOString()), ms));
    },
  };
  return { store, saved };
}

const isBlank = (value: string) => value === '';
const noop = () => {};

describe("a member's draft reaches their account", () => {
  for (const [when, typedAt, sends] of [
    ['while the account’s copy is read', 100, ['Ana Ruiz']],
    ['while the first save is on its way', 600, ['A', 'Ana Ruiz']],
  ] as const) {
    it(`what is typed ${when} is saved too`, async () => {
      vi.useFakeTimers();
      const { store, saved } = slowAccount(500);
      const { rerender } = renderHook(({ value }) => useDraft('draft-test', value, noop, isBlank, store), { initialProps: { value: 'A' } });
      await act(() => vi.advanceTimersByTimeAsync(typedAt));
      rerender({ value: 'Ana Ruiz' });
      // A step at a time, so React renders between them, as it would in a browser.
      for (let ms = 0; ms < 5_000; ms += 100) await act(() => vi.advanceTimersByTimeAsync(100));
      expect(saved).toEqual(sends);
    });
  }

  it('a draft sent on reading the account is not sent again when nothing changed', async () => {
    vi.useFakeTimers();
    const { store, saved } = slowAccount(500);
    renderHook(() => useDraft('draft-test', 'Ana Ruiz', noop, isBlank, store));
    for (let ms = 0; ms < 5_000; ms += 100) await act(() => vi.advanceTimersByTimeAsync(100));
    expect(saved).toEqual(['Ana Ruiz']);
  });

  it('signed in again, nothing is sent before the account’s copy is read: the emptied form would delete it', async () => {
    vi.useFakeTimers();
    const step = async (ms: number) => {
      for (let t = 0; t < ms; t += 100) await act(() => vi.advanceTimersByTimeAsync(100));
    };
    const before = slowAccount(500);
    const { rerender } = renderHook(({ store, value }) => useDraft('draft-test', value, noop, isBlank, store), { initialProps: { store: before.store as DraftStore<string> | null, value: 'Ana Ruiz' } });
    await step(2_000);
    rerender({ store: null, value: '' });
    await step(500);
    const again = slowAccount(3_000);
    rerender({ store: again.store, value: '' });
    await step(2_000);
    expect(again.saved).toEqual([]);
  });

  /** An account that fails its first `failures` reads (or saves), as one does offline, then answers. */
  function unreachableAccount(failing: 'load' | 'save', failures: number, owner = 'member-1') {
    const saved: (string | null)[] = [];
    let failed = 0;
    const fails = () => failed++ < failures;
    const store: DraftStore<string> = {
      owner,
      load: () => (failing === 'load' && fails() ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve(null)),
      save: (value) => {
        if (failing === 'save' && fails()) return Promise.reject(new TypeError('Failed to fetch'));
        saved.push(value);
        return Promise.resolve(new Date(Date.now()).toISOString());
      },
    };
    return { store, saved };
  }
  const step = async (ms: number) => {
    for (let t = 0; t < ms; t += 100) await act(() => vi.advanceTimersByTimeAsync(100));
  };

  it('a read of the account that failed is tried again, and what was typed then reaches it', async () => {
    vi.useFakeTimers();
    const { store, saved } = unreachableAccount('load', 2);
    const { rerender } = renderHook(({ value }) => useDraft('draft-test', value, noop, isBlank, store), { initialProps: { value: 'A' } });
    await step(1_000);
    rerender({ value: 'Ana Ruiz' });
    // Two failures: tried again after 2 s, then 4 s.
    await step(8_000);
    expect(saved).toEqual(['Ana Ruiz']);
  });

  it('a save that failed is tried again once the connection is back, without waiting', async () => {
    vi.useFakeTimers();
    const { store, saved } = unreachableAccount('save', 1);
    const { rerender } = renderHook(({ value }) => useDraft('draft-test', value, noop, isBlank, store), { initialProps: { value: '' } });
    await step(500);
    rerender({ value: 'Ana Ruiz' });
    await step(1_000);
    expect(saved).toEqual([]);
    act(() => void window.dispatchEvent(new Event('online')));
    await step(1_000);
    expect(saved).toEqual(['Ana Ruiz']);
  });

  it('the wait before trying again starts afresh for another member, and after a success', async () => {
    vi.useFakeTimers();
    // One member's account unreachable for a while: four failed reads, the next wait 32 s.
    const first = unreachableAccount('load', 99);
    const { rerender } = renderHook(({ store, value }) => useDraft('draft-test', value, noop, isBlank, store), { initialProps: { store: first.store, value: 'A' } });
    await step(31_000);
    // Another member signs in here; their account's first read fails too: tried again after 2 s, not 32.
    const second = unreachableAccount('load', 1, 'member-2');
    rerender({ store: second.store, value: 'Ana Ruiz' });
    await step(3_000);
    expect(second.saved).toEqual(['Ana Ruiz']);

    // Three failed saves, then one that works: the next failure is tried again after 2 s, not 16.
    let failing = 3;
    const saved: string[] = [];
    const third: DraftStore<string> = {
      owner: 'member-3',
      load: () => Promise.resolve(null),
      save: (value) => {
        if (failing-- > 0) return Promise.reject(new TypeError('Failed to fetch'));
        saved.push(value ?? '');
        return Promise.resolve(new Date(Date.now()).toISOString());
      },
    };
    rerender({ store: third, value: 'Ana' });
    await step(20_000);
    expect(saved).toEqual(['Ana']);
    failing = 1;
    rerender({ store: third, value: 'Ana Ruiz' });
    // The save waits 0.8 s after the change, fails, waits 2 s, and waits 0.8 s again.
    await step(5_000);
    expect(saved).toEqual(['Ana', 'Ana Ruiz']);
  });
});
