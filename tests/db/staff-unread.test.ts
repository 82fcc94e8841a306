/**
 * What is new to each staff member (supabase/migrations/*_what_is_new_to_each_staff_member.sql, decision
 * 044): unread per staff member, counted and marked in the inbox's list; opening reads it for that member
 * only; "Mark as unread" and "Mark all as read"; a non-staff account and a visitor reach none of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicForms } from '../support/declared-forms';
import { sampleAnswers } from '../support/sample-answers';
import { as, committedAs, ENGINES, expectRefused, freshDatabase, sendAs, staffSession, type Db } from './database';
import { stampsOff } from '../support/stamps';

const LENA = '00000000-0000-4000-8000-0000000000e1';
const OMAR = '00000000-0000-4000-8000-0000000000e2';
const MEMBER = '00000000-0000-4000-8000-0000000000e3';

describe.each(ENGINES)('unread submissions per staff member, on %s', (engine) => {
  let db: Db;
  const form = publicForms[0]!;
  let sent = 0;
  // Each from its own address (the per-address hourly cap is not what is tested).
  const send = () => sendAs(db, null, form.table, sampleAnswers(form.definition.schema as Parameters<typeof sampleAnswers>[0], { [form.replyTo]: `sender${++sent}@example.org` }));
  const claims: Record<string, Awaited<ReturnType<typeof staffSession>>> = {};
  const news = (who: string) => as(db, 'authenticated', who, () => db.query<{ unread: string }>('select unread from public.staff_inbox_news()'), claims[who]).then((r) => Number(r.rows[0]!.unread));
  const unreadIds = (who: string) =>
    as(db, 'authenticated', who, () => db.query<{ submission_id: string }>('select submission_id from public.staff_inbox_page(p_unread => true, p_limit => 1000)'), claims[who]).then((r) => r.rows.map((row) => row.submission_id));
  const flagOf = (who: string, id: string) =>
    as(db, 'authenticated', who, () => db.query<{ submission_id: string; unread: boolean }>('select submission_id, unread from public.staff_inbox_page(p_limit => 1000)'), claims[who]).then(
      (r) => r.rows.find((row) => row.submission_id === id)!.unread,
    );
  const markRead = (who: string, id: string, read = true) => committedAs(db, 'authenticated', who, () => db.query('select public.staff_mark_read($1, $2)', [id, read]), claims[who]);
  const markAll = (who: string) => committedAs(db, 'authenticated', who, () => db.query('select public.staff_mark_all_read()'), claims[who]);

  beforeAll(async () => {
    db = await freshDatabase(engine);
    await stampsOff(db);
    // Lena and Omar joined before anything arrived; an ordinary member has an account too.
    claims[LENA] = await staffSession(db, LENA, 'lena@consultancy.example');
    claims[OMAR] = await staffSession(db, OMAR, 'omar@consultancy.example');
    await db.query("update auth.users set created_at = now() - interval '1 day' where id in ($1, $2)", [LENA, OMAR]);
    await db.query("insert into auth.users (id, email, email_confirmed_at) values ($1, 'member@example.org', now())", [MEMBER]);
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  it('counts what arrived as unread to each staff member, and opening one reads it for that member only', async () => {
    const [a, b, c] = [await send(), await send(), await send()];
    expect(await news(LENA)).toBe(3);
    expect(await unreadIds(LENA)).toEqual([c, b, a]);
    await markRead(LENA, b);
    expect(await news(LENA)).toBe(2);
    expect(await flagOf(LENA, b)).toBe(false);
    expect(await unreadIds(LENA)).toEqual([c, a]);
    // Omar has not opened it: still new to him.
    expect(await news(OMAR)).toBe(3);
    expect(await flagOf(OMAR, b)).toBe(true);
    // Marked unread again, it counts again; opened again, it does not.
    await markRead(LENA, b, false);
    expect(await news(LENA)).toBe(3);
    await markRead(LENA, b);
    expect(await news(LENA)).toBe(2);
  });

  it('marks everything read, and what arrives next is new again; one marked unread after that counts', async () => {
    await markAll(OMAR);
    expect(await news(OMAR)).toBe(0);
    expect(await unreadIds(OMAR)).toEqual([]);
    const next = await send();
    expect(await unreadIds(OMAR)).toEqual([next]);
    const older = (await as(db, 'authenticated', OMAR, () => db.query<{ submission_id: string }>('select submission_id from public.staff_inbox_page(p_limit => 1000)'), claims[OMAR])).rows.at(-1)!.submission_id;
    await markRead(OMAR, older, false);
    expect(await news(OMAR)).toBe(2);
    expect(await flagOf(OMAR, older)).toBe(true);
    // Lena's count is her own.
    expect(await news(LENA)).toBe(3);
  });

  it('gives a non-staff account and a visitor nothing: no count, no flags, no marks', async () => {
    const id = await send();
    for (const [role, who] of [['authenticated', MEMBER], ['anon', null]] as const) {
      await expectRefused(as(db, role, who, () => db.query('select * from public.staff_inbox_news()')), '42501');
      const page = as(db, role, who, () => db.query('select * from public.staff_inbox_page(p_unread => true)').then((r) => r.rows));
      if (role === 'anon') await expectRefused(page, '42501');
      else expect(await page).toEqual([]);
      await expectRefused(as(db, role, who, () => db.query('select public.staff_mark_read($1)', [id])), '42501');
      await expectRefused(as(db, role, who, () => db.query('select public.staff_mark_all_read()')), '42501');
      for (const table of ['staff_inbox_reads', 'staff_inbox_caught_up']) {
        await expectRefused(as(db, role, who, () => db.query(`select * from public.${table}`)), '42501');
      }
    }
    // Staff cannot write another's reads directly either: only through the functions, as themselves.
    await expectRefused(as(db, 'authenticated', LENA, () => db.query('insert into public.staff_inbox_reads (staff_id, submission_id, read) values ($1, $2, true)', [OMAR, id]), claims[LENA]), '42501');
  });

  it('leaves out a submission its sender deleted', async () => {
    const id = await send();
    const before = await news(LENA);
    await db.query('update public.staff_inbox set withdrawn_at = now(), name = null, email = null where submission_id = $1', [id]);
    expect(await news(LENA)).toBe(before - 1);
    expect(await unreadIds(LENA)).not.toContain(id);
  });
});
