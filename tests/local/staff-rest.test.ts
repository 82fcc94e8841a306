/**
 * The staff inbox through the API, with the calls /staff makes (src/features/staff/inbox-query.ts):
 * visitors and ordinary users read nothing, staff read and page through everything, filter, search,
 * and change only a submission's status and note.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startGateway, type Gateway } from '../../supabase/local/gateway';
import { localKeys, signingKey } from '../../supabase/local/keys';
import { answersOf, inboxPage, notificationStates, submission, updateSubmission } from '../../src/features/staff/inbox-query';
import { ENGINES, freshDatabase, staffSession, type Db } from '../db/database';
import { testAuth } from './auth-settings';
import { stampsOff } from '../support/stamps';

const contact = (i: number, name = `Visitor ${i}`) => ({ name, email: `Visitor${i}@Example.org`, subject: 'Feedback', message: `Message ${i}` });

describe.each(ENGINES)('the staff inbox through /rest/v1, on %s', (engine) => {
  let db: Db;
  let gateway: Gateway;
  let api: string;
  let anon: SupabaseClient;
  let member: SupabaseClient;
  let staff: SupabaseClient;

  const as = async (claims: Record<string, unknown>) => {
    const token = await new SignJWT({ role: 'authenticated', aud: 'authenticated', ...claims }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('10m').sign(signingKey);
    const { anon: key } = await localKeys();
    return createClient(api, key, { realtime: { transport: WebSocket as never }, auth: { persistSession: false, autoRefreshToken: false }, global: { headers: { Authorization: `Bearer ${token}` } } });
  };

  beforeAll(async () => {
    db = await freshDatabase(engine);
    await stampsOff(db);
    gateway = await startGateway({ functions: { functions: new Map() }, db, auth: testAuth(0), port: 0 });
    api = `http://127.0.0.1:${gateway.port}`;
    anon = createClient(api, (await localKeys()).anon, { realtime: { transport: WebSocket as never }, auth: { persistSession: false, autoRefreshToken: false } });
    member = await as({ sub: '00000000-0000-4000-8000-00000000000b', email: 'member@example.org', app_metadata: { provider: 'email' }, user_metadata: { staff: true } });
    staff = await as({ sub: '00000000-0000-4000-8000-00000000000a', ...(await staffSession(db, '00000000-0000-4000-8000-00000000000a', 'lena@consultancy.example')) });
    // 120 inquiries saved as visitors save them, one transaction each (through the API, the per-network
    // cap would stop one address at 30 an hour).
    for (let i = 1; i <= 120; i++) {
      const row = contact(i, i === 7 ? 'Ana 100%_Ruiz' : undefined);
      await db.exec('begin; set local role anon');
      await db.query('insert into public.contact_submissions (name, email, subject, message) values ($1, $2, $3, $4)', [row.name, row.email, row.subject, row.message]);
      await db.exec('commit');
    }
  }, 120_000);
  afterAll(async () => {
    await gateway?.close();
    await db?.close();
  });

  it('shows visitors and ordinary users nothing, even one who put "staff" in their own profile', async () => {
    const { error } = await anon.from('staff_inbox').select('*');
    expect(error).toMatchObject({ code: '42501' });
    expect((await anon.from('contact_submissions').select('*')).error).toMatchObject({ code: '42501' });
    expect(await inboxPage(member, {})).toEqual({ rows: [], more: false });
    expect((await member.from('contact_submissions').select('*')).data).toEqual([]);
    const { data: changed } = await member.from('staff_inbox').update({ status: 'closed' }).eq('status', 'new').select('submission_id');
    expect(changed).toEqual([]);
  });

  it('pages staff through every submission newest first, 50 at a time, without repeats or gaps', async () => {
    const seen: string[] = [];
    let before: number | undefined;
    for (;;) {
      const page = await inboxPage(staff, {}, before);
      seen.push(...page.rows.map((r) => r.name!));
      if (!page.more) break;
      before = page.rows.at(-1)!.seq;
    }
    expect(seen).toEqual(Array.from({ length: 120 }, (_, i) => (120 - i === 7 ? 'Ana 100%_Ruiz' : `Visitor ${120 - i}`)));
    const first = await inboxPage(staff, {});
    expect(first.rows[0]).toMatchObject({ form: 'contact', form_table: 'contact_submissions', email: 'visitor120@example.org', status: 'new' });
    const states = await notificationStates(staff, first.rows.map((r) => r.submission_id));
    expect([...states.values()].every((s) => s === 'pending')).toBe(true);
  });

  it('filters by form, status and day, and searches name, email or organization with % and _ taken literally', async () => {
    expect((await inboxPage(staff, { search: 'VISITOR11' })).rows.map((r) => r.name)).toEqual(['Visitor 119', 'Visitor 118', 'Visitor 117', 'Visitor 116', 'Visitor 115', 'Visitor 114', 'Visitor 113', 'Visitor 112', 'Visitor 111', 'Visitor 110', 'Visitor 11']);
    expect((await inboxPage(staff, { search: '100%_' })).rows.map((r) => r.name)).toEqual(['Ana 100%_Ruiz']);
    expect((await inboxPage(staff, { search: '1%' })).rows).toEqual([]);
    expect((await inboxPage(staff, { form: 'assessment' })).rows).toEqual([]);
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    expect((await inboxPage(staff, { form: 'contact', from: day, to: day }, undefined, 200)).rows).toHaveLength(120);
    expect((await inboxPage(staff, { to: '2020-01-01' })).rows).toEqual([]);
    expect((await inboxPage(staff, { status: 'replied' })).rows).toEqual([]);
  });

  it('lets staff change status and note, records who did, and keeps the answers as sent', async () => {
    const [row] = (await inboxPage(staff, { search: 'visitor42@' })).rows;
    await updateSubmission(staff, row!.submission_id, { status: 'in_progress', note: 'Call on Monday' });
    const opened = await submission(staff, row!.submission_id);
    expect(opened!.entry).toMatchObject({ status: 'in_progress', note: 'Call on Monday', updated_by: 'lena@consultancy.example' });
    expect(opened!.answers).toMatchObject(contact(42));
    expect(opened!.events.map((e) => [e.field, e.old_value, e.new_value, e.actor_email])).toEqual([
      ['status', 'new', 'in_progress', 'lena@consultancy.example'],
      ['note', null, 'Call on Monday', 'lena@consultancy.example'],
    ]);
    expect((await inboxPage(staff, { status: 'in_progress' })).rows.map((r) => r.submission_id)).toEqual([row!.submission_id]);
    // The answers and the listing's sender stay as the visitor sent them.
    expect((await staff.from('contact_submissions').update({ message: 'changed' }).eq('id', row!.submission_id)).error).toMatchObject({ code: '42501' });
    expect((await staff.from('staff_inbox').update({ email: 'someone@else.org' }).eq('submission_id', row!.submission_id)).error).toMatchObject({ code: '42501' });
    expect((await staff.from('staff_inbox').update({ status: 'archived' }).eq('submission_id', row!.submission_id)).error).toMatchObject({ code: '23514' });
    expect((await answersOf(staff, 'contact_submissions', [row!.submission_id])).get(row!.submission_id)).toMatchObject(contact(42));
  });
});
