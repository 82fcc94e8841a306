/** The local database: PGlite persisted in a git-ignored folder, or a PostgreSQL server when DATABASE_URL is set. */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { migrate, type MigrateResult, type SqlClient } from './migrate.ts';

export interface LocalDatabase extends SqlClient {
  description: string;
  close(): Promise<void>;
}

export async function openDatabase(dataDir: string): Promise<LocalDatabase & { migration: MigrateResult }> {
  let db: LocalDatabase;
  if (process.env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect().catch((error: Error) => {
      throw new Error(`Cannot reach the database in DATABASE_URL (${error.message}).`, { cause: error });
    });
    db = {
      description: `PostgreSQL at ${new URL(process.env.DATABASE_URL).host}`,
      exec: (sql) => client.query(sql),
      query: async (sql, params) => ({ rows: (await client.query(sql, params as unknown[])).rows }),
      close: () => client.end(),
    };
  } else {
    let lite: PGlite;
    try {
      mkdirSync(dataDir, { recursive: true });
      lite = await PGlite.create(dataDir);
    } catch (error) {
      throw new Error(`The local database in ${dataDir} could not be opened (${error instanceof Error ? error.message : String(error)}). To start fresh, delete that folder.`, { cause: error });
    }
    db = { description: `PGlite in ${dataDir}`, exec: (sql) => lite.exec(sql), query: (sql, params) => lite.query(sql, params), close: () => lite.close() };
  }
  const migration = await migrate(db);
  return Object.assign(db, { migration });
}
