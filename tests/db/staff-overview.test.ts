/**
 * The staff overview's figures (supabase/migrations/*_staff_overview.sql, issue 28) are what a hand
 * count of the submissions gives: per day beside the period before, and per answer of a question;
 * staff only, like the inbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicForms } from '../support/declared-forms';
import { sampleAnswers } from '../support/sample-answers';
import { as, ENGINES, expectRefused, freshDatabase, type Db, staffSession } from './database';

const STAFF = '00000000-0000-4000-8000-00000000000a';
const USER = '00000000-0000-4000-8000-00000000000b';

describe.each(ENGINES)('the staff overview, on %s', (engine) => {
  let db: Db;
  const contact = publicForms.find((form) => form.name === 'contact')!;
  const other = publicForms.find((form) => form.name !== 'contact' && form.name !== 'assessment')!;
  let staffClaims: Awaited<ReturnType<typeof staffSession>>;
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

  const assessment = publicForms.find((form) => form.name === 'assessment')!;

  beforeAll(async () => {
    db = await freshDatabase(engine);
    staffClaims = await staffSession(db, STAFF, 'lena@consultancy.example');
    // Oldest first, as submissions arrive (the inbox lists them in that order). Forty and ten days ago are
    // outside a week's view; ten days ago is in the period before three days ago.
    await received(contact, 40, { subject: 'Feedback' });
    await received(contact, 10, { subject: 'Service Request' });
    await received(contact, 3, { subject: 'Feedback', message: 'Three days old.' });
    await received(contact, 0, { subject: 'General Inquiry', message: 'A question about courses.' });
    await received(contact, 0, { subject: 'Feedback', message: 'Newest message.' });
    await received(other, 0);
    // Team sizes in the last week (3, 5, 5, 12, 40), and one a month ago that a week does not count.
    for (const [daysAgo, size] of [[30, 99], [4, 40], [3, 12], [2, 5], [1, 5], [0, 3]] as const) await received(assessment, daysAgo, { team_size: size });
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
    // Every form together (three messages, the other form's one, five assessments); a range long enough holds every submission.
    expect((await days(null, 7)).reduce((sum, d) => sum + d.submissions, 0)).toBe(9);
    expect((await days('contact', 60)).reduce((sum, d) => sum + d.submissions, 0)).toBe(5);
  });

  it('counts each answer of a question over the range, most chosen first', async () => {
    const answers = (field: string, count = 7) =>
      staff(() => db.query(`select answer, submissions::int from public.staff_overview_answers('contact', array[$1], $2, 'UTC')`, [field, count]).then((r) => r.rows));
    expect(await answers('subject')).toEqual([
      { answer: 'Feedback', submissions: 2 },
      { answer: 'General Inquiry', submissions: 1 },
    ]);
    expect(await answers('subject', 60)).toEqual([
      { answer: 'Feedback', submissions: 3 },
      { answer: 'General Inquiry', submissions: 1 },
      { answer: 'Service Request', submissions: 1 },
    ]);
    // Several questions in one pass, each with its own counts.
    const both = await staff(() => db.query<{ field: string; answer: string; submissions: number }>(`select field, answer, submissions::int from public.staff_overview_answers('contact', array['subject', 'name'], 7, 'UTC')`).then((r) => r.rows));
    expect(both.filter((r) => r.field === 'subject')).toEqual([
      { field: 'subject', answer: 'Feedback', submissions: 2 },
      { field: 'subject', answer: 'General Inquiry', submissions: 1 },
    ]);
    expect(both.filter((r) => r.field === 'name').reduce((sum, r) => sum + r.submissions, 0)).toBe(3);
    // Only the form's own columns: anything else counts nothing (and runs nothing).
    expect(await answers('no_such_question')).toEqual([]);
    expect(await answers('subject"; drop table public.staff_inbox; --')).toEqual([]);
  });

  it('keeps counting when an inbox row names a table that is gone (a form whose table was renamed)', async () => {
    const ghost = '00000000-0000-4000-8000-0000000000f1';
    await db.query(`insert into public.staff_inbox (submission_id, form, form_table, created_at) values ($1, 'contact', 'contact_messages_before_rename', now())`, [ghost]);
    try {
      const rows = await staff(() => db.query(`select answer, submissions::int from public.staff_overview_answers('contact', array['subject'], 7, 'UTC')`).then((r) => r.rows));
      expect(rows).toEqual([
        { answer: 'Feedback', submissions: 2 },
        { answer: 'General Inquiry', submissions: 1 },
      ]);
    } finally {
      await db.query('delete from public.staff_inbox where submission_id = $1', [ghost]);
    }
  });

  it('counts a question its condition did not ask apart from one left unanswered, as the generator declared it', async () => {
    // The enrolment asks a group's size only when the group box is ticked (schemas/enrolment.schema.json).
    const enrolment = publicForms.find((form) => form.name === 'enrolment')!;
    const rule = (enrolment.definition.schema.allOf as { if: { properties: Record<string, unknown> }; else: { properties: Record<string, false> } }[])[0]!;
    const [box, size] = [Object.keys(rule.if.properties)[0]!, Object.keys(rule.else.properties)[0]!];
    await received(enrolment, 0, { [box]: true, [size]: 4 });
    type Row = { field: string; answer: string | null; asked: boolean; submissions: number };
    const rows = await staff(() => db.query<Row>(`select field, answer, asked, submissions::int from public.staff_overview_answers('enrolment', array[$1], 7, 'UTC')`, [size]).then((r) => r.rows));
    const notAsked = await db.query<{ n: number }>(`select count(*)::int as n from public.course_enrolments where ${box} = false`).then((r) => r.rows[0]!.n);
    expect(notAsked).toBeGreaterThan(0);
    expect(rows).toHaveLength(2);
    expect(rows).toEqual(expect.arrayContaining([
      { field: size, answer: null, asked: false, submissions: notAsked },
      { field: size, answer: '4', asked: true, submissions: 1 },
    ]));
  });

  it('sums up a number question: how many answered, the least, the median, the most, and at most ten ranges', async () => {
    const numbers = (count: number) =>
      staff(() =>
        db
          .query<{ answered: number; least_value: number; median: number; most_value: number; buckets: unknown }>(
            `select answered::int, least_value::float8, median::float8, most_value::float8, buckets from public.staff_overview_numbers('assessment', 'team_size', $1, 'UTC')`,
            [count],
          )
          .then((r) => r.rows),
      );
    // Ranges 4 wide (40 - 3 + 1 = 38 values in ten ranges): 3–6 holds 3, 5, 5; 11–14 holds 12; 39–42 holds 40;
    // the ranges between are listed with 0, so a chart's axis is evenly spaced (issue 42: "0, 2, 4, 8").
    const held: Record<number, number> = { 3: 3, 11: 1, 39: 1 };
    expect(await numbers(7)).toEqual([
      {
        answered: 5,
        least_value: 3,
        median: 5,
        most_value: 40,
        buckets: Array.from({ length: 10 }, (_, k) => ({ low: 3 + 4 * k, high: 6 + 4 * k, submissions: held[3 + 4 * k] ?? 0 })),
      },
    ]);
    expect((await numbers(60))[0]).toMatchObject({ answered: 6, median: 8.5, most_value: 99 });
    // Text is not a number: nothing is counted.
    expect(await staff(() => db.query(`select * from public.staff_overview_numbers('contact', 'message', 7, 'UTC')`).then((r) => r.rows))).toEqual([]);
  });

  it('sums up a question of decimals in ten equal ranges from the least to the most, the last including the most', async () => {
    // A "type": "number" question, as the generator adds one: a numeric column.
    await db.exec(`alter table public.${assessment.table} add column hours_a_week numeric`);
    try {
      // The three newest (received today, yesterday and two days ago, at noon): in the week whatever the hour.
      const ids = (await db.query<{ id: string }>(`select id from public.${assessment.table} order by created_at desc limit 3`)).rows.map((r) => r.id);
      for (const [i, hours] of [0.5, 1.25, 2.75].entries()) await db.query(`update public.${assessment.table} set hours_a_week = $1 where id = $2`, [hours, ids[i]]);
      const { rows } = await staff(() => db.query(`select answered::int, least_value::float8, median::float8, most_value::float8, buckets from public.staff_overview_numbers('assessment', 'hours_a_week', 7, 'UTC')`));
      expect(rows).toEqual([
        {
          answered: 3,
          least_value: 0.5,
          median: 1.25,
          most_value: 2.75,
          buckets: [
            { low: 0.5, high: 0.725, submissions: 1 },
            { low: 0.725, high: 0.95, submissions: 0 },
            { low: 0.95, high: 1.175, submissions: 0 },
            { low: 1.175, high: 1.4, submissions: 1 },
            { low: 1.4, high: 1.625, submissions: 0 },
            { low: 1.625, high: 1.85, submissions: 0 },
            { low: 1.85, high: 2.075, submissions: 0 },
            { low: 2.075, high: 2.3, submissions: 0 },
            { low: 2.3, high: 2.525, submissions: 0 },
            { low: 2.525, high: 2.75, submissions: 1 },
          ],
        },
      ]);
    } finally {
      await db.exec(`alter table public.${assessment.table} drop column hours_a_week`);
    }
  });

  it('lists the latest answers to a text question, newest first', async () => {
    const texts = (limit: number) =>
      staff(() => db.query<{ answer: string }>(`select answer from public.staff_overview_texts('contact', 'message', 7, 'UTC', $1)`, [limit]).then((r) => r.rows.map((row) => row.answer)));
    expect(await texts(5)).toEqual(['Newest message.', 'A question about courses.', 'Three days old.']);
    expect(await texts(1)).toEqual(['Newest message.']);
    expect(await staff(() => db.query(`select * from public.staff_overview_texts('assessment', 'team_size', 7, 'UTC')`).then((r) => r.rows))).toEqual([]);
  });

  it('lists the inbox filtered by one answer, the same submissions the overview counted for it', async () => {
    const page = (field: string | null, answer: string | null) =>
      staff(() => db.query<{ form: string }>(`select form from public.staff_inbox_page(p_form => 'contact', p_field => $1, p_answer => $2)`, [field, answer]).then((r) => r.rows));
    expect(await page('subject', 'Feedback')).toHaveLength(3);
    expect(await page('subject', 'Service Request')).toHaveLength(1);
    expect(await page(null, null)).toHaveLength(5);
    const counts = await staff(() =>
      db.query<{ status: string; submissions: number }>(`select status, submissions::int from public.staff_inbox_counts(p_form => 'contact', p_field => 'subject', p_answer => 'Feedback')`).then((r) => r.rows),
    );
    expect(counts).toEqual([{ status: 'new', submissions: 3 }]);
    // A question the form does not have, or SQL in its place, lists nothing.
    expect(await page('no_such_question', 'Feedback')).toEqual([]);
    expect(await page('subject"; drop table public.staff_inbox; --', 'x')).toEqual([]);
    expect((await as(db, 'authenticated', USER, () => db.query(`select * from public.staff_inbox_page(p_form => 'contact', p_field => 'subject', p_answer => 'Feedback')`))).rows).toEqual([]);
  });

  it('shows visitors nothing, and signed-in people who are not staff nothing', async () => {
    await expectRefused(as(db, 'anon', null, () => db.query(`select * from public.staff_overview_days()`)), '42501');
    await expectRefused(as(db, 'anon', null, () => db.query(`select * from public.staff_overview_answers('contact', array['subject'])`)), '42501');
    await expectRefused(as(db, 'anon', null, () => db.query(`select * from public.staff_overview_numbers('assessment', 'team_size')`)), '42501');
    await expectRefused(as(db, 'anon', null, () => db.query(`select * from public.staff_overview_texts('contact', 'message')`)), '42501');
    expect((await as(db, 'authenticated', USER, () => db.query(`select * from public.staff_overview_numbers('assessment', 'team_size')`))).rows).toEqual([]);
    expect((await as(db, 'authenticated', USER, () => db.query(`select * from public.staff_overview_texts('contact', 'message')`))).rows).toEqual([]);
    expect((await as(db, 'authenticated', USER, () => db.query(`select * from public.staff_overview_days()`))).rows).toEqual([]);
    expect((await as(db, 'authenticated', USER, () => db.query(`select * from public.staff_overview_answers('contact', array['subject'])`))).rows).toEqual([]);
    // The quarter-hour counts behind the days are read through the function only, by staff too.
    await expectRefused(as(db, 'anon', null, () => db.query('select * from public.staff_inbox_slots')), '42501');
    await expectRefused(staff(() => db.query('select * from public.staff_inbox_slots')), '42501');
  });
});
