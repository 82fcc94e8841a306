/** The local database: PGlite persisted in a git-ignored folder, or a PostgreSQL server when DATABASE_URL is set. */
import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { lockDataFolder } from './data-lock.ts';
import { openPglite } from './pglite.ts';
import { migrate, type MigrateResult } from './migrate.ts';
import { fromPglite, reconnectingPgClient, type ClosableSqlClient } from './sql-client.ts';

export interface LocalDatabase extends ClosableSqlClient {
  description: string;
}

export async function openDatabase(dataDir: string): Promise<LocalDatabase & { migration: MigrateResult }> {
  let db: LocalDatabase;
  if (process.env.DATABASE_URL) {
    const client = reconnectingPgClient(process.env.DATABASE_URL);
    await client.connect().catch((error: Error) => {
      throw new Error(`Cannot reach the database in DATABASE_URL (${error.message}).`, { cause: error });
    });
    db = { ...client, description: `PostgreSQL at ${new URL(process.env.DATABASE_URL).host}` };
  } else {
    let lite: PGlite;
    mkdirSync(dataDir, { recursive: true });
    const unlock = lockDataFolder(dataDir);
    try {
      lite = await openPglite(dataDir);
    } catch (error) {
      unlock();
      throw new Error(
        `The local database in ${dataDir} could not be opened (${error instanceof Error ? error.message : String(error)}). Nothing in it was changed; keep the folder, it holds your local data.`,
        { cause: error },
      );
    }
    const client = fromPglite(lite);
    db = {
      ...client,
      close: async () => {
        await client.close();
        unlock();
      },
      description: `PGlite in ${dataDir}`,
    };
  }
  try {
    const migration = await migrate(db, { record: true });
    return Object.assign(db, { migration });
  } catch (error) {
    await db.close();
    throw error;
  }
}
