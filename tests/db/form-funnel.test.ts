/**
 * The wizard funnel (issue 28, decision 031): anyone may add one to a step's count for today and to the
 * range its visitor stayed on the step before, and nothing else; the counts are capped so a script
 * cannot inflate them past a sane bound; staff read them, summed over days, through one function.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../supabase/local/migrate';
import { publicForms } from '../support/declared-forms';
import { as, ENGINES, expectRefused, freshDatabase, type Db, staffSession } from './database';

const root = join(import.meta.dirname, '..', '..');
const STAFF = '00000000-0000-4000-8000-00000000000a';
const USER = '00000000-0000-4000-8000-00000000000b';
/** The forms visitors send that come in steps (schemas/<form>.steps.json), with their steps' keys and titles. */
const wizards = publicForms.flatMap((form) => (form.definition.steps ? [{ form: form.name, keys: form.definition.steps.map((s) => s.key), titles: form.definition.steps.map((s) => s.title) }] : []));
const assessment = wizards.find((w) => w.form === 'assessment')!;
const [k1, k2, k3, k4] = assessment.keys as [string, string, string, string];

describe.each(ENGINES)('the wizard funnel, on %s', (engine) => {
  let db: Db;
  /** A visitor's page counting a step, committed as the API's request would be. */
  async function visitor(step: string, seconds: number | null = null, from: string | null = null, form = 'assessment', address?: string) {
    await db.exec('begin');
    try {
      // The client address the API passes on, as the submission caps read it.
      if (address) await db.query(`select set_config('request.headers', $1, true)`, [JSON.stringify({ 'cf-connecting-ip': address })]);
      await db.exec('set local role anon');
      await db.query('select public.record_form_step($1, $2, $3, $4)', [form, step, seconds, from]);
      await db.exec('commit');
    } catch (error) {
      await db.exec('rollback');
      throw error;
    }
  }
  let staffClaims: Awaited<ReturnType<typeof staffSession>>;
  const staff = <T>(work: () => Promise<T>) => as(db, 'authenticated', STAFF, work, staffClaims);
  type Step = { step: string; title: string; step_position: number | null; visits: number; started: number; median_low: number | null; median_high: number | null };
  const funnel = (days = 7) =>
    staff(() => db.query<Step>(`select step, title, step_position, visits::int, started::int, median_low, median_high from public.staff_overview_funnel('assessment', $1)`, [days]).then((r) => r.rows));
  const counted = () => db.query<{ step: string; visits: number }>(`select step_key as step, visits::int from public.form_step_counts where form = 'assessment' order by step_key`).then((r) => r.rows);

  beforeAll(async () => {
    db = await freshDatabase(engine);
    staffClaims = await staffSession(db, STAFF, 'lena@consultancy.example');
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  it('knows every wizard form of schemas/ and its steps by key, as the generator declared them', async () => {
    const { rows } = await db.query<{ form: string; keys: string[]; titles: string[] }>('select form, keys, titles from public.form_steps order by form');
    expect(rows).toEqual([...wizards].sort((a, b) => a.form.localeCompare(b.form)));
  });

  it('counts the visits that reach each step and are sent, and the range of seconds a visit stayed on a step', async () => {
    // Three visits start; two go on to step 2 (after 25 and 50 seconds), one to step 3 (100 s), 4 (400 s) and sends (30 s).
    for (let i = 0; i < 3; i++) await visitor(k1);
    await visitor(k2, 25, k1);
    await visitor(k2, 50, k1);
    await visitor(k3, 100, k2);
    await visitor(k4, 400, k3);
    await visitor('sent', 30, k4);
    const row = (step: string, n: number, visits: number, low: number | null, high: number | null) => ({ step, title: n <= 4 ? assessment.titles[n - 1] : 'Sent', step_position: n, visits, started: 3, median_low: low, median_high: high });
    expect(await funnel()).toEqual([
      // Of the two that left step 1, one stayed up to 30 s and one up to 60 s: the median's range is 20–30 s.
      row(k1, 1, 3, 20, 30),
      row(k2, 2, 2, 90, 120),
      row(k3, 3, 1, 300, 600),
      row(k4, 4, 1, 20, 30),
      // Sent: nothing follows it, so no time is known.
      row('sent', 5, 1, null, null),
    ]);
  });

  it('never counts more visits reaching a step than started the form that day, nor more stays than visits', async () => {
    for (let i = 0; i < 6; i++) await visitor(k2, 10, k1);
    for (let i = 0; i < 6; i++) await visitor('sent', 10, k4);
    const rows = await counted();
    expect(rows.find((r) => r.step === k2)?.visits).toBe(3);
    expect(rows.find((r) => r.step === 'sent')?.visits).toBe(3);
    const { rows: stays } = await db.query<{ step: string; stayed: number; visits: number }>(
      `select step_key as step, (select sum(x)::int from unnest(stays) x) as stayed, visits::int from public.form_step_counts where form = 'assessment'`,
    );
    for (const row of stays) expect(row.stayed, `step ${row.step}`).toBeLessThanOrEqual(row.visits);
  });

  it('counts a step reached after a skipped one, and its stay on the step the visit came from', async () => {
    const before = (await counted()).find((r) => r.step === k4)?.visits ?? 0;
    // Step 3 did not apply to this visit: it went from step 2 to step 4.
    await visitor(k4, 40, k2);
    expect((await counted()).find((r) => r.step === k4)?.visits).toBe(before + 1);
    const { rows } = await db.query<{ stays: number[] }>(`select stays from public.form_step_counts where form = 'assessment' and step_key = $1`, [k2]);
    expect(rows[0]!.stays.reduce((a, b) => a + Number(b), 0)).toBeGreaterThan(0);
  });

  it('counts a draft resumed on a later day than it was started: its next step, from the step it reopened', async () => {
    // The other tests' counts aside, and back afterwards: this one needs a day with no start.
    await db.exec(`create temporary table counts_aside as select * from public.form_step_counts where form = 'assessment'; delete from public.form_step_counts where form = 'assessment'`);
    try {
      // Started yesterday (its first two steps counted then); resumed today at step 2, which counts no new start.
      await db.query(`insert into public.form_step_counts (form, day, step_key, visits) values ('assessment', (now() at time zone 'UTC')::date - 1, $1, 1), ('assessment', (now() at time zone 'UTC')::date - 1, $2, 1)`, [k1, k2]);
      await visitor(k3, 40, k2);
      expect(await counted()).toEqual(expect.arrayContaining([{ step: k3, visits: 1 }]));
      expect((await db.query(`select visits::int from public.form_step_counts where form = 'assessment' and step_key = $1 and day = (now() at time zone 'UTC')::date`, [k1])).rows).toEqual([]);
    } finally {
      await db.exec(`delete from public.form_step_counts where form = 'assessment'; insert into public.form_step_counts select * from counts_aside; drop table counts_aside`);
    }
  });

  it('counts at most 100 steps of a form a day from one address: a script calling 150 times counts 100, and others still count', async () => {
    await db.exec(`create temporary table counts_aside as select * from public.form_step_counts where form = 'assessment'; delete from public.form_step_counts where form = 'assessment'`);
    try {
      for (let i = 0; i < 150; i++) await visitor(k1, null, null, 'assessment', '203.0.113.7');
      expect(await counted()).toEqual([{ step: k1, visits: 100 }]);
      // Another address counts as before.
      await visitor(k1, null, null, 'assessment', '198.51.100.20');
      await visitor(k2, 30, k1, 'assessment', '198.51.100.20');
      expect(Object.fromEntries((await counted()).map((r) => [r.step, r.visits]))).toEqual({ [k1]: 101, [k2]: 1 });
      // No address is stored, only the day's salted fingerprints, which visitors and accounts cannot read or clear.
      const { rows } = await db.query<{ caller: string }>('select caller from public.form_step_callers');
      expect(rows).toHaveLength(2);
      for (const { caller } of rows) expect(caller).toMatch(/^[0-9a-f]{32}$/);
      await expectRefused(as(db, 'anon', null, () => db.query('select * from public.form_step_callers')), '42501');
      await expectRefused(as(db, 'authenticated', USER, () => db.query('delete from public.form_step_callers')), '42501');
      await expectRefused(as(db, 'anon', null, () => db.query('select * from public.form_step_salts')), '42501');
    } finally {
      await db.exec(`delete from public.form_step_counts where form = 'assessment'; insert into public.form_step_counts select * from counts_aside; drop table counts_aside`);
    }
  });

  it('caps the visits starting a form at 5,000 a day', async () => {
    await db.query(`update public.form_step_counts set visits = 5000 where form = 'assessment' and step_key = $1`, [k1]);
    await visitor(k1);
    expect((await counted()).find((r) => r.step === k1)?.visits).toBe(5000);
  });

  it('refuses a form that is no wizard and a step it does not have, with a sentence', async () => {
    await expectRefused(visitor(k1, null, null, 'contact'), '22023');
    await expectRefused(visitor(k1, null, null, 'no-such-form'), '22023');
    await expectRefused(visitor('no_such_step'), '22023');
    await expectRefused(visitor('1'), '22023');
  });

  it('keeps each day under the step it was counted for when steps are added, reordered or removed', async () => {
    // A new step, first after step 2, and step 3 taken out: what step 3 counted stays, as a step no longer in the form.
    const keys = [k1, k2, 'funding', k4];
    const titles = [assessment.titles[0]!, assessment.titles[1]!, 'Funding', assessment.titles[3]!];
    await db.query('select public.declare_form_step_keys($1, $2, $3)', ['assessment', keys, titles]);
    await visitor('funding', 5, k2);
    const steps = await funnel();
    expect(steps.map((s) => [s.step, s.step_position])).toEqual([[k1, 1], [k2, 2], ['funding', 3], [k4, 4], ['sent', 5], [k3, null]]);
    expect(steps.find((s) => s.step === k3)).toMatchObject({ title: assessment.titles[2], visits: 1 });
    // The new step is compared with the visits that started since it exists: today's.
    expect(steps.find((s) => s.step === 'funding')).toMatchObject({ visits: 1, started: 5000 });
  });

  it('lets visitors and accounts add one, never read, write or remove counts; and shows the funnel to staff only', async () => {
    for (const [role, user] of [['anon', null], ['authenticated', USER]] as const) {
      await expectRefused(as(db, role, user, () => db.query('select * from public.form_step_counts')), '42501');
      await expectRefused(as(db, role, user, () => db.query('select * from public.form_steps')), '42501');
      await expectRefused(as(db, role, user, () => db.query(`update public.form_step_counts set visits = 0`)), '42501');
      await expectRefused(as(db, role, user, () => db.query(`insert into public.form_step_counts (form, day, step_key) values ('assessment', current_date + 1, 'x')`)), '42501');
      await expectRefused(as(db, role, user, () => db.query(`select public.declare_form_step_keys('assessment', array['x'], array['X'])`)), '42501');
      await expectRefused(as(db, role, user, () => db.query('select * from public.form_step_keys')), '42501');
    }
    await expectRefused(as(db, 'anon', null, () => db.query(`select * from public.staff_overview_funnel('assessment')`)), '42501');
    expect((await as(db, 'authenticated', USER, () => db.query(`select * from public.staff_overview_funnel('assessment')`))).rows).toEqual([]);
  });
});

describe.each(ENGINES)('counts kept by position before steps had keys (%s)', (engine) => {
  it('are carried over to the keys of the steps that stood there, and "sent"', async () => {
    // The database as it was before 20261127020000, with a day of counts by position.
    const dir = mkdtempSync(join(tmpdir(), 'funnel-'));
    cpSync(join(root, 'supabase', 'bootstrap'), join(dir, 'bootstrap'), { recursive: true });
    cpSync(join(root, 'supabase', 'seed.sql'), join(dir, 'seed.sql'));
    mkdirSync(join(dir, 'migrations'));
    const all = readdirSync(join(root, 'supabase', 'migrations')).sort();
    const copy = (files: string[]) => files.forEach((f) => cpSync(join(root, 'supabase', 'migrations', f), join(dir, 'migrations', f)));
    copy(all.filter((f) => f < '20261127020000'));
    const db = await freshDatabase(engine, dir);
    try {
      for (const [step, seconds] of [[1, null], [1, null], [2, 30], [3, 5], [4, 5], [5, 20]] as const) await db.query('select public.record_form_step($1, $2::integer, $3)', ['assessment', step, seconds]);
      copy(all.filter((f) => f >= '20261127020000'));
      await migrate(db, { dir });
      const { rows } = await db.query<{ step_key: string; visits: number }>(`select step_key, visits::int from public.form_step_counts where form = 'assessment' order by visits desc, step_key`);
      expect(rows).toEqual([
        { step_key: k1, visits: 2 },
        ...[k2, k3, k4, 'sent'].sort().map((step_key) => ({ step_key, visits: 1 })),
      ]);
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
