/**
 * A new PGlite database starts from a copy of a just-initialised cluster (supabase/local/pglite.ts): it
 * must be the cluster initdb makes, and a data folder that already holds a database is opened as it is.
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { pgliteExtensions } from '../../supabase/local/pglite-extensions';
import { openPglite } from '../../supabase/local/pglite';

const scratch = join(import.meta.dirname, '..', '..', 'test-results', 'scratch');
const cache = join(import.meta.dirname, '..', '..', 'node_modules', '.cache', 'keystone-local');

/** What a cluster is made of: its databases, roles, encoding, locale and settings initdb chose. */
async function clusterFacts(lite: PGlite) {
  const rows = async (sql: string) => (await lite.query(sql)).rows;
  return {
    databases: await rows('select datname, pg_encoding_to_char(encoding) as encoding, datcollate, datctype from pg_database order by datname'),
    roles: await rows('select rolname, rolsuper, rolcanlogin from pg_roles order by rolname'),
    settings: await rows(`select name, setting from pg_settings where source in ('configuration file', 'override') and name not in ('data_directory', 'config_file', 'hba_file', 'ident_file') order by name`),
    extensions: await rows('select name from pg_available_extensions where name = \'pg_trgm\''),
    relations: await rows("select count(*)::int as n from pg_class where relnamespace = 'pg_catalog'::regnamespace"),
  };
}

describe('a new PGlite database', () => {
  it('is the cluster initdb makes, in a data folder or in memory, and a folder that holds a database is opened as it is', async () => {
    const initdb = await PGlite.create({ extensions: pgliteExtensions });
    const expected = await clusterFacts(initdb);
    await initdb.close();
    const dataDir = join(mkdtempSync(join(scratch, 'pglite-')), 'db');
    const onDisk = await openPglite(dataDir);
    const inMemory = await openPglite();
    try {
      expect(await clusterFacts(onDisk)).toEqual(expected);
      expect(await clusterFacts(inMemory)).toEqual(expected);
      expect(readdirSync(cache).filter((name) => name.startsWith('pglite-initdb-') && name.endsWith('.tar'))).toHaveLength(1);
      await onDisk.exec("create table kept (note text); insert into kept values ('written before the restart')");
    } finally {
      await onDisk.close();
      await inMemory.close();
    }
    // Opened again: what it holds is kept, never replaced by a new cluster.
    const again = await openPglite(dataDir);
    try {
      expect((await again.query('select note from kept')).rows).toEqual([{ note: 'written before the restart' }]);
    } finally {
      await again.close();
    }
  });
});
