/**
 * A new form is its JSON files plus one forms.json entry: the generator writes its table, who may send
 * it (grants and the insert policy), its caps, and the delivery triggers. Tried on a copy of the project
 * with a course enrolment form, then as visitors and attackers would use the public API.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { schemaWorkspace } from '../support/schema-workspace';
import { as, ENGINES, expectRefused, freshDatabase, type Db } from './database';
import { stampsOff } from '../support/stamps';

const enrolment = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'enrolment',
  title: 'Course Enrolment',
  description: 'A sign-up for a course.',
  type: 'object',
  additionalProperties: false,
  required: ['course', 'full_name', 'email'],
  properties: {
    course: { type: 'string', title: 'Course', oneOf: [{ const: 'strategic-leadership', title: 'Strategic Leadership' }] },
    full_name: { type: 'string', title: 'Full Name', maxLength: 120 },
    email: { type: 'string', title: 'Email', maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' },
    notes: { type: 'string', title: 'Notes', maxLength: 2000 },
  },
};
const row = { course: 'strategic-leadership', full_name: 'Ana Ruiz', email: 'ana@casaverde.org' };

function declareEnrolment(ws: ReturnType<typeof schemaWorkspace>, entry: Record<string, unknown>) {
  writeFileSync(join(ws.schemas, 'enrolment.schema.json'), JSON.stringify(enrolment, null, 2));
  writeFileSync(join(ws.schemas, 'enrolment.ui.json'), JSON.stringify({ 'ui:order': ['course', 'full_name', 'email', 'notes'] }, null, 2));
  writeFileSync(join(ws.schemas, 'enrolment.messages.json'), JSON.stringify({ required: { title: 'Needs Info', message: '{title} is needed.' } }, null, 2));
  ws.editJson('forms.json', (forms) => (forms.enrolment = entry));
}

const insert = (db: Db, values: Record<string, unknown>, headers: Record<string, string> = {}) =>
  as(db, 'anon', null, async () => {
    await db.query(`select set_config('request.headers', $1, true)`, [JSON.stringify(headers)]);
    const keys = Object.keys(values);
    await db.query(`insert into public.course_enrolments (${keys.join(', ')}) values (${keys.map((_, i) => `$${i + 1}`).join(', ')})`, Object.values(values));
    return true;
  });

describe.each(ENGINES)('a form declared in forms.json (%s)', (engine) => {
  it('gets its table, its senders, its caps and its emails from one entry', async () => {
    const ws = schemaWorkspace();
    declareEnrolment(ws, {
      type: 'CourseEnrolment',
      table: 'course_enrolments',
      submittedBy: ['anon', 'authenticated'],
      limits: { perAddressPerHour: 2, perClientPerHour: 3 },
      notification: { formType: 'Course Enrolment', replyTo: 'email' },
    });
    const result = await ws.generate();
    expect(result.ok, result.lines.join('\n')).toBe(true);
    const db = await freshDatabase(engine, ws.supabase);
    await stampsOff(db);
    try {
      // A visitor can send it, and it is queued for its email; nobody but staff can read it.
      await insert(db, row);
      await db.query(`insert into public.course_enrolments (course, full_name, email) values ('strategic-leadership', 'Ben', 'ben@example.org')`);
      expect((await db.query(`select form_table, state from public.form_notifications`)).rows).toEqual([{ form_table: 'course_enrolments', state: 'pending' }]);
      await expectRefused(as(db, 'anon', null, () => db.query('select * from public.course_enrolments')), '42501');
      // The server's columns and the schema's rules are not the visitor's to set.
      await expectRefused(insert(db, { ...row, created_at: '9999-01-01' }), '42501');
      await expectRefused(insert(db, { ...row, course: 'not-a-course' }), '23514');
      // Caps: per email address, then per network address.
      await db.query(`insert into public.course_enrolments (course, full_name, email) values ('strategic-leadership', 'Ana', 'ana@casaverde.org'), ('strategic-leadership', 'Ana', 'ana@casaverde.org')`);
      await expectRefused(insert(db, row), 'P0001');
      for (let i = 0; i < 3; i++) {
        await db.query(`select set_config('request.headers', $1, false)`, [JSON.stringify({ 'x-forwarded-for': '203.0.113.9' })]);
        await db.query(`insert into public.course_enrolments (course, full_name, email) values ('strategic-leadership', 'C', 'c${i}@example.org')`);
      }
      await db.query(`select set_config('request.headers', '', false)`);
      // The address is what the edge wrote: CF-Connecting-IP, else X-Forwarded-For's last entry (the caller writes the first).
      await expectRefused(insert(db, { ...row, email: 'new@example.org' }, { 'x-forwarded-for': '10.0.0.1, 203.0.113.9' }), 'P0001');
      await expectRefused(insert(db, { ...row, email: 'new@example.org' }, { 'x-forwarded-for': '198.51.100.7', 'cf-connecting-ip': '203.0.113.9' }), 'P0001');
      expect(await insert(db, { ...row, email: 'new@example.org' }, { 'x-forwarded-for': '203.0.113.9, 198.51.100.7' })).toBeTruthy();
      // The network cap is for the public key: the service role (the project's own servers and scripts,
      // all from one address) may add many in one request, and they count against no visitor's network.
      await db.exec('begin');
      await db.query(`select set_config('request.jwt.claims', '{"role":"service_role"}', true)`);
      await db.query(`select set_config('request.headers', $1, true)`, [JSON.stringify({ 'x-forwarded-for': '192.0.2.50' })]);
      await db.exec('set local role service_role');
      const many = await db.query(`insert into public.course_enrolments (course, full_name, email) select 'strategic-leadership', 'D', 'd' || i || '@example.org' from generate_series(1, 5) i`);
      await db.exec('commit');
      expect(many.affectedRows).toBe(5);
      expect(await insert(db, { ...row, email: 'visitor@example.org' }, { 'x-forwarded-for': '192.0.2.50' })).toBeTruthy();
      expect((await db.query(`select count(*)::int as n from public.form_notifications where client_address = '192.0.2.50'`)).rows).toEqual([{ n: 0 }]);
    } finally {
      await db.close();
    }
    expect(readMigrations(ws)).toMatch(/create policy submitters_insert on public\.course_enrolments/);
  }, 60_000);

  it('a form named with a dash is one form to the database, the staff email and the staff inbox', async () => {
    const ws = schemaWorkspace();
    writeFileSync(join(ws.schemas, 'course-enrolment.schema.json'), JSON.stringify({ ...enrolment, $id: 'course_enrolment' }, null, 2));
    writeFileSync(join(ws.schemas, 'course-enrolment.ui.json'), JSON.stringify({ 'ui:order': ['course', 'full_name', 'email', 'notes'] }, null, 2));
    writeFileSync(join(ws.schemas, 'course-enrolment.messages.json'), JSON.stringify({ required: { title: 'Needs Info', message: '{title} is needed.' } }, null, 2));
    ws.editJson('forms.json', (forms) => {
      forms['course-enrolment'] = { type: 'CourseEnrolment', table: 'course_enrolments', submittedBy: ['anon'], notification: { formType: 'Course Enrolment', replyTo: 'email' } };
    });
    const result = await ws.generate();
    expect(result.ok, result.lines.join('\n')).toBe(true);
    const db = await freshDatabase(engine, ws.supabase);
    await stampsOff(db);
    try {
      await db.query(`insert into public.course_enrolments (course, full_name, email) values ('strategic-leadership', 'Ana', 'ana@casaverde.org')`);
      const listed = (await db.query<{ form: string }>('select form from public.staff_inbox')).rows.map((r) => r.form);
      // The staff page and the CSV find a submission's form by the name the inbox stores.
      const emailed = readFileSync(join(ws.formModel, 'generated/notification-forms.ts'), 'utf8');
      const ids = [...emailed.matchAll(/^ {4}id: "([^"]+)",$/gm)].map((m) => m[1]);
      expect(listed).toEqual(['course-enrolment']);
      expect(ids).toContain('course-enrolment');
    } finally {
      await db.close();
    }
  }, 60_000);

  it('refuses a form staff hear about that nobody may send, naming the file and the fix', async () => {
    const ws = schemaWorkspace();
    declareEnrolment(ws, { type: 'CourseEnrolment', table: 'course_enrolments', notification: { formType: 'Course Enrolment', replyTo: 'email' } });
    const result = await ws.generate();
    expect(result.ok).toBe(false);
    expect(result.lines.join('\n')).toMatch(/schemas\/forms\.json:\d+:\d+.*say who may send this form: add "submittedBy": \["anon", "authenticated"\]/);
    expect(ws.migrations()).toEqual(schemaWorkspace().migrations());
  }, 60_000);
});

function readMigrations(ws: ReturnType<typeof schemaWorkspace>) {
  return ws.migrations().map((file) => readFileSync(join(ws.supabase, 'migrations', file), 'utf8')).join('\n');
}
