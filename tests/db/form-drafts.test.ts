/**
 * A member's unfinished wizard kept with their account (supabase/migrations/*_drafts_kept_with_the_account.sql,
 * decision 042): one per member and wizard form, written through save_form_draft only, read and deleted by
 * its owner alone, gone with the account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, committedAs, ENGINES, expectRefused, freshDatabase, type Db } from './database';

const ANA = '00000000-0000-4000-8000-0000000000a1';
const BEN = '00000000-0000-4000-8000-0000000000b2';
const GONE = '00000000-0000-4000-8000-0000000000c3';

describe.each(ENGINES)('drafts kept with the account, on %s', (engine) => {
  let db: Db;
  const save = (who: string, form: string, draft: unknown) =>
    committedAs(db, 'authenticated', who, () => db.query<{ at: Date }>('select public.save_form_draft($1, $2::jsonb) as at', [form, draft === null ? null : JSON.stringify(draft)])).then((r) => r.rows[0]!.at);
  const read = (who: string) => as(db, 'authenticated', who, () => db.query<{ user_id: string; form: string; draft: unknown }>('select user_id, form, draft from public.form_drafts')).then((r) => r.rows);

  beforeAll(async () => {
    db = await freshDatabase(engine);
    await db.query("insert into auth.users (id, email) values ($1, 'ana@example.org'), ($2, 'ben@example.org')", [ANA, BEN]);
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  it('keeps one draft per member and wizard, the latest, for its owner only', async () => {
    const first = await save(ANA, 'assessment', { step: 1, data: { organization_name: 'Casa Verde' } });
    const second = await save(ANA, 'assessment', { step: 2, data: { organization_name: 'Casa Verde Co-op' } });
    expect(second.getTime()).toBeGreaterThanOrEqual(first.getTime());
    expect(await read(ANA)).toEqual([{ user_id: ANA, form: 'assessment', draft: { step: 2, data: { organization_name: 'Casa Verde Co-op' } } }]);
    expect(await read(BEN)).toEqual([]);
    // Ben can neither delete it nor write it directly.
    await committedAs(db, 'authenticated', BEN, () => db.query('delete from public.form_drafts'));
    expect(await read(ANA)).toHaveLength(1);
    await expectRefused(as(db, 'authenticated', BEN, () => db.query(`insert into public.form_drafts (user_id, form, draft) values ($1, 'assessment', '{}')`, [ANA])), '42501');
    await expectRefused(as(db, 'authenticated', ANA, () => db.query(`update public.form_drafts set draft = '{}'`)), '42501');
  });

  it('refuses a visitor, a token of no account, a form without steps and a draft over 64 KB', async () => {
    await expectRefused(as(db, 'anon', null, () => db.query(`select public.save_form_draft('assessment', '{}')`)), '42501');
    await expectRefused(as(db, 'anon', null, () => db.query('select * from public.form_drafts')), '42501');
    await expectRefused(save(GONE, 'assessment', {}), '42501');
    await expectRefused(save(ANA, 'contact', { step: 0, data: {} }), '22023');
    await expectRefused(save(ANA, 'assessment', { step: 0, data: { mission: 'x'.repeat(70_000) } }), '22023');
    await expectRefused(save(ANA, 'assessment', [1, 2]), '22023');
  });

  it('is removed by saving nothing, and goes with the account', async () => {
    await save(BEN, 'assessment', { step: 1, data: {} });
    await save(BEN, 'assessment', null);
    expect(await read(BEN)).toEqual([]);
    await save(BEN, 'assessment', { step: 1, data: {} });
    await db.query('delete from auth.users where id = $1', [BEN]);
    expect((await db.query('select 1 from public.form_drafts where user_id = $1', [BEN])).rows).toEqual([]);
  });
});
