/**
 * Double opt-in (supabase/migrations/20261128090000_newsletter_double_opt_in.sql, decision 052): every
 * sign-up of an "optIn" form gets a secret token and the request to confirm in the outbox; only a press
 * with that token confirms or unsubscribes; nobody but staff reads the list's state or the tokens.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicForms } from '../support/declared-forms';
import { as, ENGINES, expectRefused, freshDatabase, sendAs, staffSession, type Db } from './database';
import { stampsOff } from '../support/stamps';

const optInForms = publicForms.filter((form) => form.entry.notification.optIn);
const STAFF = '00000000-0000-4000-8000-00000000000a';

describe.each(ENGINES)('double opt-in, on %s', (engine) => {
  let db: Db;
  let staffClaims: Awaited<ReturnType<typeof staffSession>>;
  const form = optInForms[0]!;
  const tokenOf = async (id: string) => (await db.query<{ token: string }>('select token from public.opt_ins where submission_id = $1', [id])).rows[0]!.token;
  const stateOf = async (id: string) =>
    (await db.query<{ confirmed: boolean; unsubscribed: boolean }>('select confirmed_at is not null as confirmed, unsubscribed_at is not null as unsubscribed from public.opt_ins where submission_id = $1', [id])).rows[0];
  const call = (fn: 'confirm_opt_in' | 'unsubscribe_opt_in', token: string) =>
    as(db, 'anon', null, async () => (await db.query<{ answer: string }>(`select public.${fn}($1) as answer`, [token])).rows[0]!.answer).then(async (answer) => {
      // as() rolls back: press again for real, as a request would, once the answer is known.
      await db.query(`select public.${fn}($1)`, [token]);
      return answer;
    });

  beforeAll(async () => {
    db = await freshDatabase(engine);
    await stampsOff(db);
    staffClaims = await staffSession(db, STAFF, 'lena@consultancy.example');
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  it('is declared by the newsletter', () => {
    expect(optInForms.map((f) => f.name)).toEqual(['newsletter']);
  });

  it('queues one request to confirm (no copy) with a token for each sign-up, and confirms only by that token', async () => {
    const id = await sendAs(db, null, form.table, { [form.replyTo]: 'ana@casaverde.org' });
    const emails = await db.query<{ recipient: string }>('select recipient from public.form_notifications where submission_id = $1 order by recipient', [id]);
    expect(emails.rows.map((e) => e.recipient)).toEqual(['sender', 'staff']);
    expect(await stateOf(id)).toEqual({ confirmed: false, unsubscribed: false });
    const token = await tokenOf(id);

    expect(await call('confirm_opt_in', crypto.randomUUID())).toBe('unknown');
    expect(await stateOf(id)).toEqual({ confirmed: false, unsubscribed: false });
    expect(await call('confirm_opt_in', token)).toBe('confirmed');
    expect(await stateOf(id)).toEqual({ confirmed: true, unsubscribed: false });
    expect(await call('unsubscribe_opt_in', token)).toBe('unsubscribed');
    expect(await stateOf(id)).toEqual({ confirmed: true, unsubscribed: true });
    // Pressing Confirm again is asking to be on the list again.
    expect(await call('confirm_opt_in', token)).toBe('confirmed');
    expect(await stateOf(id)).toEqual({ confirmed: true, unsubscribed: false });
  });

  it('lets no visitor or member read the tokens or the list, nor write them; staff read both', async () => {
    const id = await sendAs(db, null, form.table, { [form.replyTo]: 'ben@casaverde.org' });
    for (const role of ['anon', 'authenticated'] as const) {
      // A visitor may not ask; a member (not staff) gets nothing back.
      if (role === 'anon') await as(db, role, null, () => expectRefused(db.query('select token from public.opt_ins'), '42501'));
      else expect(await as(db, role, '00000000-0000-4000-8000-00000000000b', async () => (await db.query('select token from public.opt_ins')).rows)).toEqual([]);
      await as(db, role, null, () => expectRefused(db.query('update public.opt_ins set confirmed_at = now()'), '42501'));
      await as(db, role, null, () => expectRefused(db.query('insert into public.opt_ins (submission_id, form_table) values ($1, $2)', [crypto.randomUUID(), form.table]), '42501'));
      // A visitor cannot send a row that says it is confirmed: the form's insert grant names its questions only.
      await as(db, role, null, () => expectRefused(db.query(`insert into public.${form.table} (id, ${form.replyTo}, created_at) values ($1, 'x@y.org', now())`, [crypto.randomUUID()]), '42501'));
    }
    const seen = await as(db, 'authenticated', STAFF, async () => (await db.query<{ token: string }>('select token from public.opt_ins where submission_id = $1', [id])).rows, staffClaims);
    expect(seen).toEqual([{ token: await tokenOf(id) }]);
  });

  it('holds the owner\'s last choice for the address, whichever of its sign-ups\' emails it was made from, and for no other address', async () => {
    const first = await sendAs(db, null, form.table, { [form.replyTo]: 'dora@casaverde.org' });
    const second = await sendAs(db, null, form.table, { [form.replyTo]: 'Dora@CasaVerde.org' });
    const neighbour = await sendAs(db, null, form.table, { [form.replyTo]: 'dorian@casaverde.org' });
    // Confirming from the first email confirms the address, so its second sign-up too (typed in capitals).
    expect(await call('confirm_opt_in', await tokenOf(first))).toBe('confirmed');
    expect(await stateOf(second)).toEqual({ confirmed: true, unsubscribed: false });
    expect(await call('confirm_opt_in', await tokenOf(neighbour))).toBe('confirmed');
    // Unsubscribe in the second email: the address is off the list, its first sign-up with it.
    expect(await call('unsubscribe_opt_in', await tokenOf(second))).toBe('unsubscribed');
    expect(await stateOf(first)).toEqual({ confirmed: true, unsubscribed: true });
    expect(await stateOf(second)).toEqual({ confirmed: true, unsubscribed: true });
    expect(await stateOf(neighbour)).toEqual({ confirmed: true, unsubscribed: false });
    // Confirm in the first email again: back on, both sign-ups.
    expect(await call('confirm_opt_in', await tokenOf(first))).toBe('confirmed');
    expect(await stateOf(first)).toEqual({ confirmed: true, unsubscribed: false });
    expect(await stateOf(second)).toEqual({ confirmed: true, unsubscribed: false });
  });

  it('puts a new sign-up of an address on the list already on it too (staff read it as subscribed), but not one of an address that left', async () => {
    const first = await sendAs(db, null, form.table, { [form.replyTo]: 'eli@casaverde.org' });
    expect(await call('confirm_opt_in', await tokenOf(first))).toBe('confirmed');
    const confirmedAt = async (id: string) => (await db.query<{ at: Date | null }>('select confirmed_at as at from public.opt_ins where submission_id = $1', [id])).rows[0]!.at;
    const again = await sendAs(db, null, form.table, { [form.replyTo]: 'Eli@casaverde.org' });
    expect(await stateOf(again)).toEqual({ confirmed: true, unsubscribed: false });
    expect(await confirmedAt(again)).toEqual(await confirmedAt(first));
    // Its request to confirm is sent as to anyone: the emails say nothing of whether the address is on the list.
    const emails = await db.query<{ recipient: string }>('select recipient from public.form_notifications where submission_id = $1 order by recipient', [again]);
    expect(emails.rows.map((e) => e.recipient)).toEqual(['sender', 'staff']);

    // Unsubscribed: a new sign-up waits for its own confirmation.
    expect(await call('unsubscribe_opt_in', await tokenOf(again))).toBe('unsubscribed');
    const back = await sendAs(db, null, form.table, { [form.replyTo]: 'eli@casaverde.org' });
    expect(await stateOf(back)).toEqual({ confirmed: false, unsubscribed: false });
    // Another address, or an address of another form, is not helped onto the list by it.
    expect(await stateOf(await sendAs(db, null, form.table, { [form.replyTo]: 'elise@casaverde.org' }))).toEqual({ confirmed: false, unsubscribed: false });
  });

  it('confirms no submission staff deleted but still unsubscribes it, and answers a made-up token unknown, never an error', async () => {
    const id = await sendAs(db, null, form.table, { [form.replyTo]: 'cleo@casaverde.org' });
    const token = await tokenOf(id);
    await as(db, 'authenticated', STAFF, () => db.query('select public.staff_delete_submissions($1)', [[id]]), staffClaims).catch(() => undefined);
    await db.query(`delete from public.${form.table} where id = $1`, [id]);
    expect(await call('confirm_opt_in', token)).toBe('unknown');
    // Its unsubscribe link, which may still be in the tool the newsletter is sent with, still works.
    expect(await call('unsubscribe_opt_in', token)).toBe('unsubscribed');
    expect(await call('unsubscribe_opt_in', crypto.randomUUID())).toBe('unknown');
  });
});
