/**
 * What a build makes from content alone is kept between builds (scripts/build/file-cache.ts): the
 * compressed copies the static server sends must always be of the file as it is now, never of an older
 * one, and the cache keeps what builds use, not every past one.
 */
import { existsSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { fileCache } from '../../scripts/build/file-cache';
import { precompress } from '../../scripts/build/precompress';

const scratch = join(import.meta.dirname, '..', '..', 'test-results', 'scratch');

function expectCopiesOf(file: string, text: string) {
  expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(text);
  expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(text);
}

describe('precompressed copies', () => {
  it('are of each file as it is now, and a build compresses again only the files that changed', async () => {
    const dir = mkdtempSync(join(scratch, 'precompress-'));
    // Content no other test or build has, so the cache starts without it.
    const unique = `${Date.now()} ${Math.random()}`;
    const page = join(dir, 'index.html');
    const script = join(dir, 'app.js');
    writeFileSync(page, `<h1>First ${unique}</h1>`);
    writeFileSync(script, `console.log(${JSON.stringify(unique)});`);
    writeFileSync(join(dir, 'photo.png'), 'not text: not compressed');

    expect(await precompress(dir)).toEqual({ files: 2, compressed: 4 });
    expectCopiesOf(page, `<h1>First ${unique}</h1>`);

    writeFileSync(page, `<h1>Second ${unique}</h1>`);
    expect(await precompress(dir)).toEqual({ files: 2, compressed: 2 });
    expectCopiesOf(page, `<h1>Second ${unique}</h1>`);
    expectCopiesOf(script, `console.log(${JSON.stringify(unique)});`);

    // Back to the first text: its copies are still kept, and they are the ones used.
    writeFileSync(page, `<h1>First ${unique}</h1>`);
    expect(await precompress(dir)).toEqual({ files: 2, compressed: 0 });
    expectCopiesOf(page, `<h1>First ${unique}</h1>`);
  });

  it('forgets a file no build has used for a week, and keeps one a build used', async () => {
    const cache = await fileCache('test-prune');
    const unique = `${Date.now()} ${Math.random()}`;
    const stale = await cache.file(`stale ${unique}`, '.txt', () => Buffer.from('stale'));
    const used = await cache.file(`used ${unique}`, '.txt', () => Buffer.from('used'));
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000);
    utimesSync(stale, eightDaysAgo, eightDaysAgo);
    utimesSync(used, eightDaysAgo, eightDaysAgo);
    // A build uses it again: that counts as use.
    expect(await cache.file(`used ${unique}`, '.txt', () => Buffer.from('made again'))).toBe(used);
    await cache.prune();
    expect(existsSync(stale)).toBe(false);
    expect(readFileSync(used, 'utf8')).toBe('used');
    expect(cache.counts).toEqual({ made: 2, cached: 1 });
  });
});
