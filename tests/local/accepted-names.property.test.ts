/**
 * "Every name the docs show works", as a property (issue 38): form names, tables and question keys drawn
 * from what schemas/README.md allows (digits, dashes and underscores wherever it allows them, one letter,
 * the longest table and the longest key it allows, and the docs' own example `event-registration`) are
 * declared as new forms in one copy of the project. `npm start` must generate, build and serve each form's
 * page, and each form must save a visitor's answers, email staff and show in the staff inbox.
 * A draw is reproducible: a failure names its seed (rerun with NAMES_SEED=<seed>).
 */
import fc from 'fast-check';
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { GENERATED_COLUMNS, longestRuleName, longestTableName, PG_NAME_LENGTH, PG_RESERVED } from '../../scripts/generate/check/sql-names';
import { projectTables } from '../../scripts/generate/migrations';
import { inboxPage } from '../../src/features/staff/inbox-query';
import { pages } from '../../site.config';
import { mineStamp } from '../../form-model/stamp';
import { localKeys } from '../../supabase/local/keys';
import { followLink } from '../support/email-links';
import { projectCopy, runningSites } from '../support/project-copy';
import { volunteer } from '../support/volunteer-form';

const seed = Number(process.env.NAMES_SEED ?? Date.now() % 2 ** 31);
const run = promisify(execFile);

const taken = (dir: string) => {
  const forms = JSON.parse(readFileSync(join(dir, 'schemas', 'forms.json'), 'utf8')) as Record<string, { table: string | null; page?: { path: string } }>;
  return {
    names: new Set(Object.keys(forms)),
    // The forms' tables and the project's own (testimonials, the inbox): generate refuses those names.
    tables: new Set([...Object.values(forms).map((f) => f.table), ...projectTables(join(dir, 'supabase', 'migrations'), {}).keys()]),
    // The site's pages, and /assets, where the built files are served.
    paths: new Set([...pages.map((p) => p.path), ...Object.values(forms).map((f) => f.page?.path), '/assets']),
  };
};

/** A table or question name as the docs describe it: a letter, then letters, digits and underscores, up to `max` characters. */
const sqlName = (max: number) =>
  fc.oneof(
    fc.stringMatching(new RegExp(`^[a-z][a-z0-9_]{0,${max - 1}}$`)),
    fc.constantFrom('x', 'a_1', 'e2_9_', 'a__b'),
    // At the longest allowed.
    fc.stringMatching(new RegExp(`^[a-z][a-z0-9_]{${max - 1}}$`)),
  );

/** A form's name as the docs describe it: words of letters and digits joined by single dashes, the first a letter. */
const formName = fc.oneof(
  fc.tuple(fc.stringMatching(/^[a-z][a-z0-9]{0,7}$/), fc.array(fc.stringMatching(/^[a-z0-9]{1,8}$/), { maxLength: 5 })).map(([first, rest]) => [first, ...rest].join('-')),
  fc.constantFrom('x', 'a-1', 'e2-9-b', 'survey-2027'),
);

const usable = (name: string) => !PG_RESERVED.has(name) && !GENERATED_COLUMNS.includes(name);
const MAX_TABLE = PG_NAME_LENGTH - longestTableName('').length;

interface Drawn {
  name: string;
  table: string;
  /** A text question's key, and the key of the email question staff reply to. */
  key: string;
  replyKey: string;
}

function draw(dir: string): Drawn[] {
  const { names, tables, paths } = taken(dir);
  const form = fc
    .record({ name: formName, table: sqlName(MAX_TABLE).filter((t) => !PG_RESERVED.has(t) && !tables.has(t)) })
    .filter(({ name }) => !names.has(name) && !paths.has(`/${name}`))
    .chain(({ name, table }) => {
      const most = PG_NAME_LENGTH - longestRuleName(table, '').length;
      // sqlName's fixed examples can be longer than a long table leaves a key.
      const key = sqlName(most).map((k) => k.slice(0, most)).filter(usable);
      return fc.uniqueArray(key, { minLength: 2, maxLength: 2 }).map(([text, reply]) => ({ name, table, key: text!, replyKey: reply! }));
    });
  const drawn = [{ name: 'event-registration', table: 'event_registrations', key: 'full_name', replyKey: 'email' }, ...fc.sample(form, { numRuns: 3, seed })];
  // Distinct forms and tables (names have no underscores, so distinct names give distinct $ids).
  return drawn.filter((d, i) => drawn.findIndex((o) => o.name === d.name || o.table === d.table) === i);
}

