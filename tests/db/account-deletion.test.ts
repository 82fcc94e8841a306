/**
 * A member deletes their account and everything they sent (supabase/migrations/*_members_delete_their_account.sql,
 * decision 040): only their own, only with their own token; the answers, queued emails, staff notes and
 * history go, the profile and the account go, and each inbox row stays as a marker that says its sender
 * deleted it. Every public form of schemas/forms.json is covered, so a new form is tested without a test edit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicForms } from '../support/declared-forms';
import { sampleAnswers } from '../support/sample-answers';
import { as, committedAs, ENGINES, expectRefused, freshDatabase, sendAs, staffSession, type Db } from './database';
import { stampsOff } from '../support/stamps';

const ANA = '00000000-0000-4000-8000-0000000000a1';
const BEN = '00000000-0000-4000-8000-0000000000b2';
const STAFF = '00000000-0000-4000-8000-0000000000d4';

describe.each(ENGINES)('a member deletes their account, on %s', (engine) => {
  let db: Db;
  let staffClaims: Awaited<ReturnType<typeof staffSession>>;
  const sent: { who: string | null; table: string; id: string }[] = [];

  async function send(who: string | null, form: (typeof publicForms)[number], address: string) {
    const row = sampleAnswers(form.definition.schema as Parameters<typeof sampleAnswers>[0], { [form.replyTo]: address });
    sent.push({ who, table: form.table, id: await sendAs(db, who, form.table, row) });
  }
  const deleteAccount = (who: string | null) =>
    committedAs(db, who ? 'authenticated' : 'anon', who, () => db.query<{ delete_my_account: number }>('select public.delete_my_account()'));
  const inboxRow = async (id: string) =>
    (await db.query<Record<string, unknown>>('select name, email, organization, answers_text, note, sender_id, withdrawn_at from public.staff_inbox where submission_id = $1', [id])).rows[0];

  beforeAll(async () => {
    db = await freshDatabase(engine);
    await stampsOff(db);
    const profile = { name: 'Ana', company: 'Casa Verde', title: 'Director', phone: '555-0100', city: 'Oakland', state: 'CA', zip: '94607' };
    for (const [id, email] of [[ANA, 'ana@example.org'], [BEN, 'ben@example.org']]) {
      await db.query('insert into auth.users (id, email, raw_user_meta_data) values ($1, $2, $3)', [id, email, JSON.stringify(profile)]);
    }
    for (const form of publicForms) {
      await send(ANA, form, 'ana@example.org');
      // A visitor who typed Ana's address: not hers to delete (decision 038).
      await send(null, form, 'ana@example.org');
    }
    await send(BEN, publicForms[0]!, 'ben@example.org');
    // Staff worked Ana's first submission: a status and a note, both in its history.
    staffClaims = await staffSession(db, STAFF, 'lena@consultancy.example');
    const first = sent.find((s) => s.who === ANA)!;
    await committedAs(db, 'authenticated', STAFF, () => db.query(`update public.staff_inbox set status = 'in_progress', note = 'Ana Ruiz: call back on Tuesday' where submission_id = $1`, [first.id]), staffClaims);
    expect((await db.query('select 1 from public.staff_inbox_events where submission_id = $1', [first.id])).rows).toHaveLength(2);
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  it('is refused to a visitor and to a token whose account does not exist, and deletes nothing', async () => {
    await expectRefused(deleteAccount(null), '42501');
    await expectRefused(deleteAccount('00000000-0000-4000-8000-0000000000c3'), '42501');
    expect((await db.query('select 1 from auth.users where id in ($1, $2)', [ANA, BEN])).rows).toHaveLength(2);
  });

  it('deletes the member’s answers, queued emails, notes, history, profile and account, and says how many submissions went', async () => {
    const hers = sent.filter((s) => s.who === ANA);
    expect((await deleteAccount(ANA)).rows).toEqual([{ delete_my_account: hers.length }]);
    for (const { table, id } of hers) {
      expect((await db.query(`select 1 from public.${table} where id = $1`, [id])).rows, table).toEqual([]);
      expect((await db.query('select 1 from public.form_notifications where submission_id = $1', [id])).rows).toEqual([]);
      // The marker staff keep: when, and nothing of the sender.
      const marker = await inboxRow(id);
      expect(marker).toMatchObject({ name: null, email: null, organization: null, answers_text: null, note: null, sender_id: null });
      expect(marker!.withdrawn_at).toBeInstanceOf(Date);
      const history = await db.query('select field, old_value, new_value, actor_id, actor_email from public.staff_inbox_events where submission_id = $1', [id]);
      expect(history.rows).toEqual([{ field: 'deleted', old_value: null, new_value: 'by its sender', actor_id: null, actor_email: null }]);
    }
    expect((await db.query('select 1 from auth.users where id = $1', [ANA])).rows).toEqual([]);
    expect((await db.query('select 1 from public.clients where user_id = $1', [ANA])).rows).toEqual([]);
    expect(JSON.stringify((await db.query('select * from public.staff_inbox_events')).rows)).not.toContain('Tuesday');
  });

  it('leaves what others sent, even to the member’s address, as it was', async () => {
    for (const { table, id } of sent.filter((s) => s.who !== ANA)) {
      expect((await db.query(`select 1 from public.${table} where id = $1`, [id])).rows, table).toHaveLength(1);
      expect((await inboxRow(id))!.withdrawn_at).toBeNull();
    }
    expect((await db.query('select 1 from auth.users where id = $1', [BEN])).rows).toHaveLength(1);
    expect((await db.query('select 1 from public.clients where user_id = $1', [BEN])).rows).toHaveLength(1);
  });

  it('lets no one change a deleted submission’s marker, and the same token cannot delete twice', async () => {
    const first = sent.find((s) => s.who === ANA)!;
    await expectRefused(
      as(db, 'authenticated', STAFF, () => db.query(`update public.staff_inbox set note = 'Ana again' where submission_id = $1`, [first.id]), staffClaims),
      'P0001',
    );
    await expectRefused(deleteAccount(ANA), '42501');
  });
});
