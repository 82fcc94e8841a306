/**
 * A question may be named `t`, `f` or `saved`: the one-letter names the database's own functions give a
 * form's table when they read a whole submission (`select to_jsonb(t) from public.<form> t`). There a
 * column of that name wins over the row, so staff's email got one answer instead of the submission (or
 * none, and the email was dropped). Each reader of a whole submission is tried with such a form: staff's
 * email, a staff reply, a member's "what you sent", and the inbox listing a form's earlier submissions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diffStates } from '../../scripts/generate/db-diff';
import { desiredState } from '../../scripts/generate/db-state';
import { stampsOff } from '../support/stamps';
import { committedAs, ENGINES, freshDatabase, sendAs, staffSession, type Db } from './database';

const LENA = '00000000-0000-4000-8000-0000000008a1';
const ANA = '00000000-0000-4000-8000-0000000008a2';
const text = (title: string) => ({ type: 'string', title, maxLength: 100 });

const declaration = (listed: boolean) => ({
  name: 'aliases',
  schema: {
    type: 'object',
    required: ['email'],
    properties: { t: text('T'), f: text('F'), saved: text('Saved'), email: { type: 'string', title: 'Email', maxLength: 254, format: 'email' } },
  },
  entry: { type: 'Aliases', table: 'aliases', submittedBy: ['anon' as const, 'authenticated' as const], ...(listed ? { notification: { formType: 'Aliases', replyTo: 'email' } } : {}) },
});
const answers = (who: string) => ({ t: `t of ${who}`, f: `f of ${who}`, saved: `saved of ${who}`, email: `${who}@example.org` });

describe.each(ENGINES)('questions named like the functions’ table aliases, on %s', (engine) => {
  let db: Db;
  let earlier: string;

  beforeAll(async () => {
    db = await freshDatabase(engine);
    await stampsOff(db);
    // A form saved before it was listed in the inbox, then listed: the generated backfill reads each row.
    const unlisted = desiredState([declaration(false)]);
    for (const statement of diffStates({}, unlisted).statements) await db.exec(statement);
    await db.exec('grant insert on public.aliases to anon');
    earlier = (await db.query<{ id: string }>(`insert into public.aliases (t, f, saved, email) values ('t of before', 'f of before', 'saved of before', 'before@example.org') returning id`)).rows[0]!.id;
    for (const statement of diffStates(unlisted, desiredState([declaration(true)])).statements) await db.exec(statement);
    await db.query('insert into auth.users (id, email, email_confirmed_at) values ($1, $2, now())', [ANA, 'ana@example.org']);
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  it('emails staff the whole submission', async () => {
    const id = await sendAs(db, null, 'aliases', answers('visitor'));
    const { rows } = await db.query<{ recipient: string; answers: Record<string, unknown> }>(`select recipient, answers from public.claim_form_notifications('aliases', $1)`, [id]);
    expect(rows.map((r) => r.recipient)).toContain('staff');
    for (const row of rows) expect(row.answers, row.recipient).toMatchObject(answers('visitor'));
  });

  it('sends a staff reply to the address the submission holds', async () => {
    const id = await sendAs(db, null, 'aliases', answers('replied'));
    const lena = await staffSession(db, LENA, 'lena@consultancy.example');
    const reply = await committedAs(db, 'authenticated', LENA, () => db.query<{ id: string }>('select public.staff_send_reply($1, $2, $3) as id', [id, 'Re: yours', 'Hello']), lena);
    const { rows } = await db.query<{ answers: Record<string, unknown> }>('select answers from public.claim_staff_replies($1)', [reply.rows[0]!.id]);
    expect(rows.map((r) => r.answers)).toEqual([expect.objectContaining(answers('replied'))]);
  });

  it('shows a member what they sent', async () => {
    const id = await sendAs(db, ANA, 'aliases', answers('ana'));
    const { rows } = await committedAs(db, 'authenticated', ANA, () => db.query<{ submission_id: string; answers: Record<string, unknown> }>('select submission_id, answers from public.my_submissions()'));
    expect(rows).toEqual([{ submission_id: id, answers: answers('ana') }]);
  });

  it('lets staff find an earlier submission by any of its answers', async () => {
    const { rows } = await db.query<{ answers_text: string }>('select answers_text from public.staff_inbox where submission_id = $1', [earlier]);
    for (const answer of ['t of before', 'f of before', 'saved of before']) expect(rows[0]?.answers_text).toContain(answer);
  });
});
