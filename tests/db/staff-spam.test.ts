/**
 * Spam and deletion (supabase/migrations/*_spam_and_deletion.sql, decision 047): staff mark a submission
 * as spam at the server's time; it leaves the list, the counts, the unread count and the overview, shows
 * in the Spam view, and comes back when unmarked; the sweep deletes it 30 days after it was marked.
 * Deleting for good removes the answers and the emails due and keeps a marker whose history names who
 * deleted it. A member and a visitor can do none of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicForms } from '../support/declared-forms';
import { sampleAnswers } from '../support/sample-answers';
import { as, committedAs, ENGINES, expectRefused, freshDatabase, sendAs, staffSession, type Db } from './database';
import { stampsOff } from '../support/stamps';

const LENA = '00000000-0000-4000-8000-0000000005a1';
const MEMBER = '00000000-0000-4000-8000-0000000005a2';

describe.each(ENGINES)('spam and deletion, on %s', (engine) => {
  let db: Db;
  const form = publicForms[0]!;
  let sent = 0;
  const send = () => sendAs(db, null, form.table, sampleAnswers(form.definition.schema as Parameters<typeof sampleAnswers>[0], { [form.replyTo]: `spam${++sent}@example.org` }));
  let lena: Awaited<ReturnType<typeof staffSession>>;
  const asLena = <T>(work: () => Promise<T>) => as(db, 'authenticated', LENA, work, lena);
  const markSpam = (id: string, at: string | null) => committedAs(db, 'authenticated', LENA, () => db.query('update public.staff_inbox set spam_at = $2 where submission_id = $1', [id, at]), lena);
  const listed = (status: string | null = null) =>
    asLena(() => db.query<{ submission_id: string }>('select submission_id from public.staff_inbox_page(p_status => $1, p_limit => 1000)', [status])).then((r) => r.rows.map((row) => row.submission_id));
  const counted = () => asLena(() => db.query<{ n: string }>('select coalesce(sum(submissions), 0)::text as n from public.staff_inbox_counts()')).then((r) => Number(r.rows[0]!.n));
  const unread = () => asLena(() => db.query<{ unread: string }>('select unread::text from public.staff_inbox_news()')).then((r) => Number(r.rows[0]!.unread));
  const today = () => asLena(() => db.query<{ submissions: string }>(`select sum(submissions)::text as submissions from public.staff_overview_days(p_days => 1)`)).then((r) => Number(r.rows[0]!.submissions));
  const answered = () =>
    asLena(() => db.query<{ n: string }>(`select coalesce(sum(submissions), 0)::text as n from public.staff_overview_answers($1, array[$2], 30) where answer is not null`, [form.name, form.replyTo])).then((r) => Number(r.rows[0]!.n));

  beforeAll(async () => {
    db = await freshDatabase(engine);
    await stampsOff(db);
    lena = await staffSession(db, LENA, 'lena@consultancy.example');
    await db.query("insert into auth.users (id, email, email_confirmed_at) values ($1, 'member@example.org', now())", [MEMBER]);
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  it('takes spam out of the list, the counts, the unread count and the overview at the server’s time, and brings it back when unmarked', async () => {
    const keep = await send();
    const junk = await send();
    const before = { list: await listed(), counts: await counted(), unread: await unread(), today: await today(), answered: await answered() };
    expect(before.list).toContain(junk);
    // A time a client sends is not the time it is kept at: a month-old mark would be swept at once.
    await markSpam(junk, '2000-01-01T00:00:00Z');
    const { rows } = await db.query<{ fresh: boolean }>(`select spam_at > now() - interval '1 minute' as fresh from public.staff_inbox where submission_id = $1`, [junk]);
    expect(rows).toEqual([{ fresh: true }]);
    expect(await listed()).not.toContain(junk);
    expect(await listed()).toContain(keep);
    expect(await listed('spam')).toEqual([junk]);
    expect({ counts: await counted(), unread: await unread(), today: await today(), answered: await answered() }).toEqual({
      counts: before.counts - 1,
      unread: before.unread - 1,
      today: before.today - 1,
      answered: before.answered - 1,
    });
    const events = await db.query('select actor_email, field, old_value, new_value from public.staff_inbox_events where submission_id = $1', [junk]);
    expect(events.rows).toEqual([{ actor_email: 'lena@consultancy.example', field: 'spam', old_value: null, new_value: 'spam' }]);
    await markSpam(junk, null);
    expect({ list: await listed(), counts: await counted(), unread: await unread(), today: await today(), answered: await answered() }).toEqual(before);
    expect(await listed('spam')).toEqual([]);
  });

  it('deletes spam 30 days after it was marked, with its answers and emails, and nothing younger', async () => {
    const old = await send();
    const young = await send();
    const emailsOf = async (id: string) => (await db.query('select 1 from public.form_notifications where submission_id = $1', [id])).rows.length;
    const youngEmails = await emailsOf(young);
    expect(youngEmails).toBeGreaterThan(0);
    await markSpam(old, 'now');
    await markSpam(young, 'now');
    await db.exec('alter table public.staff_inbox disable trigger spam_time_is_the_servers');
    await db.query(`update public.staff_inbox set spam_at = now() - interval '30 days 1 minute' where submission_id = $1`, [old]);
    await db.query(`update public.staff_inbox set spam_at = now() - interval '29 days' where submission_id = $1`, [young]);
    await db.exec('alter table public.staff_inbox enable trigger spam_time_is_the_servers');
    expect((await db.query<{ sweep_spam: number }>('select public.sweep_spam()')).rows[0]!.sweep_spam).toBe(1);
    const left = async (id: string) => ({
      inbox: (await db.query('select 1 from public.staff_inbox where submission_id = $1', [id])).rows.length,
      answers: (await db.query(`select 1 from public.${form.table} where id = $1`, [id])).rows.length,
      emails: await emailsOf(id),
    });
    expect(await left(old)).toEqual({ inbox: 0, answers: 0, emails: 0 });
    expect(await left(young)).toEqual({ inbox: 1, answers: 1, emails: youngEmails });
  });

  it('deletes for good: answers and emails due gone, a marker whose history names who deleted it, nothing left to change', async () => {
    const id = await send();
    const before = await today();
    const deleted = await committedAs(db, 'authenticated', LENA, () => db.query<{ n: number }>('select public.staff_delete_submissions(array[$1]::uuid[]) as n', [id]), lena);
    expect(deleted.rows[0]!.n).toBe(1);
    expect((await db.query(`select 1 from public.${form.table} where id = $1`, [id])).rows).toEqual([]);
    expect((await db.query('select 1 from public.form_notifications where submission_id = $1', [id])).rows).toEqual([]);
    const { rows } = await db.query('select email, answers_text, deleted_by, withdrawn_at is not null as deleted from public.staff_inbox where submission_id = $1', [id]);
    expect(rows).toEqual([{ email: null, answers_text: null, deleted_by: 'lena@consultancy.example', deleted: true }]);
    const events = await db.query('select actor_email, field, new_value from public.staff_inbox_events where submission_id = $1', [id]);
    expect(events.rows).toEqual([{ actor_email: 'lena@consultancy.example', field: 'deleted', new_value: 'by staff' }]);
    expect(await today()).toBe(before - 1);
    await expectRefused(committedAs(db, 'authenticated', LENA, () => db.query("update public.staff_inbox set status = 'closed' where submission_id = $1", [id]), lena), 'P0001');
    // Deleting it again deletes nothing more.
    expect((await committedAs(db, 'authenticated', LENA, () => db.query<{ n: number }>('select public.staff_delete_submissions(array[$1]::uuid[]) as n', [id]), lena)).rows[0]!.n).toBe(0);
  });

  it('lets neither a member nor a visitor mark, delete or sweep anything', async () => {
    const id = await send();
    for (const [role, who] of [['authenticated', MEMBER], ['anon', null]] as const) {
      const marked = await as(db, role, who, () => db.query('update public.staff_inbox set spam_at = now() where submission_id = $1', [id])).catch((error: { code: string }) => error.code);
      expect(typeof marked === 'string' ? marked : marked.affectedRows ?? 0, role).toSatisfy((r: unknown) => r === '42501' || r === 0);
      await expectRefused(as(db, role, who, () => db.query('select public.staff_delete_submissions(array[$1]::uuid[])', [id])), '42501');
      await expectRefused(as(db, role, who, () => db.query('select public.sweep_spam()')), '42501');
    }
    await expectRefused(asLena(() => db.query('select public.sweep_spam()')), '42501');
    const { rows } = await db.query('select spam_at, withdrawn_at from public.staff_inbox where submission_id = $1', [id]);
    expect(rows).toEqual([{ spam_at: null, withdrawn_at: null }]);
    expect((await db.query(`select 1 from public.${form.table} where id = $1`, [id])).rows).toHaveLength(1);
  });
});
