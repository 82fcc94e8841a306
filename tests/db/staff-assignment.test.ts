/**
 * Who has it (supabase/migrations/*_who_has_it.sql, decision 045): staff assign a submission to a staff
 * member (themselves included), the history names both by address, the assignee's email is queued once
 * per assignment (not for one's own) and claimed with their address; the list filters by mine and
 * nobody's; a non-staff account and a visitor assign nothing and read no one's address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicForms } from '../support/declared-forms';
import { sampleAnswers } from '../support/sample-answers';
import { as, committedAs, ENGINES, expectRefused, freshDatabase, sendAs, staffSession, type Db } from './database';
import { stampsOff } from '../support/stamps';

const LENA = '00000000-0000-4000-8000-0000000000f1';
const OMAR = '00000000-0000-4000-8000-0000000000f2';
const MEMBER = '00000000-0000-4000-8000-0000000000f3';

describe.each(ENGINES)('assigning submissions to staff, on %s', (engine) => {
  let db: Db;
  const form = publicForms[0]!;
  let sent = 0;
  const send = () => sendAs(db, null, form.table, sampleAnswers(form.definition.schema as Parameters<typeof sampleAnswers>[0], { [form.replyTo]: `assign${++sent}@example.org` }));
  const claims: Record<string, Awaited<ReturnType<typeof staffSession>>> = {};
  const assign = (who: string, id: string, to: string | null) =>
    committedAs(db, 'authenticated', who, () => db.query('update public.staff_inbox set assignee_id = $2 where submission_id = $1', [id, to]), claims[who]);
  const outbox = (id: string) => db.query<{ state: string; attempts: number }>("select state, attempts from public.form_notifications where submission_id = $1 and recipient = 'assignee'", [id]).then((r) => r.rows);
  const claimFor = (id: string) =>
    db.query<{ recipient: string; assignee_email: string | null; assigned_by: string | null }>('select recipient, assignee_email, assigned_by from public.claim_form_notifications($1, $2)', [form.table, id]).then((r) => r.rows);
  const listed = (who: string, assigned: string) =>
    as(db, 'authenticated', who, () => db.query<{ submission_id: string }>('select submission_id from public.staff_inbox_page(p_assigned => $1, p_limit => 1000)', [assigned]), claims[who]).then((r) => r.rows.map((row) => row.submission_id));

  beforeAll(async () => {
    db = await freshDatabase(engine);
    await stampsOff(db);
    claims[LENA] = await staffSession(db, LENA, 'lena@consultancy.example');
    claims[OMAR] = await staffSession(db, OMAR, 'omar@consultancy.example');
    await db.query("insert into auth.users (id, email, email_confirmed_at) values ($1, 'member@example.org', now())", [MEMBER]);
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  it('assigns to a colleague: recorded in the history by address, one email queued and claimed with their address', async () => {
    const id = await send();
    // The staff email is not what is tested here.
    await db.query("update public.form_notifications set state = 'sent' where submission_id = $1", [id]);
    await assign(LENA, id, OMAR);
    const events = await db.query('select actor_email, field, old_value, new_value from public.staff_inbox_events where submission_id = $1', [id]);
    expect(events.rows).toEqual([{ actor_email: 'lena@consultancy.example', field: 'assignee', old_value: null, new_value: 'omar@consultancy.example' }]);
    expect(await outbox(id)).toEqual([{ state: 'pending', attempts: 0 }]);
    expect(await claimFor(id)).toEqual([{ recipient: 'assignee', assignee_email: 'omar@consultancy.example', assigned_by: 'lena@consultancy.example' }]);
    await db.query("select public.finish_form_notification($1, null, 'assignee')", [id]);
    expect(await outbox(id)).toEqual([{ state: 'sent', attempts: 1 }]);
    // Given back to Lena by Omar: due again, for Lena now.
    await assign(OMAR, id, LENA);
    expect(await claimFor(id)).toEqual([{ recipient: 'assignee', assignee_email: 'lena@consultancy.example', assigned_by: 'omar@consultancy.example' }]);
  });

  it('emails nobody about taking one oneself, and sends nothing for an assignment undone before its email went', async () => {
    const mine = await send();
    await db.query("update public.form_notifications set state = 'sent' where submission_id = $1", [mine]);
    await assign(LENA, mine, LENA);
    expect(await outbox(mine)).toEqual([]);
    const undone = await send();
    await db.query("update public.form_notifications set state = 'sent' where submission_id = $1", [undone]);
    await assign(LENA, undone, OMAR);
    await assign(LENA, undone, null);
    expect(await claimFor(undone)).toEqual([]);
    expect(await outbox(undone)).toEqual([]);
    const events = await db.query<{ new_value: string | null }>("select new_value from public.staff_inbox_events where submission_id = $1 and field = 'assignee' order by id", [undone]);
    expect(events.rows.map((e) => e.new_value)).toEqual(['omar@consultancy.example', null]);
  });

  it('lists mine and nobody’s', async () => {
    const omars = await send();
    await assign(LENA, omars, OMAR);
    const nobodys = await send();
    expect(await listed(OMAR, 'me')).toContain(omars);
    expect(await listed(OMAR, 'me')).not.toContain(nobodys);
    expect(await listed(LENA, 'me')).not.toContain(omars);
    expect(await listed(LENA, 'nobody')).toContain(nobodys);
    expect(await listed(LENA, 'nobody')).not.toContain(omars);
  });

  it('refuses an assignee who is not staff, and lets no non-staff account or visitor assign or list staff', async () => {
    const id = await send();
    await expectRefused(assign(LENA, id, MEMBER), '23514');
    // A member's update reaches no row (row level security); a visitor may not update at all.
    await committedAs(db, 'authenticated', MEMBER, () => db.query('update public.staff_inbox set assignee_id = $2 where submission_id = $1', [id, MEMBER]));
    await expectRefused(committedAs(db, 'anon', null, () => db.query('update public.staff_inbox set assignee_id = $2 where submission_id = $1', [id, LENA])), '42501');
    expect((await db.query('select assignee_id from public.staff_inbox where submission_id = $1', [id])).rows).toEqual([{ assignee_id: null }]);
    expect((await as(db, 'authenticated', MEMBER, () => db.query('select * from public.staff_members()'))).rows).toEqual([]);
    await expectRefused(as(db, 'anon', null, () => db.query('select * from public.staff_members()')), '42501');
    const members = await as(db, 'authenticated', LENA, () => db.query<{ email: string }>('select email from public.staff_members()'), claims[LENA]);
    expect(members.rows.map((m) => m.email)).toEqual(['lena@consultancy.example', 'omar@consultancy.example']);
  });
});
