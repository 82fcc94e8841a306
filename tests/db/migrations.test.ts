import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readForms, readRegistry } from '../../scripts/generate/forms';
import { declaredForms, publicForms as declaredPublicForms } from '../support/declared-forms';
import { sampleAnswers } from '../support/sample-answers';
import { as, ENGINES, expectRefused, freshDatabase, type Db } from './database';
import { stampsOff } from '../support/stamps';

const root = new URL('../..', import.meta.url).pathname;
const forms = readForms(`${root}schemas`);
const registry = readRegistry(`${root}schemas`).json;

describe.each(ENGINES)('on %s', (engine) => {
  let db: Db;
  beforeAll(async () => {
    db = await freshDatabase(engine);
    await stampsOff(db);
  }, 60_000);
  afterAll(() => db.close());

  // Complete answers read from the schemas, so editors' changes to questions do not break these tests.
  const schemaOf = (name: string) => declaredForms.find((f) => f.name === name)!.definition.schema as Parameters<typeof sampleAnswers>[0];
  const contact = sampleAnswers(schemaOf('contact'), { email: 'ana@casaverde.org' });
  const assessment = sampleAnswers(schemaOf('assessment'), { contact_email: 'ana@casaverde.org' });

  function insert(table: string, row: Record<string, unknown>) {
    const keys = Object.keys(row);
    return db.query(`insert into public.${table} (${keys.join(', ')}) values (${keys.map((_, i) => `$${i + 1}`).join(', ')})`, Object.values(row));
  }

  describe('migrations applied to a fresh Postgres', () => {
    it('create one column per schema property, with the schema type and nullability', async () => {
      for (const form of forms) {
        const entry = registry[form.name]!;
        if (!entry.table) continue;
        const { rows } = await db.query<{ column_name: string; data_type: string; is_nullable: string }>(
          `select column_name, data_type, is_nullable from information_schema.columns where table_schema = 'public' and table_name = $1`,
          [entry.table],
        );
        const columns = new Map(rows.map((r) => [r.column_name, r]));
        const required = new Set(form.schema.json.required ?? []);
        for (const [field, def] of Object.entries(form.schema.json.properties ?? {})) {
          if (entry.exclude?.includes(field)) {
            expect(columns.has(field), `${entry.table} must not store ${field}`).toBe(false);
            continue;
          }
          const column = columns.get(field);
          expect(column, `${entry.table}.${field}`).toBeDefined();
          expect(column!.data_type).toBe({ string: 'text', integer: 'integer', boolean: 'boolean' }[String(def.type)]);
          // A value is enforced by NOT NULL, or (made required on a table holding rows) by a NOT VALID check.
          const notNullCheck = await db.query(`select 1 from pg_constraint where conname = $1`, [`${entry.table}_${field}_not_null`]);
          const enforced = column!.is_nullable === 'NO' || notNullCheck.rows.length === 1;
          expect(enforced, `${entry.table}.${field} must have a value`).toBe(required.has(field) || def.default !== undefined);
        }
        expect(columns.get('id')?.data_type).toBe('uuid');
        expect(columns.get('created_at')?.data_type).toBe('timestamp with time zone');
      }
    });

    it('turns on row level security on every table', async () => {
      const { rows } = await db.query<{ relname: string; relrowsecurity: boolean }>(
        `select relname, relrowsecurity from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r'`,
      );
      const formTables = Object.values(registry).flatMap((entry) => (entry.table ? [entry.table] : []));
      expect(rows.map((r) => r.relname).sort()).toEqual([...formTables, 'follow_up_digests', 'form_drafts', 'form_notifications', 'form_question_conditions', 'form_question_options', 'form_step_callers', 'form_step_keys', 'form_step_counts', 'form_step_salts', 'form_steps', 'opt_ins', 'sign_up_passwords', 'staff_inbox', 'staff_inbox_caught_up', 'staff_inbox_events', 'staff_inbox_reads', 'staff_inbox_search', 'staff_inbox_slots', 'staff_replies', 'staff_settings', 'submission_stamp', 'testimonials'].sort());
      for (const row of rows) expect(row.relrowsecurity, row.relname).toBe(true);
    });

    it('seeds four testimonials, one with a video', async () => {
      const { rows } = await db.query<{ video_url: string | null }>('select video_url from public.testimonials');
      expect(rows).toHaveLength(4);
      expect(rows.filter((r) => r.video_url)).toHaveLength(1);
    });
  });

  describe('constraints refuse what the browser refuses', () => {
    it.each([
      ['a blank name', { ...contact, name: '   ' }, '23502'],
      ['no email', { ...contact, email: null }, '23502'],
      ['an email that is not text@text.text', { ...contact, email: 'ana@casaverde' }, '23514'],
      ['a subject that is not one of the options', { ...contact, subject: 'Spam' }, '23514'],
      ['a message over its maxLength', { ...contact, message: 'x'.repeat(((schemaOf('contact').properties!.message as { maxLength: number }).maxLength) + 1) }, '23514'],
    ])('contact_submissions refuses %s', async (_, row, code) => {
      await expectRefused(as(db, 'anon', null, () => insert('contact_submissions', row)), code);
    });

    it.each([
      ['a negative team size', { ...assessment, team_size: -1 }, '23514'],
      ['an unknown timeline', { ...assessment, timeline: 'someday' }, '23514'],
      ['a blank mission', { ...assessment, mission: '' }, '23502'],
    ])('assessment_responses refuses %s', async (_, row, code) => {
      await expectRefused(as(db, 'anon', null, () => insert('assessment_responses', row)), code);
    });

    it('defaults team size to 0 and stores the old " experimenting" without its space', async () => {
      const { rows } = await as(db, 'service_role', null, async () => {
        const withoutTeamSize = Object.fromEntries(Object.entries(assessment).filter(([field]) => field !== 'team_size'));
        await insert('assessment_responses', { ...withoutTeamSize, ai_experience: ' experimenting' });
        return db.query<{ team_size: number; ai_experience: string }>('select team_size, ai_experience from public.assessment_responses');
      });
      expect(rows).toEqual([{ team_size: 0, ai_experience: 'experimenting' }]);
    });
  });

  describe('policies: the public key cannot read or change anyone else\'s data', () => {
    const userA = '00000000-0000-4000-8000-00000000000a';
    const userB = '00000000-0000-4000-8000-00000000000b';
    const profile = { name: 'Ana', company: 'Casa Verde', title: 'Director', phone: '555-0100', city: 'Oakland', state: 'CA', zip: '94607' };

    beforeAll(async () => {
      for (const [id, email] of [[userA, 'a@casaverde.org'], [userB, 'b@other.org']] as const) {
        await db.query('insert into auth.users (id, aud, role, email, raw_user_meta_data) values ($1, \'authenticated\', \'authenticated\', $2, $3)', [id, email, JSON.stringify(profile)]);
      }
    });

    /** Every form visitors send (schemas/forms.json "submittedBy"), with complete answers read from its schema. */
    const publicForms = declaredPublicForms.map(({ name, entry, table, replyTo }) => ({
      name,
      table,
      column: replyTo,
      cap: entry.limits?.perAddressPerHour ?? 5,
      row: sampleAnswers(schemaOf(name), { [replyTo]: 'ana@casaverde.org' }),
    }));

    it('lets visitors and users send every public form, but never read, change or delete what was sent', async () => {
      expect(publicForms.map((f) => f.table)).toEqual(expect.arrayContaining(['contact_submissions', 'assessment_responses']));
      for (const role of ['anon', 'authenticated'] as const) {
        const sub = role === 'anon' ? null : userA;
        for (const { table, row } of publicForms) {
          await as(db, role, sub, () => insert(table, row));
          // Signed-in people may ask (staff read through the same grant) but see no row: only staff do.
          if (role === 'anon') await expectRefused(as(db, role, sub, () => db.query(`select * from public.${table}`)), '42501');
          else expect((await as(db, role, sub, () => db.query(`select * from public.${table}`))).rows).toEqual([]);
          await expectRefused(as(db, role, sub, () => db.query(`update public.${table} set created_at = now()`)), '42501');
          await expectRefused(as(db, role, sub, () => db.query(`delete from public.${table}`)), '42501');
        }
      }
    });

    it('caps each email address at its form\'s hourly limit, whoever sends them', async () => {
      for (const { table, row, column, cap } of publicForms) {
        const flood = { ...row, [column]: 'Flood@Example.org' };
        // Earlier submissions up to the cap, saved for good (`as` rolls its own work back).
        for (let i = 0; i < cap; i++) await insert(table, { ...flood, [column]: i % 2 ? 'flood@example.org' : 'FLOOD@example.org' });
        await expectRefused(as(db, 'anon', null, () => insert(table, flood)), 'P0001');
        await expect(as(db, 'anon', null, () => insert(table, flood))).rejects.toThrow('Too many submissions from flood@example.org in the last hour. Please try again later or email us directly.');
        // Another address is not affected, and an hour later the address may write again.
        await as(db, 'anon', null, () => insert(table, { ...row, [column]: 'someone.else@example.org' }));
        await db.query(`update public.${table} set created_at = now() - interval '61 minutes' where lower(${column}) = 'flood@example.org'`);
        await as(db, 'anon', null, () => insert(table, flood));
      }
    });

    it('caps each network at its form\'s hourly limit in submissions, not in emails (the sender\'s copy is not counted)', async () => {
      for (const { name, table, row, column } of publicForms) {
        const cap = registry[name]!.limits?.perClientPerHour;
        if (!cap) continue;
        await db.query(`select set_config('request.headers', $1, false)`, [JSON.stringify({ 'x-forwarded-for': '198.51.100.20' })]);
        try {
          for (let i = 0; i < cap; i++) await insert(table, { ...row, [column]: `office${i}@${table.replaceAll("_", "-")}.example.org` });
          await expectRefused(as(db, 'anon', null, () => insert(table, { ...row, [column]: 'one.more@example.org' })), 'P0001');
        } finally {
          await db.query(`select set_config('request.headers', '', false)`);
        }
      }
    });

    it('creates the client profile from the sign-up metadata, in the same transaction', async () => {
      const { rows } = await db.query<{ user_id: string; email: string; company: string }>('select user_id, email, company from public.clients order by email');
      expect(rows).toEqual([
        { user_id: userA, email: 'a@casaverde.org', company: 'Casa Verde' },
        { user_id: userB, email: 'b@other.org', company: 'Casa Verde' },
      ]);
      await expectRefused(
        db.query('insert into auth.users (id, email, raw_user_meta_data) values (gen_random_uuid(), $1, $2)', ['c@x.org', JSON.stringify({ ...profile, company: ' ' })]),
        '23502',
      );
      const { rows: orphans } = await db.query(`select 1 from auth.users where email = 'c@x.org'`);
      expect(orphans).toEqual([]);
    });

    it('shows a client only their own profile and lets only them change it', async () => {
      const mine = await as(db, 'authenticated', userA, () => db.query<{ user_id: string }>('select user_id from public.clients'));
      expect(mine.rows).toEqual([{ user_id: userA }]);
      const changed = await as(db, 'authenticated', userB, () => db.query(`update public.clients set city = 'Nowhere' where user_id = $1`, [userA]));
      expect(changed.affectedRows ?? 0).toBe(0);
      const own = await as(db, 'authenticated', userA, async () => {
        await db.query(`update public.clients set city = 'Berkeley' where user_id = $1`, [userA]);
        return db.query<{ city: string }>('select city from public.clients');
      });
      expect(own.rows).toEqual([{ city: 'Berkeley' }]);
      await expectRefused(as(db, 'authenticated', userA, () => db.query(`update public.clients set user_id = $1`, [userB])), '42501');
      await expectRefused(as(db, 'authenticated', userA, () => insert('clients', { ...profile, user_id: userA, email: 'x@y.org' })), '42501');
      await expectRefused(as(db, 'anon', null, () => db.query('select * from public.clients')), '42501');
    });

    it('lets everyone read testimonials and nobody write them', async () => {
      const { rows } = await as(db, 'anon', null, () => db.query('select client_name from public.testimonials order by created_at desc'));
      expect(rows).toHaveLength(4);
      await expectRefused(as(db, 'anon', null, () => insert('testimonials', { client_name: 'Me', content: 'Great' })), '42501');
      await expectRefused(as(db, 'authenticated', userA, () => db.query('delete from public.testimonials')), '42501');
    });
  });
});
