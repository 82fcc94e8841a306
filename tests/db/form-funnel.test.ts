/**
 * The wizard funnel (issue 28, decision 031): anyone may add one to a step's count for today and to the
 * range its visitor stayed on the step before, and nothing else; the counts are capped so a script
 * cannot inflate them past a sane bound; staff read them, summed over days, through one function.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicForms } from '../support/declared-forms';
import { as, ENGINES, expectRefused, freshDatabase, type Db } from './database';

const STAFF = '00000000-0000-4000-8000-00000000000a';
const USER = '00000000-0000-4000-8000-00000000000b';
const staffClaims = { email: 'lena@consultancy.example', app_metadata: { provider: 'email', staff: true } };
/** The forms visitors send that come in steps (schemas/<form>.steps.json), with their number of steps. */
const wizards = publicForms.flatMap((form) => (form.definition.steps ? [{ form: form.name, steps: form.definition.steps.length }] : []));

describe.each(ENGINES)('the wizard funnel, on %s', (engine) => {
  let db: Db;
  /** A visitor's page counting a step, committed as the API's request would be. */
  async function visitor(step: number, seconds: number | null = null, form = 'assessment') {
    await db.exec('begin');
    try {
      await db.exec('set local role anon');
      await db.query('select public.record_form_step($1, $2, $3)', [form, step, seconds]);
      await db.exec('commit');
    } catch (error) {
      await db.exec('rollback');
      throw error;
    }
  }
  const staff = <T>(work: () => Promise<T>) => as(db, 'authenticated', STAFF, work, staffClaims);
  type Step = { step: number; visits: number; median_low: number | null; median_high: number | null };
  const funnel = (days = 7) => staff(() => db.query<Step>(`select step, visits::int, median_low, median_high from public.staff_overview_funnel('assessment', $1)`, [days]).then((r) => r.rows));
  const counted = () => db.query<{ step: number; visits: number }>(`select step, visits::int from public.form_step_counts where form = 'assessment' order by step`).then((r) => r.rows);

  beforeAll(async () => {
    db = await freshDatabase(engine);
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  it('knows every wizard form of schemas/ and its number of steps, as the generator declared them', async () => {
    const { rows } = await db.query<{ form: string; steps: number }>('select form, steps from public.form_steps order by form');
    expect(wizards.map((w) => w.form)).toContain('assessment');
    expect(rows).toEqual([...wizards].sort((a, b) => a.form.localeCompare(b.form)));
  });

  it('counts the visits that reach each step and are sent, and the range of seconds a visit stayed on a step', async () => {
    // Three visits start; two go on to step 2 (after 25 and 50 seconds), one to step 3 (100 s), 4 (400 s) and sends (30 s).
    for (let i = 0; i < 3; i++) await visitor(1);
    await visitor(2, 25);
    await visitor(2, 50);
    await visitor(3, 100);
    await visitor(4, 400);
    await visitor(5, 30);
    expect(await funnel()).toEqual([
      // Of the two that left step 1, one stayed up to 30 s and one up to 60 s: the median's range is 20–30 s.
      { step: 1, visits: 3, median_low: 20, median_high: 30 },
      { step: 2, visits: 2, median_low: 90, median_high: 120 },
      { step: 3, visits: 1, median_low: 300, median_high: 600 },
      { step: 4, visits: 1, median_low: 20, median_high: 30 },
      // Sent: nothing follows it, so no time is known.
      { step: 5, visits: 1, median_low: null, median_high: null },
    ]);
  });

  it('never counts more visits reaching a step than reached the step before it that day, nor more times than visits', async () => {
    for (let i = 0; i < 6; i++) await visitor(2, 10);
    for (let i = 0; i < 6; i++) await visitor(5, 10);
    const rows = await counted();
    expect(rows.find((r) => r.step === 2)?.visits).toBe(3);
    expect(rows.find((r) => r.step === 5)?.visits).toBe(1);
    const { rows: stays } = await db.query<{ step: number; stayed: number; visits: number }>(
      `select step, (select sum(x)::int from unnest(stays) x) as stayed, visits::int from public.form_step_counts where form = 'assessment'`,
    );
    for (const row of stays) expect(row.stayed, `step ${row.step}`).toBeLessThanOrEqual(row.visits);
  });

  it('caps the visits starting a form at 5,000 a day', async () => {
    await db.query(`update public.form_step_counts set visits = 5000 where form = 'assessment' and step = 1`);
    await visitor(1);
    expect((await counted()).find((r) => r.step === 1)?.visits).toBe(5000);
  });

  it('refuses a form that is no wizard and a step it does not have, with a sentence', async () => {
    await expectRefused(visitor(1, null, 'contact'), '22023');
    await expectRefused(visitor(1, null, 'no-such-form'), '22023');
    await expectRefused(visitor(0), '22023');
    await expectRefused(visitor(6), '22023');
  });

  it('lets visitors and accounts add one, never read, write or remove counts; and shows the funnel to staff only', async () => {
    for (const [role, user] of [['anon', null], ['authenticated', USER]] as const) {
      await expectRefused(as(db, role, user, () => db.query('select * from public.form_step_counts')), '42501');
      await expectRefused(as(db, role, user, () => db.query('select * from public.form_steps')), '42501');
      await expectRefused(as(db, role, user, () => db.query(`update public.form_step_counts set visits = 0`)), '42501');
      await expectRefused(as(db, role, user, () => db.query(`insert into public.form_step_counts (form, day, step) values ('assessment', current_date + 1, 1)`)), '42501');
      await expectRefused(as(db, role, user, () => db.query(`select public.declare_form_steps('assessment', 20)`)), '42501');
    }
    await expectRefused(as(db, 'anon', null, () => db.query(`select * from public.staff_overview_funnel('assessment')`)), '42501');
    expect((await as(db, 'authenticated', USER, () => db.query(`select * from public.staff_overview_funnel('assessment')`))).rows).toEqual([]);
  });
});
