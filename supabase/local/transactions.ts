/**
 * One piece of work at a time per database, because PGlite is a single connection and so is the pg client
 * here. REST and auth both go through this queue, so their transactions never interleave.
 */
import type { SqlClient } from './sql-client.ts';

const queues = new WeakMap<SqlClient, Promise<unknown>>();

export function serialized<T>(db: SqlClient, work: () => Promise<T>): Promise<T> {
  const previous = queues.get(db) ?? Promise.resolve();
  const next = previous.then(work, work);
  queues.set(db, next.catch(() => {}));
  return next;
}

/** `work` in its own transaction, rolled back if it throws. `setup` runs first inside it (role, claims). */
export function inTransaction<T>(db: SqlClient, work: () => Promise<T>, setup?: () => Promise<unknown>): Promise<T> {
  return serialized(db, async () => {
    await db.exec('begin');
    try {
      await setup?.();
      const result = await work();
      await db.exec('commit');
      return result;
    } catch (error) {
      await db.exec('rollback').catch(() => {});
      throw error;
    }
  });
}
