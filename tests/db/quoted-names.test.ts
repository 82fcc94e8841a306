/**
 * The generator refuses question keys PostgreSQL reserves, and still writes every table and column name
 * so that PostgreSQL reads it as a name: a key that slipped past the checks could break a migration, never
 * turn into SQL of its own. Tried by diffing straight from a declaration the checks would refuse.
 */
import { describe, expect, it } from 'vitest';
import { diffStates } from '../../scripts/generate/db-diff';
import { desiredState } from '../../scripts/generate/db-state';
import { as, ENGINES, expectRefused, freshDatabase } from './database';
import { stampsOff } from '../support/stamps';

const declaration = {
  name: 'odd-names',
  schema: {
    type: 'object',
    required: ['order', 'user'],
    properties: {
      order: { type: 'string', title: 'Order', maxLength: 10, oneOf: [{ const: 'a', title: 'A' }] },
      user: { type: 'string', title: 'User', maxLength: 254 },
      'select"; drop table public.contact_submissions; --': { type: 'integer', title: 'Sneaky', minimum: 1 },
    },
  },
  entry: { type: 'OddNames', table: 'group', submittedBy: ['anon' as const], notification: { formType: 'Odd', replyTo: 'user' } },
};

describe.each(ENGINES)('generated SQL for names that need quotes (%s)', (engine) => {
  it('creates the table with its rules and lets visitors send it, touching nothing else', async () => {
    const db = await freshDatabase(engine);
    await stampsOff(db);
    try {
      const { statements } = diffStates({}, desiredState([declaration]));
      for (const statement of statements) await db.exec(statement);
      await as(db, 'anon', null, () => db.query(`insert into public."group" ("order", "user") values ('a', 'ana@example.org')`));
      await expectRefused(as(db, 'anon', null, () => db.query(`insert into public."group" ("order", "user") values ('b', 'ana@example.org')`)), '23514');
      expect((await db.query(`select to_regclass('public.contact_submissions') is not null as kept`)).rows).toEqual([{ kept: true }]);
    } finally {
      await db.close();
    }
  }, 60_000);
});
