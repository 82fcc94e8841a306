/**
 * What a build makes from content alone (share images, compressed copies) is kept under build/cache/<kind>,
 * named by the hash of everything it is made from, so the next build (each `npm start` builds) makes only
 * what changed. Project copies in the tests link build/cache, so theirs share it too.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const buildCacheDir = join(import.meta.dirname, '..', '..', 'build', 'cache');

export interface FileCache {
  /** The file kept for `key` (its name ends in `extension`), made by `make` when missing. */
  file(key: string, extension: string, make: () => Promise<Buffer> | Buffer): Promise<string>;
  /** Files made this build, and taken from the cache. */
  counts: { made: number; cached: number };
  /** Removes the files no build has used for a week, so the cache holds what current builds use, not every past one. */
  prune(): Promise<void>;
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export async function fileCache(kind: string): Promise<FileCache> {
  const dir = join(buildCacheDir, kind);
  await mkdir(dir, { recursive: true });
  const counts = { made: 0, cached: 0 };
  return {
    counts,
    async file(key, extension, make) {
      const file = join(dir, `${createHash('sha256').update(key).digest('hex').slice(0, 24)}${extension}`);
      if (existsSync(file)) {
        counts.cached++;
        // Its time says when a build last used it (prune keeps what was used in the last week).
        const now = new Date();
        await utimes(file, now, now);
        return file;
      }
      // Written beside, then renamed: a build stopped halfway leaves no half file for the next to reuse, and
      // two builds making the same file at once never mix theirs.
      const part = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.part`;
      await writeFile(part, await make());
      await rename(part, file);
      counts.made++;
      return file;
    },
    async prune() {
      const before = Date.now() - WEEK_MS;
      for (const name of await readdir(dir)) {
        const path = join(dir, name);
        // Another build pruning at the same time may have removed it already.
        const used = await stat(path).then((s) => s.mtimeMs, () => Infinity);
        if (used < before) await rm(path, { force: true });
      }
    },
  };
}
