/**
 * What a member sees of what they sent (supabase/migrations/*_members_see_what_they_sent.sql, decision
 * 038): every submission made while signed in, newest first, with its answers and where it stands in
 * the visitor's words; nothing of anyone else's, nothing for a visitor, never staff notes. Every public
 * form of schemas/forms.json is covered, so a new form is tested without a test edit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicForms } from '../support/declared-forms';
import { sampleAnswers } from '../support/sample-answers';
import { as, ENGINES, expectRefused, freshDatabase, sendAs, type Db } from './database';
import { stampsOff } from '../support/stamps';

const ANA = '00000000-0000-4000-8000-0000000000a1';
const BEN = '00000000-0000-4000-8000-0000000000b2';
const NOBODY = '00000000-0000-4000-8000-0000000000c3';

type Mine = { submission_id: string; form: string; sent_at: Date; state: string; answers: Record<string, unknown> | null };

describe.each(ENGINES)('a member’s own submissions, on %s', (engine) => {
  let db: Db;
  const sent: { who: string | null; form: string; table: string; row: Record<string, unknown>; id: string }[] = [];

  async function send(who: string | null, form: (typeof publicForms)[number], row: Record<string, unknown>) {
    sent.push({ who, form: form.name, table: form.table, row, id: await sendAs(db, who, form.table, row) });
  }
  const mine = (who: string) => as(db, 'authenticated', who, () => db.query<Mine>('select * from public.my_submissions()')).then((r) => r.rows);

  beforeAll(async () => {
    db = await freshDatabase(engine);
    await stampsOff(db);
    for (const [id, email] of [[ANA, 'ana@example.org'], [BEN, 'ben@example.org']]) await db.query('insert into auth.users (id, email) values ($1, $2)', [id, email]);
    for (const form of publicForms) {
      const answers = (who: string) => sampleAnswers(form.definition.schema as Parameters<typeof sampleAnswers>[0], { [form.replyTo]: `${who}.${form.name}@example.org` });
      await send(ANA, form, answers('ana'));
      await send(null, form, answers('visitor'));
    }
    await send(BEN, publicForms[0]!, sampleAnswers(publicForms[0]!.definition.schema as Parameters<typeof sampleAnswers>[0], { [publicForms[0]!.replyTo]: 'ben@example.org' }));
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  it('gives a member every submission they sent while signed in, newest first, with the answers as sent', async () => {
    const own = sent.filter((s) => s.who === ANA).reverse();
    const rows = await mine(ANA);
    expect(rows.map((r) => ({ id: r.submission_id, form: r.form, state: r.state }))).toEqual(own.map((s) => ({ id: s.id, form: s.form, state: 'received' })));
    rows.forEach((r, i) => {
      // The answers as the form's table holds them (its row without id and time): what staff read too.
      for (const [field, value] of Object.entries(own[i]!.row)) expect(r.answers?.[field], `${r.form}.${field}`).toEqual(value);
      expect(r.answers).not.toHaveProperty('id');
    });
  });

  it('shows another member, a visitor and an account with nothing sent nothing of it', async () => {
    const ben = await mine(BEN);
    expect(ben.map((r) => r.submission_id)).toEqual(sent.filter((s) => s.who === BEN).map((s) => s.id));
    expect(await mine(NOBODY)).toEqual([]);
    await expectRefused(as(db, 'anon', null, () => db.query('select * from public.my_submissions()')), '42501');
    // Nor can a member read the inbox itself, or the forms' tables, to find the rest.
    expect((await as(db, 'authenticated', ANA, () => db.query('select * from public.staff_inbox'))).rows).toEqual([]);
  });

  it('says where each stands in the visitor’s words as staff work it, and never shows staff notes', async () => {
    const [first] = sent.filter((s) => s.who === ANA);
    const states: Record<string, string> = { new: 'received', in_progress: 'being handled', replied: 'answered', closed: 'closed' };
    for (const [status, state] of Object.entries(states)) {
      await db.query(`update public.staff_inbox set status = $1, note = 'Internal: call back after the board meeting' where submission_id = $2`, [status, first!.id]);
      const row = (await mine(ANA)).find((r) => r.submission_id === first!.id);
      expect(row?.state).toBe(state);
      expect(JSON.stringify(await mine(ANA))).not.toContain('Internal');
    }
  });

  it('saves what a token of an account that no longer exists sends, as a visitor\'s', async () => {
    const form = publicForms[0]!;
    await send(NOBODY, form, sampleAnswers(form.definition.schema as Parameters<typeof sampleAnswers>[0]));
    const { rows } = await db.query<{ sender_id: string | null }>('select sender_id from public.staff_inbox where submission_id = $1', [sent.at(-1)!.id]);
    expect(rows).toEqual([{ sender_id: null }]);
    expect(await mine(NOBODY)).toEqual([]);
  });

  it('records the sender from the verified token only: staff cannot change it, and no request can name one', async () => {
    const { rows } = await db.query<{ sender_id: string | null }>('select sender_id from public.staff_inbox where submission_id = $1', [sent.find((s) => s.who === null)!.id]);
    expect(rows[0]!.sender_id).toBeNull();
    await expectRefused(as(db, 'authenticated', ANA, () => db.query('update public.staff_inbox set sender_id = $1', [ANA]), { app_metadata: { staff: true } }), '42501');
    const form = publicForms[0]!;
    const row = { ...sampleAnswers(form.definition.schema as Parameters<typeof sampleAnswers>[0]), sender_id: ANA };
    const columns = Object.keys(row);
    await expect(
      as(db, 'anon', null, () => db.query(`insert into public.${form.table} (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`, Object.values(row))),
    ).rejects.toThrow(/sender_id/);
  });
});
