/**
 * Every submission's id is its proof of work, checked by the database (decision 029), so a script
 * with the public anon key pays for each row it sends, through the site or straight to the REST API.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStamp, mineStamp, STAMP_BITS } from '../../form-model/stamp';
import { publicForms } from '../support/declared-forms';
import { sampleAnswers } from '../support/sample-answers';
import { as, ENGINES, expectRefused, freshDatabase, type Db } from './database';

const DAY = 24 * 60 * 60 * 1000;

describe.each(ENGINES)('submission stamps on %s', (engine) => {
  let db: Db;
  beforeAll(async () => {
    db = await freshDatabase(engine);
  }, 60_000);
  afterAll(() => db.close());

  const contact = publicForms.find((f) => f.name === 'contact')!;
  const row = sampleAnswers(contact.definition.schema as Parameters<typeof sampleAnswers>[0], { email: 'ana@casaverde.org' });
  const insert = (table: string, values: Record<string, unknown>) => {
    const keys = Object.keys(values);
    return db.query(`insert into public.${table} (${keys.join(', ')}) values (${keys.map((_, i) => `$${i + 1}`).join(', ')})`, Object.values(values));
  };
  const send = (values: Record<string, unknown>, role: 'anon' | 'authenticated' | 'service_role' = 'anon') =>
    as(db, role, role === 'authenticated' ? randomUUID() : null, () => insert(contact.table, values));

  it('asks the work the site does: the database and form-model/stamp.ts agree on the bits', async () => {
    const { rows } = await db.query<{ bits: number }>('select public.submission_stamp_bits() as bits');
    expect(rows[0]!.bits).toBe(STAMP_BITS);
    expect(STAMP_BITS).toBeGreaterThanOrEqual(16);
  });

  it('saves a row whose id is a fresh stamp for its table, from visitors and signed-in users alike', async () => {
    for (const role of ['anon', 'authenticated'] as const) {
      const id = mineStamp(contact.table);
      expect(isStamp(contact.table, id)).toBe(true);
      await send({ id, ...row }, role);
    }
  });

  it('refuses, with a sentence a visitor can act on, an id with no work behind it', async () => {
    await expect(send(row)).rejects.toThrow('This submission was not stamped by the site\'s form. Please reload the page and send again.');
    await expectRefused(send({ id: randomUUID(), ...row }), 'P0001');
    // A UUIDv7 of now whose hash does not start with the zero bits: the hex digits after the time are random.
    let unworked: string;
    do unworked = mineStamp(contact.table, 0);
    while (isStamp(contact.table, unworked));
    await expect(send({ id: unworked, ...row })).rejects.toThrow('This submission\'s stamp is not valid. Please reload the page and send again.');
  });

  it('refuses a stamp made for another table, and one from more than two days ago (no stockpiles)', async () => {
    const other = publicForms.find((f) => f.table !== contact.table)!.table;
    let forOther: string;
    do forOther = mineStamp(other);
    while (isStamp(contact.table, forOther));
    await expect(send({ id: forOther, ...row })).rejects.toThrow('stamp is not valid');
    await expect(send({ id: mineStamp(contact.table, STAMP_BITS, Date.now() - 3 * DAY), ...row })).rejects.toThrow('This submission\'s stamp has expired. Please reload the page and send again.');
    await expect(send({ id: mineStamp(contact.table, STAMP_BITS, Date.now() + 2 * 60 * 60 * 1000), ...row })).rejects.toThrow('stamp has expired');
  });

  it('says its own time when it refuses a stamp for its time, so a page whose clock is off can stamp on it', async () => {
    for (const off of [2 * 60 * 60 * 1000, -3 * DAY]) {
      const refused = await send({ id: mineStamp(contact.table, STAMP_BITS, Date.now() + off), ...row }).then(
        () => null,
        (error: { detail?: string }) => error,
      );
      const serverTime = Number(refused?.detail?.match(/^server time (\d+)$/)?.[1]);
      expect(Math.abs(serverTime - Date.now()), `detail: ${refused?.detail}`).toBeLessThan(60_000);
    }
  });

  it('spends each stamp once: the same id again is the primary key the site reads as "already saved"', async () => {
    const id = mineStamp(contact.table);
    await insert(contact.table, { id, ...row }); // saved for good (as the owner: `as` rolls its work back)
    await expectRefused(send({ id, ...row }), '23505');
  });

  it('asks nothing of the service role, and nothing of anyone once a deployer sets the bits to 0', async () => {
    await send({ id: randomUUID(), ...row }, 'service_role');
    await db.query('update public.submission_stamp set bits = 0');
    try {
      await send({ id: randomUUID(), ...row });
    } finally {
      await db.query(`update public.submission_stamp set bits = ${STAMP_BITS}`);
    }
  });

  it('checks every table visitors may send to, before any other rule runs', async () => {
    const { rows } = await db.query<{ table: string; first: string }>(`
      select c.relname as table,
             (select t.tgname from pg_trigger t where t.tgrelid = c.oid and not t.tgisinternal
                and t.tgtype & 2 = 2 order by t.tgname limit 1) as first
      from pg_policies p join pg_class c on c.relname = p.tablename
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = p.schemaname
      where p.schemaname = 'public' and p.policyname = 'submitters_insert'`);
    expect(rows.map((r) => r.table).sort()).toEqual(publicForms.map((f) => f.table).sort());
    for (const { table, first } of rows) expect({ table, first }).toEqual({ table, first: 'check_stamp' });
  });

  it('keeps the setting from visitors', async () => {
    await expectRefused(as(db, 'anon', null, () => db.query('select * from public.submission_stamp')), '42501');
    await expectRefused(as(db, 'anon', null, () => db.query('update public.submission_stamp set bits = 0')), '42501');
  });
});
