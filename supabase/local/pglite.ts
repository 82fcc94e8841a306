/**
 * Every PGlite the project starts: with the extensions the migrations create, and, when its data folder is
 * new (or it lives in memory), from a copy of a just-initialised cluster instead of running initdb.
 *
 * initdb is 4–5 s of CPU and was most of a fresh local stack's start, of every `npm run generate` that
 * builds a database for database.ts (so of each save under `npm run dev`) and of a test's new database.
 * What it writes depends only on PGlite and the extensions it is started with; loading the copy takes
 * about 1 s. The copy is kept in node_modules/.cache, so `npm ci` starts it afresh and project copies that
 * share node_modules share it.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from './pglite-extensions.ts';

const root = join(import.meta.dirname, '..', '..');
const cacheDir = join(root, 'node_modules', '.cache', 'keystone-local');

/** What initdb's result depends on: PGlite's release and the extensions it is started with. */
export function clusterKey(): string {
  return createHash('sha256')
    .update(readFileSync(join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json')))
    .update(readFileSync(join(import.meta.dirname, 'pglite-extensions.ts')))
    .digest('hex')
    .slice(0, 16);
}

/**
 * A database's data folder as a tar, kept in `dir` as `<name>-<key>.tar`: read when there, else made by
 * `make` and kept (and the copies of other keys removed, never read again). Keeping is best effort: where
 * `dir` cannot be written, the tar made is still used.
 */
export async function keptDataDir(dir: string, name: string, key: string, make: () => Promise<Blob>): Promise<Blob> {
  const file = join(dir, `${name}-${key}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const tar = await make();
  try {
    mkdirSync(dir, { recursive: true });
    // Written under this process's own name, then renamed: a start at the same time never reads half a file.
    const part = `${file}.${process.pid}-${threadId}.part`;
    writeFileSync(part, new Uint8Array(await tar.arrayBuffer()));
    renameSync(part, file);
    for (const old of readdirSync(dir).filter((f) => f.startsWith(`${name}-`) && f.endsWith('.tar') && join(dir, f) !== file)) rmSync(join(dir, old), { force: true });
  } catch {
    // A read-only node_modules, say: every new database of this process still starts from `tar`.
  }
  return tar;
}

let pristine: Promise<Blob> | undefined;

/** The just-initialised cluster: made once per PGlite release, then read. */
function pristineCluster(): Promise<Blob> {
  pristine ??= keptDataDir(cacheDir, 'pglite-initdb', clusterKey(), async () => {
    const lite = await PGlite.create({ extensions: pgliteExtensions });
    const tar = await lite.dumpDataDir('none');
    await lite.close();
    return tar;
  }).catch((error: unknown) => {
    pristine = undefined;
    throw error;
  });
  return pristine;
}

/**
 * A PGlite in `dataDir` (opened as it is when it holds a database) or, without one, in memory. A new one
 * starts from `from` (a data folder's tar, as dumpDataDir writes it) or else from the cached new cluster.
 */
export async function openPglite(dataDir?: string, from?: Blob): Promise<PGlite> {
  const isNew = !dataDir || !existsSync(join(dataDir, 'PG_VERSION'));
  const loadDataDir = isNew ? (from ?? (await pristineCluster())) : undefined;
  const options = { extensions: pgliteExtensions, ...(loadDataDir ? { loadDataDir } : {}) };
  return dataDir ? PGlite.create(dataDir, options) : PGlite.create(options);
}
