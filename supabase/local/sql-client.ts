/**
 * One shape for both database engines, so the migrator, the REST layer and the tests never care which
 * one they talk to.
 */
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { SqlClient } from './migrate.ts';

export interface ClosableSqlClient extends SqlClient {
  close(): Promise<void>;
}

export function fromPglite(lite: PGlite): ClosableSqlClient {
  return { exec: (sql) => lite.exec(sql), query: (sql, params) => lite.query(sql, params), close: () => lite.close() };
}

export function fromPgClient(client: pg.Client): ClosableSqlClient {
  return {
    exec: (sql) => client.query(sql),
    query: async (sql, params) => {
      const result = await client.query(sql, params as unknown[]);
      return { rows: result.rows, affectedRows: result.rowCount ?? 0 };
    },
    close: () => client.end(),
  };
}
