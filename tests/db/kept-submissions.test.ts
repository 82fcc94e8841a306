/**
 * A visitor keeps what they sent before signing in (supabase/migrations/*_a_sender_keeps_a_submission.sql,
 * decision 041): linked only with both proofs, the submission's id and the account's confirmed address the
 * form was sent with, within a week, once; staff's record of who changed it is left alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicForms } from '../support/declared-forms';
import { sampleAnswers } from '../support/sample-answers';
import { as, committedAs, ENGINES, expectRefused, freshDatabase, sendAs, type Db } from './database';
import { stampsOff } from '../support/stamps';

const ANA = '00000000-0000-4000-8000-0000000000a1';
const BEN = '00000000-0000-4000-8000-0000000000b2';
const CAROL = '00000000-0000-4000-8000-0000000000c3';

describe.each(ENGINES)('keeping a submission sent before signing in, on %s', (engine) => {
  let db: Db;
  const form = publicForms.find((f) => f.name === 'assessment') ?? publicForms[0]!;
  const sendFrom = (address: string) => sendAs(db, null, form.table, sampleAnswers(form.definition.schema as Parameters<typeof sampleAnswers>[0], { [form.replyTo]: address }));
  const keep = (who: string, id: string) => committedAs(db, 'authenticated', who, () => db.query<{ kept: boolean }>('select public.keep_my_submission($1) as kept', [id])).then((r) => r.rows[0]!.kept);
  const inbox = (id: string) => db.query<{ sender_id: string | null; updated_by: string | null; updated_at: Date | null }>('select sender_id, updated_by, updated_at from public.staff_inbox where submission_id = $1', [id]).then((r) => r.rows[0]!);
  const mine = (who: string) => as(db, 'authenticated', who, () => db.query<{ submission_id: string }>('select submission_id from public.my_submissions()')).then((r) => r.rows.map((row) => row.submission_id));

  beforeAll(async () => {
    db = await freshDatabase(engine);
    await stampsOff(db);
    await db.query("insert into auth.users (id, email, email_confirmed_at) values ($1, 'ana@example.org', now()), ($2, 'ben@example.org', now()), ($3, 'carol@example.org', null)", [ANA, BEN, CAROL]);
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  it('links it to the account whose confirmed address sent it, once, and the member then finds it', async () => {
    const id = await sendFrom('Ana@Example.org');
    const before = await inbox(id);
    expect(await keep(BEN, id)).toBe(false);
    expect((await inbox(id)).sender_id).toBeNull();
    expect(await keep(ANA, id)).toBe(true);
    expect(await mine(ANA)).toContain(id);
    // Not a change staff made: the inbox's "changed by" and its history stay as they were.
    expect(await inbox(id)).toEqual({ ...before, sender_id: ANA });
    expect((await db.query('select 1 from public.staff_inbox_events where submission_id = $1', [id])).rows).toEqual([]);
    expect(await keep(ANA, id)).toBe(false);
    expect(await keep(BEN, id)).toBe(false);
    expect(await mine(BEN)).not.toContain(id);
  });

  it('keeps nothing for an unconfirmed address, a week-old submission, an unknown id, a visitor or one already a member\'s', async () => {
    expect(await keep(CAROL, await sendFrom('carol@example.org'))).toBe(false);
    const old = await sendFrom('ana@example.org');
    await db.query("update public.staff_inbox set created_at = now() - interval '8 days' where submission_id = $1", [old]);
    expect(await keep(ANA, old)).toBe(false);
    expect(await keep(ANA, '00000000-0000-4000-8000-00000000dead')).toBe(false);
    const visitors = await sendFrom('ana@example.org');
    await expectRefused(as(db, 'anon', null, () => db.query('select public.keep_my_submission($1)', [visitors])), '42501');
    const bens = await sendAs(db, BEN, form.table, sampleAnswers(form.definition.schema as Parameters<typeof sampleAnswers>[0], { [form.replyTo]: 'ana@example.org' }));
    expect(await keep(ANA, bens)).toBe(false);
    expect((await inbox(bens)).sender_id).toBe(BEN);
  });
});
