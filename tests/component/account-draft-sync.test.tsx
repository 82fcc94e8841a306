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
});
