import { createHash } from 'node:crypto';
import { copyFile, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { fileCache } from './file-cache.ts';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /\.(html|js|css|svg|xml|txt|json)$/;

/**
 * Writes .br and .gz beside every text file once, so the server never compresses per request. Brotli at its
 * best level is most of a build's compression time (about 6 s of CPU for the site), and most files are the
 * same from one build to the next, so each compressed copy is kept by the hash of what it compresses.
 */
export async function precompress(dir: string): Promise<{ files: number; compressed: number }> {
  const cache = await fileCache('compressed');
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile() && COMPRESSIBLE.test(e.name)).map((e) => join(e.parentPath, e.name));
  await Promise.all(
    files.map(async (file) => {
      const body = await readFile(file);
      const hash = createHash('sha256').update(body).digest('hex');
      const [br, gzipped] = await Promise.all([
        cache.file(`brotli 11 ${hash}`, '.br', () => brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })),
        cache.file(`gzip 9 ${hash}`, '.gz', () => gz(body, { level: 9 })),
      ]);
      await Promise.all([copyFile(br, `${file}.br`), copyFile(gzipped, `${file}.gz`)]);
    }),
  );
  await cache.prune();
  return { files: files.length, compressed: cache.counts.made };
}