/** The form's three files and its forms.json entry, as schemas/README.md shows them. */
function declare(dir: string, { name, table, key, replyKey }: Drawn, index: number) {
  const schemas = join(dir, 'schemas');
  const schema = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: name.replaceAll('-', '_'),
    title: `Drawn form ${index}`,
    type: 'object',
    additionalProperties: false,
    required: [key, replyKey],
    properties: { [key]: { type: 'string', title: `Answer ${index}`, maxLength: 100 }, [replyKey]: volunteer.schema.properties.email },
  };
  writeFileSync(join(schemas, `${name}.schema.json`), JSON.stringify(schema, null, 2));
  writeFileSync(join(schemas, `${name}.ui.json`),  JSON.stringify({ 'ui:order': [key, replyKey], 'ui:submitButtonOptions': { submitText: 'Send It' } }, null, 2));
  writeFileSync(join(schemas, `${name}.messages.json`), JSON.stringify(volunteer.messages, null, 2));
  const formsFile = join(schemas, 'forms.json');
  const entry = {
    type: `DrawnForm${index}`,
    table,
    submittedBy: ['anon'],
    notification: { formType: `Drawn Form ${index}`, replyTo: replyKey },
    page: { ...volunteer.entry.page, path: `/${name}`, heading: `Drawn form ${index} heading`, nav: undefined, footer: undefined },
    toasts: volunteer.entry.toasts,
  };
  writeFileSync(formsFile, JSON.stringify({ ...JSON.parse(readFileSync(formsFile, 'utf8')), [name]: entry }, null, 2));
}

describe(`forms named as the docs allow (seed ${seed})`, () => {
  const running = runningSites();
  let dir: string;
  let drawn: Drawn[];
  let site: Awaited<ReturnType<typeof running.launch>>;

  beforeAll(async () => {
    dir = projectCopy({ schemas: 'project' });
    drawn = draw(dir);
    drawn.forEach((d, i) => declare(dir, d, i + 1));
    site = await running.launch(dir, 'start.ts');
  }, 240_000);
  afterAll(() => running.stop());

  it('npm start generates, builds and serves a page for each, with each question', async () => {
    expect(site.code, `${JSON.stringify(drawn)}\n${site.output()}`).toBeNull();
    for (const [i, { name, key }] of drawn.entries()) {
      const response = await fetch(`${site.url}/${name}`);
      const html = await response.text();
      expect(`${response.status} ${html.includes(`Drawn form ${i + 1} heading`)} ${html.includes(`id="${name.replaceAll('-', '_')}_${key}"`)}`, name).toBe('200 true true');
    }
  });

  it('each saves a visitor\'s answers, emails staff once, and shows in the staff inbox', async () => {
    const headers = { apikey: site.anonKey(), Authorization: `Bearer ${site.anonKey()}`, 'Content-Type': 'application/json' };
    for (const [i, { name, table, key, replyKey }] of drawn.entries()) {
      const id = mineStamp(table);
      const saved = await fetch(`${site.apiUrl}/rest/v1/${table}`, { method: 'POST', headers, body: JSON.stringify({ id, [key]: `Answer from ${name}`, [replyKey]: `visitor${i}@example.org` }) });
      expect(saved.status, `${name}: ${await saved.text()}`).toBe(201);
      const notified = await fetch(`${site.apiUrl}/functions/v1/send-form-notification`, { method: 'POST', headers, body: JSON.stringify({ formType: `Drawn Form ${i + 1}`, payload: { id } }) });
      expect(notified.status, `${name}: ${await notified.text()}`).toBe(200);
    }
    const { messages } = (await (await fetch(`${site.inboxUrl}/api/v1/messages`)).json()) as { messages: { subject: string; text: string }[] };
    for (const [i, { name }] of drawn.entries()) {
      const mails = messages.filter((m) => m.subject.startsWith(`Drawn Form ${i + 1}:`));
      expect(mails.map((m) => m.text.includes(`Answer from ${name}`)), `${name}: ${JSON.stringify(drawn[i])}\n${mails.map((m) => m.text).join('\n---\n')}`).toEqual([true]);
    }

    // Staff as the docs make them: `npm run staff:add`, then the invitation's link.
    const email = 'lena@consultancy.example';
    await run(process.execPath, ['--import', 'tsx', join('scripts', 'staff.ts'), 'add', email], {
      cwd: dir,
      env: { ...process.env, SUPABASE_API_PORT: new URL(site.apiUrl).port, SUPABASE_URL: '', SUPABASE_SERVICE_ROLE_KEY: '', DATABASE_URL: '' },
    });
    const { messages: after } = (await (await fetch(`${site.inboxUrl}/api/v1/messages`)).json()) as { messages: { to: string[]; text: string }[] };
    const invite = after.find((m) => m.to.includes(email))!.text.match(/https?:\/\/\S+/)![0];
    const token = (await followLink(invite)).get('access_token');
    const staff = createClient(site.apiUrl, (await localKeys()).anon, {
      realtime: { transport: WebSocket as never },
      auth: { persistSession: false, autoRefreshToken: false },
      global: { headers: { Authorization: `Bearer ${token}` } },
    });
    const { rows } = await inboxPage(staff, {});
    for (const { name, table } of drawn) expect(rows.filter((r) => r.form_table === table).map((r) => r.email), name).toHaveLength(1);
  });
});
