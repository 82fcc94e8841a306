/**
 * Who may read and work submissions (supabase/migrations/*_staff_workspace.sql, decision 019): staff,
 * whose JWT says app_metadata.staff, read every form's answers and the inbox, and change only a
 * submission's status and note, each change recorded; visitors and ordinary users read nothing.
 * Every public form of schemas/forms.json is covered, so a new form is tested without a test edit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicForms } from '../support/declared-forms';
import { sampleAnswers } from '../support/sample-answers';
import { as, ENGINES, expectRefused, freshDatabase, type Db, staffSession } from './database';
import { stampsOff } from '../support/stamps';

const STAFF = '00000000-0000-4000-8000-00000000000a';
const USER = '00000000-0000-4000-8000-00000000000b';
/** What a person could put in their own profile: user_metadata is theirs to write, so it must never count. */
const selfDeclared = { email: 'mallory@example.org', app_metadata: { provider: 'email' }, user_metadata: { staff: true } };

describe.each(ENGINES)('staff access to submissions, on %s', (engine) => {
  let db: Db;
  const forms = publicForms.map((form) => {
    const senderName = form.entry.notification.senderName;
    const row = sampleAnswers(form.definition.schema as Parameters<typeof sampleAnswers>[0], {
      [form.replyTo]: `Sender.${form.name}@Example.org`,
      ...(senderName ? { [senderName]: `Sender of ${form.name}` } : {}),
    });
    return { ...form, row };
  });
  let staffClaims: Awaited<ReturnType<typeof staffSession>>;
  const staff = <T>(work: () => Promise<T>) => as(db, 'authenticated', STAFF, work, staffClaims);

  beforeAll(async () => {
    db = await freshDatabase(engine);
    staffClaims = await staffSession(db, STAFF, 'lena@consultancy.example');
    await stampsOff(db);
    // One submission of each form, sent by a visitor, as the API saves it.
    for (const form of forms) {
      await db.exec('begin');
      await db.exec('set local role anon');
      const columns = Object.keys(form.row);
      await db.query(`insert into public.${form.table} (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`, Object.values(form.row));
      await db.exec('commit');
    }
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  it('lists every submission in the inbox with its form, sender, lower-cased email and organization', async () => {
    const { rows } = await db.query<Record<string, unknown>>('select form, form_table, name, email, organization, status from public.staff_inbox order by seq');
    expect(rows).toEqual(
      forms.map((form) => ({
        form: form.name,
        form_table: form.table,
        name: form.entry.notification.senderName ? `Sender of ${form.name}` : null,
        email: `sender.${form.name}@example.org`,
        organization: form.entry.notification.senderOrganization ? form.row[form.entry.notification.senderOrganization] : null,
        status: 'new',
      })),
    );
  });

  it('lets staff read every answer, the inbox and each email’s delivery state', async () => {
    for (const form of forms) expect((await staff(() => db.query(`select * from public.${form.table}`))).rows).toHaveLength(1);
    expect((await staff(() => db.query('select * from public.staff_inbox'))).rows).toHaveLength(forms.length);
    // One staff email per submission, and the sender's copy for the forms that send one.
    const emails = (await staff(() => db.query<{ recipient: string }>('select submission_id, recipient, state from public.form_notifications'))).rows;
    expect(emails.filter((e) => e.recipient === 'staff')).toHaveLength(forms.length);
    // (a double opt-in form's sender gets the request to confirm instead, decision 052)
    expect(emails.filter((e) => e.recipient === 'sender')).toHaveLength(forms.filter((f) => f.entry.notification.copyToSender || f.entry.notification.optIn).length);
    // The sender's network address stays out of staff's reach.
    await expectRefused(staff(() => db.query('select client_address from public.form_notifications')), '42501');
  });

  it('shows visitors nothing, and signed-in people nothing, even when they call themselves staff', async () => {
    const readable = [...forms.map((f) => `* from public.${f.table}`), '* from public.staff_inbox', '* from public.staff_inbox_events', 'submission_id, state from public.form_notifications'];
    for (const query of readable) {
      await expectRefused(as(db, 'anon', null, () => db.query(`select ${query}`)), '42501');
      expect((await as(db, 'authenticated', USER, () => db.query(`select ${query}`))).rows, query).toEqual([]);
      expect((await as(db, 'authenticated', USER, () => db.query(`select ${query}`), selfDeclared)).rows, query).toEqual([]);
    }
    const changed = await as(db, 'authenticated', USER, () => db.query(`update public.staff_inbox set status = 'closed'`), selfDeclared);
    expect(changed.affectedRows).toBe(0);
  });

  it('ends staff access with the session: a staff token whose session was ended (signed out everywhere) reads and changes nothing', async () => {
    const signedOut = await staffSession(db, STAFF, 'lena@consultancy.example');
    await db.query('delete from auth.sessions where id = $1', [signedOut.session_id]);
    const asSignedOut = <T>(work: () => Promise<T>) => as(db, 'authenticated', STAFF, work, signedOut);
    for (const query of [...forms.map((f) => `* from public.${f.table}`), '* from public.staff_inbox', 'submission_id, state from public.form_notifications']) {
      expect((await asSignedOut(() => db.query(`select ${query}`))).rows, query).toEqual([]);
    }
    expect((await asSignedOut(() => db.query(`update public.staff_inbox set note = 'after sign-out'`))).affectedRows).toBe(0);
    // The same staff member's live session still works.
    expect((await staff(() => db.query('select * from public.staff_inbox'))).rows).toHaveLength(forms.length);
  });

  it('lets staff change a submission’s status and note only, never the answers or who sent them', async () => {
    for (const form of forms) {
      const column = form.replyTo;
      await expectRefused(staff(() => db.query(`update public.${form.table} set ${column} = 'someone@else.org'`)), '42501');
      await expectRefused(staff(() => db.query(`delete from public.${form.table}`)), '42501');
    }
    for (const column of ['name', 'email', 'organization', 'form', 'created_at', 'updated_by']) {
      await expectRefused(staff(() => db.query(`update public.staff_inbox set ${column} = ${column}`)), '42501');
    }
    await expectRefused(staff(() => db.query(`update public.staff_inbox set status = 'archived'`)), '23514');
    await expectRefused(staff(() => db.query('delete from public.staff_inbox')), '42501');
    await expectRefused(staff(() => db.query(`insert into public.staff_inbox_events (submission_id, field) select submission_id, 'status' from public.staff_inbox`)), '42501');
  });

  it('counts submissions per form and status as a hand count of the inbox gives, for staff only', async () => {
    type Count = { form: string; status: string; submissions: number };
    const counts = (args = 'null, null, null') => db.query<Count>(`select form, status, submissions::int from public.staff_inbox_counts(${args}) order by form, status`).then((r) => r.rows);
    const byHand = (rows: { form: string; status: string }[]) => {
      const tally = new Map<string, Count>();
      for (const { form, status } of rows) {
        const key = `${form} ${status}`;
        tally.set(key, { form, status, submissions: (tally.get(key)?.submissions ?? 0) + 1 });
      }
      return [...tally.values()].sort((a, b) => a.form.localeCompare(b.form) || a.status.localeCompare(b.status));
    };
    const one = publicForms[0]!.name;
    // In one staff session (each is rolled back at its end): one submission worked on, so statuses differ.
    const seen = await staff(async () => {
      await db.query(`update public.staff_inbox set status = 'closed' where seq = (select max(seq) from public.staff_inbox)`);
      return {
        inbox: (await db.query<{ form: string; status: string }>('select form, status from public.staff_inbox')).rows,
        all: await counts(),
        // The search narrows the count as it narrows the list: one sender's address.
        searched: await counts(`null, null, 'sender.${one}@'`),
        // A date range after every submission counts nothing; one around them counts them all.
        later: await counts(`now() + interval '1 day', null, null`),
        around: await counts(`now() - interval '1 day', now() + interval '1 day', null`),
      };
    });
    expect(new Set(seen.inbox.map((r) => r.status)).size).toBeGreaterThan(1);
    expect(seen.all).toEqual(byHand(seen.inbox));
    expect(seen.searched).toEqual(byHand(seen.inbox.filter((r) => r.form === one)));
    expect(seen.later).toEqual([]);
    expect(seen.around).toEqual(byHand(seen.inbox));
    // Visitors may not call it; signed-in people who are not staff count nothing.
    await expectRefused(as(db, 'anon', null, () => db.query('select * from public.staff_inbox_counts()')), '42501');
    expect((await as(db, 'authenticated', USER, () => db.query('select * from public.staff_inbox_counts()'), selfDeclared)).rows).toEqual([]);
  });

  it('lets staff search every text answer, through an index', async () => {
    const contact = forms.find((form) => form.name === 'contact')!;
    const message = 'Our food pantry needs a volunteer rota.\nSecond line, said once.';
    const page = (search: string) => db.query<{ name: string }>(`select name from public.staff_inbox_page(p_search => $1)`, [search]).then((r) => r.rows);
    await db.exec('begin');
    await db.exec('set local role anon');
    await db.query(`insert into public.${contact.table} (name, email, subject, message) values ('Ines Paz', 'ines@example.org', 'Feedback', $1)`, [message]);
    await db.exec('commit');
    expect(await staff(() => page('volunteer rota'))).toEqual([{ name: 'Ines Paz' }]);
    // The words of a second line are found too; the page sends the search lower-cased.
    expect(await staff(() => page('second line, said once'))).toEqual([{ name: 'Ines Paz' }]);
    expect(await staff(() => db.query<{ submissions: number }>(`select submissions::int from public.staff_inbox_counts(p_search => 'volunteer rota')`).then((r) => r.rows))).toEqual([{ submissions: 1 }]);
    // Every listed submission has its answers to search.
    expect((await db.query('select count(*)::int as n from public.staff_inbox where answers_text is null')).rows).toEqual([{ n: 0 }]);
    // Nobody else reads anything through the functions.
    await expectRefused(as(db, 'anon', null, () => page('volunteer rota')), '42501');
    expect(await as(db, 'authenticated', USER, () => page('volunteer rota'), selfDeclared)).toEqual([]);
    expect(await as(db, 'authenticated', USER, () => db.query('select * from public.staff_inbox_page()').then((r) => r.rows), selfDeclared)).toEqual([]);
    // The functions read the table as its owner, for whom a search can use the trigram index.
    await db.exec('begin; set local role hosted_postgres; set local enable_seqscan = off');
    const lines = (await db.query<Record<string, string>>(`explain select submission_id from public.staff_inbox_search where search like '%volunteer rota%'`)).rows.map((r) => Object.values(r)[0]);
    await db.exec('rollback');
    expect(lines.join('\n')).toContain('Index Scan on staff_inbox_search_trigrams');
    // A change of status, note or follow-up leaves what it is found by alone, not even rewritten (decision 050).
    const found = () =>
      db.query<{ search: string; version: string }>(`select s.search, s.xmin::text as version from public.staff_inbox_search s join public.staff_inbox i using (submission_id) where i.name = 'Ines Paz'`).then((r) => r.rows);
    const before = await found();
    expect(before).toHaveLength(1);
    expect(before[0]!.search).toContain('volunteer rota');
    await db.query(`update public.staff_inbox set status = 'in_progress', follow_up_on = current_date, note = 'Called' where name = 'Ines Paz'`);
    expect(await found()).toEqual(before);
  });

  it('records who changed what and when, one event per changed field', async () => {
    const events = await staff(async () => {
      const { rows } = await db.query<{ submission_id: string }>('select submission_id from public.staff_inbox order by seq limit 1');
      const id = rows[0]!.submission_id;
      await db.query(`update public.staff_inbox set status = 'in_progress', note = 'Called back, wants a quote' where submission_id = $1`, [id]);
      await db.query(`update public.staff_inbox set status = 'replied' where submission_id = $1`, [id]);
      const inbox = (await db.query('select status, note, updated_by from public.staff_inbox where submission_id = $1', [id])).rows[0];
      const history = (await db.query('select actor_id, actor_email, field, old_value, new_value from public.staff_inbox_events where submission_id = $1 order by id', [id])).rows;
      return { inbox, history };
    });
    expect(events.inbox).toEqual({ status: 'replied', note: 'Called back, wants a quote', updated_by: staffClaims.email });
    expect(events.history).toEqual([
      { actor_id: STAFF, actor_email: staffClaims.email, field: 'status', old_value: 'new', new_value: 'in_progress' },
      { actor_id: STAFF, actor_email: staffClaims.email, field: 'note', old_value: null, new_value: 'Called back, wants a quote' },
      { actor_id: STAFF, actor_email: staffClaims.email, field: 'status', old_value: 'in_progress', new_value: 'replied' },
    ]);
  });
});
