/**
 * Many at once (issue 41, 4): the inbox changes many submissions with one call (status, assignee or spam
 * mark: public.staff_change_submissions, src/features/staff/bulk-changes.ts) that updates as the caller, so
 * the same policies and triggers govern each row: each gets its history event; one that cannot be changed
 * (a deleted marker) stops the whole call, so nothing is half-done; a member and a visitor change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicForms } from '../support/declared-forms';
import { sampleAnswers } from '../support/sample-answers';
import { as, committedAs, ENGINES, expectRefused, freshDatabase, sendAs, staffSession, type Db } from './database';
import { stampsOff } from '../support/stamps';

const LENA = '00000000-0000-4000-8000-0000000006b1';
const MEMBER = '00000000-0000-4000-8000-0000000006b2';

describe.each(ENGINES)('bulk changes, on %s', (engine) => {
  let db: Db;
  const form = publicForms[0]!;
  let sent = 0;
  const send = () => sendAs(db, null, form.table, sampleAnswers(form.definition.schema as Parameters<typeof sampleAnswers>[0], { [form.replyTo]: `bulk${++sent}@example.org` }));
  let lena: Awaited<ReturnType<typeof staffSession>>;
  const change = (ids: string[], set: string, value: unknown) =>
    committedAs(db, 'authenticated', LENA, () => db.query('select public.staff_change_submissions($1::uuid[], $2::jsonb) as n', [ids, JSON.stringify({ [set]: value })]), lena);
  const statuses = (ids: string[]) => db.query<{ status: string }>('select status from public.staff_inbox where submission_id = any($1::uuid[])', [ids]).then((r) => r.rows.map((row) => row.status));

  beforeAll(async () => {
    db = await freshDatabase(engine);
    await stampsOff(db);
    lena = await staffSession(db, LENA, 'lena@consultancy.example');
    await db.query("insert into auth.users (id, email, email_confirmed_at) values ($1, 'member@example.org', now())", [MEMBER]);
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  it('changes every selected submission in one update, with one history event each, and undoes to each one’s own value', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) ids.push(await send());
    await change(ids.slice(0, 10), 'status', 'replied');
    await change(ids, 'status', 'closed');
    expect(new Set(await statuses(ids))).toEqual(new Set(['closed']));
    const { rows } = await db.query<{ n: number }>("select count(*)::int as n from public.staff_inbox_events where submission_id = any($1::uuid[]) and field = 'status' and new_value = 'closed'", [ids]);
    expect(rows[0]!.n).toBe(30);
    // The undo: one update per earlier value.
    await change(ids.slice(0, 10), 'status', 'replied');
    await change(ids.slice(10), 'status', 'new');
    expect(await statuses(ids.slice(0, 10))).toEqual(Array(10).fill('replied'));
    expect(await statuses(ids.slice(10))).toEqual(Array(20).fill('new'));
    await change(ids, 'assignee_id', LENA);
    const assigned = await db.query<{ n: number }>('select count(*)::int as n from public.staff_inbox where submission_id = any($1::uuid[]) and assignee_id = $2', [ids, LENA]);
    expect(assigned.rows[0]!.n).toBe(30);
  });

  it('changes nothing when one of the selected cannot be changed: a deleted submission stops the whole update', async () => {
    const ids = [await send(), await send(), await send()];
    await committedAs(db, 'authenticated', LENA, () => db.query('select public.staff_delete_submissions(array[$1]::uuid[])', [ids[1]]), lena);
    await expectRefused(change(ids, 'status', 'closed'), 'P0001');
    expect(await statuses([ids[0]!, ids[2]!])).toEqual(['new', 'new']);
  });

  it('lets neither a member nor a visitor change any', async () => {
    const ids = [await send(), await send()];
    for (const [role, who] of [['authenticated', MEMBER], ['anon', null]] as const) {
      await expectRefused(as(db, role, who, () => db.query(`select public.staff_change_submissions($1::uuid[], '{"status": "closed"}')`, [ids])), '42501');
      const result = await as(db, role, who, () => db.query("update public.staff_inbox set status = 'closed' where submission_id = any($1::uuid[])", [ids])).catch((error: { code: string }) => error.code);
      expect(typeof result === 'string' ? result : (result.affectedRows ?? 0), role).toSatisfy((r: unknown) => r === '42501' || r === 0);
    }
    expect(await statuses(ids)).toEqual(['new', 'new']);
  });

  it('refuses more than 1,000 at once, a change it does not know, and a status the inbox does not have', async () => {
    const id = await send();
    await expectRefused(change(Array.from({ length: 1001 }, () => id), 'status', 'closed'), '22023');
    await expectRefused(change([id], 'note', 'x'), '22023');
    await expectRefused(change([id], 'status', 'maybe'), '23514');
    expect(await statuses([id])).toEqual(['new']);
  });
});
