/**
 * The generator refuses question keys and table names PostgreSQL reserves (scripts/generate/check/sql-names.ts).
 * Its list is written down so the generator needs no database; this checks it against every engine the
 * project runs on, so a PostgreSQL upgrade that reserves a new word is caught here, not by a migration.
 */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { PG_RESERVED } from '../../scripts/generate/check/sql-names';
import { ENGINES } from './database';

const KEYWORDS = `select word from pg_get_keywords() where catcode <> 'U' order by word`;

async function reservedWords(engine: (typeof ENGINES)[number]): Promise<string[]> {
  if (engine === 'pglite') {
    const db = new PGlite();
    try {
      return (await db.query<{ word: string }>(KEYWORDS)).rows.map((r) => r.word);
    } finally {
      await db.close();
    }
  }
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<{ word: string }>(KEYWORDS)).rows.map((r) => r.word);
  } finally {
    await client.end();
  }
}

describe.each(ENGINES)('the reserved words the generator refuses (%s)', (engine) => {
  it('include every word this engine does not take as a bare name', async () => {
    const words = await reservedWords(engine);
    expect(words.length).toBeGreaterThan(50);
    expect(words.filter((word) => !PG_RESERVED.has(word))).toEqual([]);
  }, 60_000);
});
