/**
 * One shape for both database engines, so the migrator, the REST layer and the tests never care which
 * one they talk to.
 */
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** The little a database client must do: PGlite and node-postgres both fit. */
export interface SqlClient {
  exec(sql: string): Promise<unknown>;
  /** affectedRows: rows an insert, update or delete touched. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[]; affectedRows?: number }>;
}

export interface ClosableSqlClient extends SqlClient {
  close(): Promise<void>;
}

/**
 * A date column reads as PostgreSQL writes it ("2026-11-28"), as PostgREST returns it, not as a Date:
 * both drivers make midnight of it (PGlite UTC's, node-postgres the machine's), which a browser shows as
 * another day west of Greenwich.
 */
const DATE_OID = 1082;
const keepDate = (value: string) => value;
const pgTypes = { getTypeParser: (oid: number, format?: string) => (oid === DATE_OID ? keepDate : pg.types.getTypeParser(oid, format as 'text')) };

export function fromPglite(lite: PGlite): ClosableSqlClient {
  return { exec: (sql) => lite.exec(sql), query: (sql, params) => lite.query(sql, params, { parsers: { [DATE_OID]: keepDate } }), close: () => lite.close() };
}

/** A node-postgres client that reads dates as fromPglite does. */
export const pgClient = (config: pg.ClientConfig) => new pg.Client({ ...config, types: pgTypes });

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

/** A connection that ended under us (server restart, network): SQLSTATE class 08, or 57P01-57P03. */
const isConnectionLoss = (error: unknown) => {
  const code = (error as { code?: string } | null)?.code ?? '';
  return code.startsWith('08') || /^57P0[1-3]$/.test(code) || /Connection terminated|not queryable|ECONNREFUSED|ECONNRESET/.test(String((error as Error)?.message));
};

/**
 * A PostgreSQL server connection that survives the server going away: a dropped connection is noticed
 * (its 'error' event would otherwise stop the process), the calls in between fail with SQLSTATE 08006
 * (the REST layer answers 503), and the next call connects again.
 */
export function reconnectingPgClient(connectionString: string): ClosableSqlClient & { connect(): Promise<void> } {
  let current: Promise<pg.Client> | null = null;
  let closed = false;
  const lost = (message: string) => Object.assign(new Error(`The database connection was lost (${message}); it is being re-established. Try again in a moment.`), { code: '08006' });
  const client = () => {
    current ??= (async () => {
      const next = pgClient({ connectionString });
      next.on('error', (error) => {
        console.warn(`Database connection lost: ${error.message}. Reconnecting on the next request.`);
        current = null;
      });
      next.on('end', () => (current = null));
      try {
        await next.connect();
        return next;
      } catch (error) {
        current = null;
        throw lost((error as Error).message);
      }
    })();
    return current;
  };
  const run = async <T>(work: (c: pg.Client) => Promise<T>): Promise<T> => {
    if (closed) throw lost('the local backend is stopping');
    const c = await client();
    try {
      return await work(c);
    } catch (error) {
      if (!isConnectionLoss(error)) throw error;
      current = null;
      c.end().catch(() => {});
      throw lost((error as Error).message);
    }
  };
  return {
    connect: async () => {
      await client();
    },
    exec: (sql) => run((c) => c.query(sql)),
    query: (sql, params) =>
      run(async (c) => {
        const result = await c.query(sql, params as unknown[]);
        return { rows: result.rows, affectedRows: result.rowCount ?? 0 };
      }),
    close: async () => {
      closed = true;
      const c = await current?.catch(() => null);
      await c?.end().catch(() => {});
    },
  };
}
