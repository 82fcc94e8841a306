/**
 * The staff overview's figures (supabase/migrations/*_staff_overview.sql, issue 28) are what a hand
 * count of the submissions gives: per day beside the period before, and per answer of a question;
 * staff only, like the inbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicForms } from '../support/declared-forms';
import { sampleAnswers } from '../support/sample-answers';
import { as, ENGINES, expectRefused, freshDatabase, type Db } from './database';

const STAFF = '00000000-0000-4000-8000-00000000000a';
const USER = '00000000-0000-4000-8000-00000000000b';
const staffClaims = { email: 'lena@consultancy.example', app_metadata: { provider: 'email', staff: true } };

describe.each(ENGINES)('the staff overview, on %s', (engine) => {
  let db: Db;
  const contact = publicForms.find((form) => form.name === 'contact')!;
  const other = publicForms.find((form) => form.name !== 'contact')!;
  const staff = <T>(work: () => Promise<T>) => as(db, 'authenticated', STAFF, work, staffClaims);
  let sent = 0;

  /** A submission received `daysAgo` days ago (at noon, UTC), as the owner writes it (visitors cannot set the time). */
  async function received(form: typeof contact, daysAgo: number, answers: Record<string, unknown> = {}) {
    const row = sampleAnswers(form.definition.schema as Parameters<typeof sampleAnswers>[0], { [form.replyTo]: `sender${(sent += 1)}@example.org`, ...answers });
    const columns = [...Object.keys(row), 'created_at'];
    await db.query(
      `insert into public.${form.table} (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
      [...Object.values(row), new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() - daysAgo, 12)).toISOString()],
    );
  }

  beforeAll(async () => {
    db = await freshDatabase(engine);
    await received(contact, 0, { subject: 'Feedback' });
    await received(contact, 0, { subject: 'General Inquiry' });
    await received(contact, 3, { subject: 'Feedback' });
    // In the period before a week's view (three days ago, a week earlier), and outside both.
    await received(contact, 10, { subject: 'Service Request' });
    await received(contact, 40, { subject: 'Feedback' });
    await received(other, 0);
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  type Day = { day: string; submissions: number; previous: number };
  const days = (form: string | null, count: number) =>
    staff(() => db.query<Day>(`select day::text, submissions::int, previous::int from public.staff_overview_days($1, $2, 'UTC')`, [form, count]).then((r) => r.rows));
  const dayOf = (daysAgo: number) => new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() - daysAgo)).toISOString().slice(0, 10);

  it('counts each day of the range, oldest first, beside the same day of the period before', async () => {
    const week = await days('contact', 7);
    expect(week.map((d) => d.day)).toEqual([6, 5, 4, 3, 2, 1, 0].map(dayOf));
    expect(week.find((d) => d.day === dayOf(0))).toEqual({ day: dayOf(0), submissions: 2, previous: 0 });
    expect(week.find((d) => d.day === dayOf(3))).toEqual({ day: dayOf(3), submissions: 1, previous: 1 });
    expect(week.reduce((sum, d) => sum + d.submissions, 0)).toBe(3);
    expect(week.reduce((sum, d) => sum + d.previous, 0)).toBe(1);
    // Every form together; a range long enough holds every submission.
    expect((await days(null, 7)).reduce((sum, d) => sum + d.submissions, 0)).toBe(4);
    expect((await days('contact', 60)).reduce((sum, d) => sum + d.submissions, 0)).toBe(5);
  });

  it('counts each answer of a question over the range, most chosen first', async () => {
    const answers = (field: string, count = 7) =>
      staff(() => db.query(`select answer, submissions::int from public.staff_overview_answers('contact', $1, $2, 'UTC')`, [field, count]).then((r) => r.rows));
    expect(await answers('subject')).toEqual([
      { answer: 'Feedback', submissions: 2 },
      { answer: 'General Inquiry', submissions: 1 },
    ]);
    expect(await answers('subject', 60)).toEqual([
      { answer: 'Feedback', submissions: 3 },
      { answer: 'General Inquiry', submissions: 1 },
      { answer: 'Service Request', submissions: 1 },
    ]);
    // Only the form's own columns: anything else counts nothing (and runs nothing).
    expect(await answers('no_such_question')).toEqual([]);
    expect(await answers('subject"; drop table public.staff_inbox; --')).toEqual([]);
  });

  it('shows visitors nothing, and signed-in people who are not staff nothing', async () => {
    await expectRefused(as(db, 'anon', null, () => db.query(`select * from public.staff_overview_days()`)), '42501');
    await expectRefused(as(db, 'anon', null, () => db.query(`select * from public.staff_overview_answers('contact', 'subject')`)), '42501');
    expect((await as(db, 'authenticated', USER, () => db.query(`select * from public.staff_overview_days()`))).rows).toEqual([]);
    expect((await as(db, 'authenticated', USER, () => db.query(`select * from public.staff_overview_answers('contact', 'subject')`))).rows).toEqual([]);
    // The quarter-hour counts behind the days are read through the function only, by staff too.
    await expectRefused(as(db, 'anon', null, () => db.query('select * from public.staff_inbox_slots')), '42501');
    await expectRefused(staff(() => db.query('select * from public.staff_inbox_slots')), '42501');
  });
});
