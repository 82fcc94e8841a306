/**
 * Follow-ups (supabase/migrations/*_follow_ups.sql, decision 048): staff date a submission to come back to;
 * from that day (in their own time zone) until it is closed it is in the Due view and count; each morning
 * after 8:00 in their zone, whoever holds due ones has one digest queued, claimed with what is due then.
 * A member and a visitor can do none of it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { publicForms } from '../support/declared-forms';
import { sampleAnswers } from '../support/sample-answers';
import { as, committedAs, ENGINES, expectRefused, freshDatabase, sendAs, staffSession, type Db } from './database';
import { stampsOff } from '../support/stamps';
import { zoneAt } from '../support/time-zones';

const LENA = '00000000-0000-4000-8000-0000000006a1';
const OMAR = '00000000-0000-4000-8000-0000000006a2';
const MEMBER = '00000000-0000-4000-8000-0000000006a3';

describe.each(ENGINES)('follow-ups, on %s', (engine) => {
  let db: Db;
  const form = publicForms[0]!;
  let sent = 0;
  const send = () => sendAs(db, null, form.table, sampleAnswers(form.definition.schema as Parameters<typeof sampleAnswers>[0], { [form.replyTo]: `follow${++sent}@example.org` }));
  let lena: Awaited<ReturnType<typeof staffSession>>;
  let omar: Awaited<ReturnType<typeof staffSession>>;
  const asLena = <T>(work: () => Promise<T>) => committedAs(db, 'authenticated', LENA, work, lena);
  const change = (id: string, column: 'follow_up_on' | 'status' | 'assignee_id', value: string | null) =>
    asLena(() => db.query(`update public.staff_inbox set ${column} = $2 where submission_id = $1`, [id, value]));
  const setZone = (zone: string, who = LENA, claims = lena) => committedAs(db, 'authenticated', who, () => db.query('select public.staff_set_time_zone($1)', [zone]), claims);
  const todayIn = async (zone: string) => (await db.query<{ day: string }>(`select ((now() at time zone $1)::date)::text as day`, [zone])).rows[0]!.day;
  const dueList = () =>
    asLena(() => db.query<{ submission_id: string; follow_up_on: string }>(`select submission_id, follow_up_on::text from public.staff_inbox_page(p_status => 'due', p_limit => 1000)`)).then((r) => r.rows);
  const dueCount = () => asLena(() => db.query<{ due: string }>('select due::text from public.staff_inbox_news()')).then((r) => Number(r.rows[0]!.due));
  const queue = () => db.query<{ n: number }>('select public.queue_follow_up_digests() as n').then((r) => r.rows[0]!.n);
  const claim = () => db.query<{ staff_id: string; day: string; email: string; due: { submission_id: string; follow_up_on: string }[] }>('select staff_id, day::text, email, due from public.claim_follow_up_digests()').then((r) => r.rows);

  beforeAll(async () => {
    db = await freshDatabase(engine);
    await stampsOff(db);
    lena = await staffSession(db, LENA, 'lena@consultancy.example');
    omar = await staffSession(db, OMAR, 'omar@consultancy.example');
    await db.query("insert into auth.users (id, email, email_confirmed_at) values ($1, 'member@example.org', now())", [MEMBER]);
  }, 60_000);
  beforeEach(async () => {
    await db.query('update public.staff_inbox set follow_up_on = null, assignee_id = null');
    await db.query('delete from public.follow_up_digests');
  });
  afterAll(async () => {
    await db?.close();
  });

  it('lists what is dated today or before in the staff member’s own zone, until it is closed, spam or undated, and counts what they hold', async () => {
    const [today, overdue, later, closed, omars] = [await send(), await send(), await send(), await send(), await send()];
    for (const id of [today, overdue, later, closed]) await change(id, 'assignee_id', LENA);
    await change(omars, 'assignee_id', OMAR);
    await change(omars, 'follow_up_on', '2000-01-01');
    await setZone('Pacific/Kiritimati');
    const day = await todayIn('Pacific/Kiritimati');
    const dayOffset = (days: number) => db.query<{ d: string }>('select ($1::date + $2::int)::text as d', [day, days]).then((r) => r.rows[0]!.d);
    await change(today, 'follow_up_on', day);
    await change(overdue, 'follow_up_on', await dayOffset(-3));
    await change(later, 'follow_up_on', await dayOffset(1));
    await change(closed, 'follow_up_on', day);
    await change(closed, 'status', 'closed');
    // Everyone's are listed; the count is of what Lena holds.
    expect((await dueList()).map((row) => row.submission_id).sort()).toEqual([today, overdue, omars].sort());
    expect(await dueCount()).toBe(2);
    await change(omars, 'follow_up_on', null);
    // UTC+14's today is tomorrow or later in UTC-11: nothing dated for it is due there yet.
    await setZone('Pacific/Pago_Pago');
    expect((await dueList()).map((row) => row.submission_id)).toEqual([overdue]);
    expect(await dueCount()).toBe(1);
    await asLena(() => db.query('update public.staff_inbox set spam_at = now() where submission_id = $1', [overdue]));
    expect(await dueList()).toEqual([]);
    await asLena(() => db.query('update public.staff_inbox set spam_at = null where submission_id = $1', [overdue]));
    await change(overdue, 'follow_up_on', null);
    expect(await dueCount()).toBe(0);
    const events = await db.query('select actor_email, field, old_value, new_value from public.staff_inbox_events where submission_id = $1 and field = $2 order by at, id', [overdue, 'follow_up']);
    expect(events.rows).toEqual([
      { actor_email: 'lena@consultancy.example', field: 'follow_up', old_value: null, new_value: await dayOffset(-3) },
      { actor_email: 'lena@consultancy.example', field: 'follow_up', old_value: await dayOffset(-3), new_value: null },
    ]);
  });

  it('refuses a date no one means and a zone that is not one', async () => {
    const id = await send();
    await expectRefused(change(id, 'follow_up_on', '1999-12-31'), '23514');
    await expectRefused(setZone('Mars/Olympus_Mons'), '22023');
    await expectRefused(setZone(''), '22023');
    await expectRefused(setZone('x'.repeat(65)), '22023');
  });

  it('queues one digest a morning for whoever holds something due, past 8:00 in their zone, and claims what is due when it goes', async () => {
    const [mine, alsoMine, omars] = [await send(), await send(), await send()];
    const morning = zoneAt(8, 23);
    await setZone(morning);
    await setZone(zoneAt(0, 7), OMAR, omar);
    const day = await todayIn(morning);
    for (const id of [mine, alsoMine]) {
      await change(id, 'assignee_id', LENA);
      await change(id, 'follow_up_on', day);
    }
    await change(omars, 'assignee_id', OMAR);
    await change(omars, 'follow_up_on', '2000-01-01');
    // Omar's clock reads before 8: his comes later. Lena's is queued once, however often the job runs.
    expect(await queue()).toBe(1);
    expect(await queue()).toBe(0);
    await change(alsoMine, 'status', 'closed');
    const claimed = await claim();
    expect(claimed).toEqual([{ staff_id: LENA, day, email: 'lena@consultancy.example', due: [expect.objectContaining({ submission_id: mine, follow_up_on: day })] }]);
    await db.query('select public.finish_follow_up_digest($1, $2::date, null)', [LENA, day]);
    expect((await db.query('select state from public.follow_up_digests where staff_id = $1', [LENA])).rows).toEqual([{ state: 'sent' }]);
    expect(await queue()).toBe(0);
  });

  it('finishes a digest without an email when everything in it was dealt with before it went', async () => {
    const id = await send();
    const zone = zoneAt(8, 23);
    await setZone(zone);
    await change(id, 'assignee_id', LENA);
    await change(id, 'follow_up_on', await todayIn(zone));
    expect(await queue()).toBe(1);
    await change(id, 'follow_up_on', null);
    expect(await claim()).toEqual([]);
    expect((await db.query('select state, sent_at from public.follow_up_digests where staff_id = $1', [LENA])).rows).toEqual([{ state: 'sent', sent_at: null }]);
  });

  it('lets neither a member nor a visitor date, list, count, set a zone or send digests', async () => {
    const id = await send();
    for (const [role, who] of [['authenticated', MEMBER], ['anon', null]] as const) {
      const dated = await as(db, role, who, () => db.query(`update public.staff_inbox set follow_up_on = current_date where submission_id = $1`, [id])).catch((error: { code: string }) => error.code);
      expect(typeof dated === 'string' ? dated : dated.affectedRows ?? 0, role).toSatisfy((r: unknown) => r === '42501' || r === 0);
      expect((await as(db, role, who, () => db.query(`select * from public.staff_inbox_page(p_status => 'due')`).catch((error: { code: string }) => ({ rows: [error.code] })))).rows, role).toSatisfy(
        (rows: unknown[]) => rows.length === 0 || rows[0] === '42501',
      );
      await expectRefused(as(db, role, who, () => db.query('select public.staff_inbox_news()')), '42501');
      await expectRefused(as(db, role, who, () => db.query(`select public.staff_set_time_zone('UTC')`)), '42501');
      for (const call of ['select public.queue_follow_up_digests()', 'select public.claim_follow_up_digests()', `select public.finish_follow_up_digest($1, current_date)`]) {
        await expectRefused(as(db, role, who, () => db.query(call, call.includes('$1') ? [LENA] : [])), '42501');
      }
    }
    await expectRefused(as(db, 'authenticated', LENA, () => db.query('select public.queue_follow_up_digests()'), lena), '42501');
    expect((await db.query('select follow_up_on from public.staff_inbox where submission_id = $1', [id])).rows).toEqual([{ follow_up_on: null }]);
  });
});
