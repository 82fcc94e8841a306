/**
 * Replies from the page (supabase/migrations/*_replies_from_the_page.sql, decision 049): staff queue a reply
 * through staff_send_reply, which keeps it in the history, marks the submission Replied and signs it with
 * their name; the outbox claims it once, with the answers that say where it goes; a deleted submission
 * keeps no reply. A member and a visitor can neither send, read nor claim one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicForms } from '../support/declared-forms';
import { sampleAnswers } from '../support/sample-answers';
import { as, committedAs, ENGINES, expectRefused, freshDatabase, sendAs, staffSession, type Db } from './database';
import { stampsOff } from '../support/stamps';

const LENA = '00000000-0000-4000-8000-0000000007a1';
const MEMBER = '00000000-0000-4000-8000-0000000007a2';

describe.each(ENGINES)('replies from the page, on %s', (engine) => {
  let db: Db;
  const form = publicForms[0]!;
  let sent = 0;
  const send = () => sendAs(db, null, form.table, sampleAnswers(form.definition.schema as Parameters<typeof sampleAnswers>[0], { [form.replyTo]: `reply${++sent}@example.org` }));
  let lena: Awaited<ReturnType<typeof staffSession>>;
  const reply = (id: string, subject = 'Re: your message', body = 'Hello,\n\nThank you.') =>
    committedAs(db, 'authenticated', LENA, () => db.query<{ id: string }>('select public.staff_send_reply($1, $2, $3) as id', [id, subject, body]), lena).then((r) => r.rows[0]!.id);
  const claim = (id: string | null = null) =>
    db.query<{ id: string; submission_id: string; answers: Record<string, unknown>; staff_name: string; subject: string; body: string }>('select * from public.claim_staff_replies($1)', [id]).then((r) => r.rows);

  beforeAll(async () => {
    db = await freshDatabase(engine);
    await stampsOff(db);
    lena = await staffSession(db, LENA, 'lena@consultancy.example');
    await db.query(`update auth.users set raw_user_meta_data = '{"name": "Lena\\nOrtiz"}' where id = $1`, [LENA]);
    await db.query("insert into auth.users (id, email, email_confirmed_at) values ($1, 'member@example.org', now())", [MEMBER]);
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  it('queues a reply signed with the staff member’s name, keeps it in the history, marks it Replied, and is claimed once', async () => {
    const submission = await send();
    const id = await reply(submission);
    const { rows } = await db.query('select staff_id, staff_name, subject, body, state from public.staff_replies where id = $1', [id]);
    expect(rows).toEqual([{ staff_id: LENA, staff_name: 'Lena Ortiz', subject: 'Re: your message', body: 'Hello,\n\nThank you.', state: 'pending' }]);
    const events = await db.query('select actor_email, field, old_value, new_value from public.staff_inbox_events where submission_id = $1 order by id', [submission]);
    expect(events.rows).toEqual([
      { actor_email: 'lena@consultancy.example', field: 'reply', old_value: null, new_value: 'Re: your message' },
      { actor_email: 'lena@consultancy.example', field: 'status', old_value: 'new', new_value: 'replied' },
    ]);
    // The sweep leaves it to the page's own call for 30 s; that call claims it at once, and only once.
    expect(await claim()).toEqual([]);
    const [claimed] = await claim(id);
    expect(claimed).toMatchObject({ id, submission_id: submission, staff_name: 'Lena Ortiz', subject: 'Re: your message' });
    expect(claimed!.answers[form.replyTo]).toBe(`reply${sent}@example.org`);
    expect(await claim(id)).toEqual([]);
    await db.query('select public.finish_staff_reply($1, null)', [id]);
    expect((await db.query('select state from public.staff_replies where id = $1', [id])).rows).toEqual([{ state: 'sent' }]);
    // A closed submission stays closed when staff write again.
    await committedAs(db, 'authenticated', LENA, () => db.query("update public.staff_inbox set status = 'closed' where submission_id = $1", [submission]), lena);
    await reply(submission, 'One more thing');
    expect((await db.query('select status from public.staff_inbox where submission_id = $1', [submission])).rows).toEqual([{ status: 'closed' }]);
  });

  it('keeps a failed reply due for the sweep, and drops one whose submission was deleted before it went', async () => {
    const kept = await send();
    const keptReply = await reply(kept);
    await claim(keptReply);
    await db.query(`select public.finish_staff_reply($1, 'connection refused')`, [keptReply]);
    await db.query('update public.staff_replies set next_attempt_at = now() where id = $1', [keptReply]);
    expect((await claim()).map((r) => r.id)).toEqual([keptReply]);

    const gone = await send();
    const goneReply = await reply(gone);
    await db.query(`update public.staff_replies set state = 'pending', next_attempt_at = now() where id = $1`, [goneReply]);
    await db.query(`delete from public.${form.table} where id = $1`, [gone]);
    expect(await claim(goneReply)).toEqual([]);
    expect((await db.query('select state from public.staff_replies where id = $1', [goneReply])).rows).toEqual([{ state: 'dropped' }]);
  });

  it('refuses a reply to a deleted or spam submission, and a subject or message no one could send; deleting forgets the replies', async () => {
    const id = await send();
    await expectRefused(reply(id, 'Two\nlines'), '22023');
    await expectRefused(reply(id, '   '), '22023');
    await expectRefused(reply(id, 'x'.repeat(201)), '22023');
    await expectRefused(reply(id, 'Fine', ' \n '), '22023');
    await expectRefused(reply(id, 'Fine', 'x'.repeat(20001)), '22023');
    await expectRefused(reply('00000000-0000-4000-8000-000000000000'), 'P0002');
    await reply(id);
    await committedAs(db, 'authenticated', LENA, () => db.query('update public.staff_inbox set spam_at = now() where submission_id = $1', [id]), lena);
    await expectRefused(reply(id), 'P0001');
    await committedAs(db, 'authenticated', LENA, () => db.query('update public.staff_inbox set spam_at = null where submission_id = $1', [id]), lena);
    await committedAs(db, 'authenticated', LENA, () => db.query('select public.staff_delete_submissions(array[$1]::uuid[])', [id]), lena);
    expect((await db.query('select 1 from public.staff_replies where submission_id = $1', [id])).rows).toEqual([]);
    await expectRefused(reply(id), 'P0001');
  });

  it('lets staff read replies, and neither a member nor a visitor send, read or claim one', async () => {
    const id = await send();
    await reply(id);
    expect((await as(db, 'authenticated', LENA, () => db.query('select subject from public.staff_replies where submission_id = $1', [id]), lena)).rows).toEqual([{ subject: 'Re: your message' }]);
    for (const [role, who] of [['authenticated', MEMBER], ['anon', null]] as const) {
      await expectRefused(as(db, role, who, () => db.query('select public.staff_send_reply($1, $2, $3)', [id, 'Hi', 'Hello'])), '42501');
      const read = await as(db, role, who, () => db.query('select * from public.staff_replies')).catch((error: { code: string }) => error.code);
      expect(typeof read === 'string' ? read : read.rows.length, role).toSatisfy((r: unknown) => r === '42501' || r === 0);
      await expectRefused(as(db, role, who, () => db.query('select * from public.claim_staff_replies()')), '42501');
      await expectRefused(as(db, role, who, () => db.query(`select public.finish_staff_reply(gen_random_uuid())`)), '42501');
      await expectRefused(as(db, role, who, () => db.query(`insert into public.staff_replies (submission_id, staff_name, subject, body) values ($1, 'x', 'x', 'x')`, [id])), '42501');
    }
    await expectRefused(as(db, 'authenticated', LENA, () => db.query('select * from public.claim_staff_replies()'), lena), '42501');
  });
});
