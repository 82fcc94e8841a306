// @vitest-environment jsdom
/**
 * When an island starts, the loader downloads all its files (src/loader/page-files.ts, `download`) one
 * request per task: asked for at once, a form's twenty-odd files made one task long enough to block a tap
 * on a slow phone (issue 42). And one file failing still fails the download, once every file was asked for.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { download } from '../../src/loader/page-files';

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
});

/** A scheduler whose tasks the test runs one at a time. */
function tasks() {
  const queue: (() => void)[] = [];
  vi.stubGlobal('scheduler', { yield: () => new Promise<void>((resolve) => queue.push(resolve)) });
  return {
    /** Runs the next task, after a turn of the event loop as a browser's next task would be. */
    async runOne() {
      await new Promise((resolve) => setTimeout(resolve, 0));
      queue.shift()?.();
      for (let i = 0; i < 10; i++) await Promise.resolve();
    },
    get pending() {
      return queue.length;
    },
  };
}

describe('download', () => {
  it('asks for one file per task, and each arrived file is handed to the module loader', async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      asked.push(url);
      return Promise.resolve(new Response('export {}'));
    });
    const scheduler = tasks();
    const files = ['/assets/a.js', '/assets/b.js', '/assets/c.js'];
    const done = download(files);
    const perTask = [asked.length];
    while (scheduler.pending) {
      const before = asked.length;
      await scheduler.runOne();
      perTask.push(asked.length - before);
    }
    await done;
    expect(perTask).toEqual([1, 1, 1]);
    expect([...document.querySelectorAll('link[rel=modulepreload]')].map((link) => link.getAttribute('href'))).toEqual(files);
  });

  it('fails when a file could not be had, with no unhandled rejection while the rest are asked for', async () => {
    vi.stubGlobal('fetch', (url: string) => Promise.resolve(new Response('', { status: url.includes('b') ? 503 : 200 })));
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const scheduler = tasks();
      const done = download(['/assets/a.js', '/assets/b.js', '/assets/c.js']);
      const outcome = done.then(() => 'downloaded', (error: Error) => error.message);
      while (scheduler.pending) await scheduler.runOne();
      expect(await outcome).toBe('/assets/b.js answered 503');
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
