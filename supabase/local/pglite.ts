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
function clusterKey(): string {
  return createHash('sha256')
    .update(readFileSync(join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json')))
    .update(readFileSync(join(import.meta.dirname, 'pglite-extensions.ts')))
    .digest('hex')
    .slice(0, 16);
}

let pristine: Promise<Blob> | undefined;

/** The just-initialised cluster as a tar of its data folder: made once per PGlite release, then read. */
function pristineCluster(): Promise<Blob> {
  pristine ??= (async () => {
    const file = join(cacheDir, `pglite-initdb-${clusterKey()}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const lite = await PGlite.create({ extensions: pgliteExtensions });
    const tar = await lite.dumpDataDir('none');
    await lite.close();
    mkdirSync(cacheDir, { recursive: true });
    // Written under this process's own name, then renamed: a start at the same time never reads half a file.
    const part = `${file}.${process.pid}-${threadId}.part`;
    writeFileSync(part, new Uint8Array(await tar.arrayBuffer()));
    renameSync(part, file);
    // A copy made by an earlier PGlite is never read again.
    for (const old of readdirSync(cacheDir).filter((name) => name.startsWith('pglite-initdb-') && name.endsWith('.tar') && join(cacheDir, name) !== file)) rmSync(join(cacheDir, old), { force: true });
    return tar;
  })();
  return pristine;
}

/** A PGlite in `dataDir` (opened as it is when it holds a database) or, without one, in memory. */
export async function openPglite(dataDir?: string): Promise<PGlite> {
  const isNew = !dataDir || !existsSync(join(dataDir, 'PG_VERSION'));
  const loadDataDir = isNew ? await pristineCluster() : undefined;
  const options = { extensions: pgliteExtensions, ...(loadDataDir ? { loadDataDir } : {}) };
  return dataDir ? PGlite.create(dataDir, options) : PGlite.create(options);
}
