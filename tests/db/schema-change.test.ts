/**
 * A non-developer's session, scripted: edits made the way schemas/README.md describes, on a copy of
 * schemas/ and supabase/, against a database that already holds answers breaking each new rule. Every
 * edit must generate a migration that applies, keeps the saved answers and enforces the rule for new
 * ones; every mistake must be refused with file, line and column, writing nothing.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openPglite } from '../../supabase/local/pglite';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../supabase/local/migrate';
import { fromPglite } from '../../supabase/local/sql-client';
import { schemaWorkspace, type SchemaWorkspace } from '../support/schema-workspace';
import { as, ENGINES, expectRefused, freshDatabase, type Db } from './database';
import { stampsOff } from '../support/stamps';

const contact = { name: 'Ana Ruiz', email: 'ana@casaverde.org', subject: 'Feedback', message: 'Hello' };
const assessment = {
  organization_name: 'Casa Verde', organization_type: 'nonprofit', mission: 'Homes', current_challenges: 'Funding',
  tech_readiness: 'beginner', ai_experience: 'none', goals: 'Grow', timeline: 'flexible', contact_name: 'Ana', contact_email: 'ana@casaverde.org',
};

function insert(db: Db, table: string, row: Record<string, unknown>) {
  const keys = Object.keys(row);
  return db.query(`insert into public.${table} (${keys.join(', ')}) values (${keys.map((_, i) => `$${i + 1}`).join(', ')})`, Object.values(row));
}

/** Inserts as a visitor would through the public API, rolled back afterwards. */
const visitorInserts = (db: Db, table: string, row: Record<string, unknown>) => as(db, 'anon', null, () => insert(db, table, row));

/** Runs generate on the workspace and applies what it wrote; returns what it printed. */
async function generateAndApply(ws: SchemaWorkspace, db: Db, expectMigration: boolean): Promise<string> {
  const before = ws.migrations();
  const result = await ws.generate();
  const printed = result.lines.join('\n');
  expect(result.ok, printed).toBe(true);
  const added = ws.migrations().filter((f) => !before.includes(f));
  expect(added, printed).toHaveLength(expectMigration ? 1 : 0);
  // Applied as the local stack does, which records it: from now on generate builds on it.
  expect((await migrate(db, { dir: ws.supabase, record: true })).applied).toEqual(added);
  expect((await ws.generate({ check: true })).ok).toBe(true);
  return printed;
}

describe.each(ENGINES)('a non-developer edits schemas/ on a site holding answers (%s)', (engine) => {
  it('every edit applies, keeps saved answers and holds new ones to the new rule', async () => {
    const ws = schemaWorkspace();
    const db = await freshDatabase(engine, ws.supabase);
    await stampsOff(db);
    // Answers that each rule below would refuse if it applied to the past.
    await insert(db, 'contact_submissions', { ...contact, name: 'Ana 2', message: 'x'.repeat(300) });
    await insert(db, 'assessment_responses', assessment);

    // 1. An option added.
    ws.editJson('assessment.schema.json', (s) => s.properties.tech_readiness.oneOf.push({ const: 'expert', title: 'Expert: we build our own tools' }));
    expect(await generateAndApply(ws, db, true)).toContain('"Technology Readiness" offers "expert" as a new option.');
    await visitorInserts(db, 'assessment_responses', { ...assessment, tech_readiness: 'expert', contact_phone: '555' });

    // 2. Phone made required, on a table whose saved answer has no phone.
    ws.editJson('assessment.schema.json', (s) => s.required.push('contact_phone'));
    expect(await generateAndApply(ws, db, true)).toContain('"Phone" is now required: new answers must fill it in; answers saved before are kept as they are');
    await expectRefused(visitorInserts(db, 'assessment_responses', assessment), '23514');
    await expectRefused(visitorInserts(db, 'assessment_responses', { ...assessment, contact_phone: ' \t ' }), '23514');
    await visitorInserts(db, 'assessment_responses', { ...assessment, contact_phone: '555-0100' });

    // 3. A new optional question.
    ws.editJson('contact.schema.json', (s) => (s.properties.referral_source = { type: 'string', title: 'How did you hear about us?', maxLength: 200 }));
    ws.editJson('contact.ui.json', (ui) => ui['ui:order'].push('referral_source'));
    expect(await generateAndApply(ws, db, true)).toContain('New question "How did you hear about us?": answers saved before have it empty.');
    await visitorInserts(db, 'contact_submissions', { ...contact, referral_source: 'A friend' });

    // 4. A label and a message renamed: no migration but the column comment.
    ws.editJson('contact.schema.json', (s) => (s.properties.name.title = 'Your Name'));
    ws.editJson('contact.messages.json', (m) => (m.required.message = 'Please fill in {title}.'));
    expect(await generateAndApply(ws, db, true)).toContain('"Full Name" is now labelled "Your Name"; saved answers are unchanged.');

    // 5. A question moved to another step: nothing changes in the database.
    ws.editJson('assessment.steps.json', (steps) => {
      steps[2].fields = steps[2].fields.filter((f: string) => f !== 'budget_range');
      steps[3].fields.push('budget_range');
    });
    await generateAndApply(ws, db, false);

    // 6. A new required question.
    ws.editJson('contact.schema.json', (s) => {
      s.properties.organization = { type: 'string', title: 'Organization', maxLength: 200 };
      s.required.push('organization');
    });
    ws.editJson('contact.ui.json', (ui) => ui['ui:order'].push('organization'));
    expect(await generateAndApply(ws, db, true)).toContain('New required question "Organization": answers saved before have it empty; new answers must fill it in.');
    await expectRefused(visitorInserts(db, 'contact_submissions', contact), '23514');
    const withOrganization = { ...contact, organization: 'Casa Verde' };
    await visitorInserts(db, 'contact_submissions', withOrganization);

    // 7. A narrowed option list: the saved "Feedback" stays, a new one is refused.
    ws.editJson('contact.schema.json', (s) => (s.properties.subject.oneOf = s.properties.subject.oneOf.filter((o: { const: string }) => o.const !== 'Feedback')));
    expect(await generateAndApply(ws, db, true)).toContain('"Subject" no longer offers "Feedback": new answers cannot choose it, and answers saved with it keep it.');
    await expectRefused(visitorInserts(db, 'contact_submissions', withOrganization), '23514');
    const allowed = { ...withOrganization, subject: 'Other' };

    // 8. A shorter maxLength: the saved 300 characters stay whole.
    ws.editJson('contact.schema.json', (s) => (s.properties.message.maxLength = 100));
    expect(await generateAndApply(ws, db, true)).toContain('"Message" now allows at most 100 characters in new answers; longer answers saved before are kept whole.');
    await expectRefused(visitorInserts(db, 'contact_submissions', { ...allowed, message: 'x'.repeat(101) }), '23514');

    // 9. A new pattern: the saved "Ana 2" stays, a new name with a digit is refused.
    ws.editJson('contact.schema.json', (s) => (s.properties.name.pattern = '^[^0-9]*$'));
    expect(await generateAndApply(ws, db, true)).toContain('"Your Name" must now match a pattern in new answers; answers saved before are kept as they are.');
    await expectRefused(visitorInserts(db, 'contact_submissions', { ...allowed, name: 'Ana 3' }), '23514');
    await visitorInserts(db, 'contact_submissions', allowed);

    // 10. A rule taken away again: said, and applied.
    ws.editJson('contact.schema.json', (s) => delete s.properties.name.pattern);
    expect(await generateAndApply(ws, db, true)).toContain('"Your Name" no longer has a pattern.');
    await visitorInserts(db, 'contact_submissions', { ...allowed, name: 'Ana 3' });

    // 11. A conditional question (schemas/README.md's example), on a table holding a small business's
    // answers from before it: they stay; new answers must give it exactly when it applies.
    const smallBusiness = { ...assessment, organization_type: 'small_business', contact_phone: '555' };
    await insert(db, 'assessment_responses', { ...smallBusiness, organization_name: 'Saved before' });
    ws.editJson('assessment.schema.json', (s) => {
      s.if = { properties: { organization_type: { const: 'small_business' } }, required: ['organization_type'] };
      s.then = { properties: { annual_budget: { type: 'integer', title: 'What is your annual budget?', minimum: 0, maximum: 1000000000 } }, required: ['annual_budget'] };
    });
    ws.editJson('assessment.steps.json', (steps) => steps[0].fields.push('annual_budget'));
    expect(await generateAndApply(ws, db, true)).toContain('New question "What is your annual budget?": answers saved before have it empty.');
    await expectRefused(visitorInserts(db, 'assessment_responses', smallBusiness), '23514');
    await expectRefused(visitorInserts(db, 'assessment_responses', { ...assessment, contact_phone: '555', annual_budget: 5000 }), '23514');
    await visitorInserts(db, 'assessment_responses', { ...smallBusiness, annual_budget: 5000 });
    await visitorInserts(db, 'assessment_responses', { ...assessment, contact_phone: '555' });

    // 12. The condition widened: the migration replaces the rules.
    ws.editJson('assessment.schema.json', (s) => (s.if.properties.organization_type = { enum: ['small_business', 'social_enterprise'] }));
    await generateAndApply(ws, db, true);
    const enterprise = { ...smallBusiness, organization_type: 'social_enterprise' };
    await expectRefused(visitorInserts(db, 'assessment_responses', enterprise), '23514');
    await visitorInserts(db, 'assessment_responses', { ...enterprise, annual_budget: 0 });

    // 13. The condition taken away: the question is always asked, and optional; its answers stay.
    ws.editJson('assessment.schema.json', (s) => {
      s.properties.annual_budget = s.then.properties.annual_budget;
      delete s.if;
      delete s.then;
    });
    expect(await generateAndApply(ws, db, true)).toContain('"What is your annual budget?" no longer has a condition for being asked.');
    await visitorInserts(db, 'assessment_responses', { ...assessment, contact_phone: '555', annual_budget: 5000 });
    await visitorInserts(db, 'assessment_responses', smallBusiness);

    // 14. A sign-up question added: its answer reaches the account's profile, copied from the sign-up's
    // metadata by SQL the generator writes (no form's question is named in hand-written SQL), and its
    // owner may change it, but never the address the account holds; keys no question has are never read.
    ws.editJson('sign-up.schema.json', (s) => {
      s.properties.website = { type: 'string', title: 'Website', maxLength: 200 };
    });
    ws.editJson('sign-up.ui.json', (u) => u['ui:order'].splice(u['ui:order'].indexOf('zip') + 1, 0, 'website'));
    expect(await generateAndApply(ws, db, true)).toContain('New question "Website": answers saved before have it empty.');
    const member = '00000000-0000-4000-8000-0000000000a1';
    const profile = { name: 'Ana Ruiz', company: 'Casa Verde', title: 'Director', phone: '555', city: 'Austin', state: 'TX', zip: '78701', website: ' casaverde.org ', created_at: 'not a date', user_id: 'not an id' };
    await db.query('insert into auth.users (id, email, raw_user_meta_data) values ($1, $2, $3)', [member, ' Ana@CasaVerde.org', JSON.stringify(profile)]);
    const { rows: clients } = await db.query('select user_id, email, name, website from public.clients');
    expect(clients).toEqual([{ user_id: member, email: 'ana@casaverde.org', name: 'Ana Ruiz', website: 'casaverde.org' }]);
    await as(db, 'authenticated', member, async () => {
      await db.query(`update public.clients set website = 'casaverde.example' where user_id = $1`, [member]);
      expect((await db.query('select website from public.clients')).rows).toEqual([{ website: 'casaverde.example' }]);
      await expectRefused(db.query(`update public.clients set email = 'someone@else.org'`), '42501');
    });

    // Every answer saved before the edits is still there, as it was.
    const { rows } = await db.query<{ name: string; subject: string; length: number; organization: string | null }>(
      'select name, subject, char_length(message) as length, organization from public.contact_submissions',
    );
    expect(rows).toEqual([{ name: 'Ana 2', subject: 'Feedback', length: 300, organization: null }]);
    const { rows: saved } = await db.query('select organization_name, contact_phone, annual_budget from public.assessment_responses order by created_at');
    expect(saved).toEqual([
      { organization_name: 'Casa Verde', contact_phone: null, annual_budget: null },
      { organization_name: 'Saved before', contact_phone: '555', annual_budget: null },
    ]);

    // A restart (migrations run again) applies nothing new and fails on nothing.
    expect(await migrate(db, { dir: ws.supabase })).toEqual({ applied: [], seeded: false });
    await db.close();
  }, 120_000);

  it.each([
    ['a trailing comma', (ws: SchemaWorkspace) => ws.editText('contact.schema.json', (t) => t.replace('"message"]', '"message",]')), /schemas\/contact\.schema\.json:8:\d+: is not valid JSON: remove this comma/],
    ['required naming a missing field', (ws: SchemaWorkspace) => ws.editJson('contact.schema.json', (s) => s.required.push('phone')), /schemas\/contact\.schema\.json:\d+:\d+ \(at \/required\/4\): lists "phone" as required/],
    ['an option without a title', (ws: SchemaWorkspace) => ws.editJson('contact.schema.json', (s) => s.properties.subject.oneOf.push({ const: 'Press' })), /schemas\/contact\.schema\.json:\d+:\d+ \(at \/properties\/subject\/oneOf\/7\): option 8 of "subject" needs a "title"/],
    ['a step naming a misspelt field', (ws: SchemaWorkspace) => ws.editText('assessment.steps.json', (t) => t.replace('"mission"', '"misson"')), /schemas\/assessment\.steps\.json:2:\d+ \(at \/0\/fields\/2\): step 1 lists "misson", but the schema has no such field\. Did you mean "mission"\?/],
    ['a misspelt keyword', (ws: SchemaWorkspace) => ws.editText('contact.schema.json', (t) => t.replace('"required":', '"requried":')), /schemas\/contact\.schema\.json:8:3 \(at \/requried\): "requried" is not a JSON Schema keyword, so it would be ignored\. Did you mean "required"\?/],
  ])('%s is refused with file, line and column, and nothing is written', async (_, mistake, expected) => {
    const ws = schemaWorkspace();
    const migrations = ws.migrations();
    mistake(ws);
    const result = await ws.generate();
    expect(result.ok).toBe(false);
    expect(result.lines.join('\n')).toMatch(expected);
    expect(ws.migrations()).toEqual(migrations);
    expect(() => readdirSync(ws.generated)).toThrow();
  });

  it('says every problem of every file in one run, file by file and line by line', async () => {
    const ws = schemaWorkspace();
    // A question taken out of "properties" only: still required, ordered and styled elsewhere.
    ws.editJson('contact.schema.json', (s) => delete s.properties.subject);
    ws.editJson('assessment.schema.json', (s) => s.required.push('budget'));
    const result = await ws.generate();
    expect(result.ok).toBe(false);
    const problems = result.lines.filter((line) => line.trim().startsWith('✖')).map((line) => line.trim().match(/^✖ (schemas\/[^:]+):(\d+)/)!.slice(1));
    expect(problems.map(([file]) => file)).toEqual(['schemas/assessment.schema.json', 'schemas/contact.schema.json', 'schemas/contact.ui.json', 'schemas/contact.ui.json']);
    const lines = problems.filter(([file]) => file === 'schemas/contact.ui.json').map(([, line]) => Number(line));
    expect(lines).toEqual([...lines].sort((a, b) => a - b));
    expect(result.lines.join('\n')).toContain('puts "subject" in the field order, but the schema has no such field.');
  });

  it('says a question deleted with its answers in the same run as a leftover of it elsewhere, with the way to keep them', async () => {
    const ws = schemaWorkspace();
    // Taken out of the schema properly, but still ordered and styled in the .ui.json file.
    ws.editJson('contact.schema.json', (s) => {
      delete s.properties.message;
      s.required = s.required.filter((f: string) => f !== 'message');
    });
    const result = await ws.generate();
    expect(result.ok).toBe(false);
    const said = result.lines.join('\n');
    expect(said).toContain('puts "message" in the field order, but the schema has no such field.');
    expect(said).toContain('✖ schemas/contact.schema.json: the question "message" ("Message") is gone; its column contact_submissions.message holds the answers saved to it, and dropping it deletes them all.');
    expect(said).toContain('To keep those answers, put back what you removed');
    expect(said).toContain('which deletes contact_submissions.message and every answer in it.');

    // A schema with a problem of its own is not compared: nothing is said lost on a guess.
    ws.editJson('contact.schema.json', (s) => s.required.push('no_such_question'));
    const guessed = (await ws.generate()).lines.join('\n');
    expect(guessed).toContain('no_such_question');
    expect(guessed).not.toContain('is gone');
  });

  it('refuses to drop a column that holds answers unless told to, and explains why', async () => {
    const ws = schemaWorkspace();
    const before = ws.migrations();
    ws.editJson('contact.schema.json', (s) => {
      delete s.properties.message;
      s.properties.details = { type: 'string', title: 'Details', maxLength: 5000 };
      s.required = s.required.filter((f: string) => f !== 'message');
    });
    ws.editJson('contact.ui.json', (ui) => {
      ui['ui:order'] = ['name', 'email', 'subject', 'details'];
      delete ui.message;
    });
    ws.editJson('contact.messages.json', () => {});
    const refused = await ws.generate();
    expect(refused.ok).toBe(false);
    const said = refused.lines.join('\n');
    expect(said).toContain('✖ schemas/contact.schema.json: the question "message" ("Message") is gone; its column contact_submissions.message holds the answers saved to it, and dropping it deletes them all. If it was renamed to details');
    // The way out that keeps the answers comes first; the destructive one says exactly what it deletes.
    expect(said).toContain('To keep those answers, put back what you removed');
    expect(said).toContain('"ui:widget": "hidden"');
    // No advice that throws away other edits.
    expect(said).not.toMatch(/git (checkout|restore|reset|stash)/);
    expect(said).toContain('`npm run generate -- --allow-destructive`, which deletes contact_submissions.message and every answer in it.');
    expect(ws.migrations()).toEqual(before);

    const confirmed = await ws.generate({ allowDestructive: true });
    expect(confirmed.ok, confirmed.lines.join('\n')).toBe(true);
    expect(confirmed.migration).not.toBeNull();
  });
});

describe('a migration that has reached no database yet', () => {
  const withReferral = (ws: SchemaWorkspace, key: string) => {
    ws.editJson('contact.schema.json', (s) => {
      for (const old of ['referral', 'referrer']) delete s.properties[old];
      s.properties[key] = { type: 'string', title: 'How did you hear about us?', maxLength: 200 };
    });
    ws.editJson('contact.ui.json', (ui) => (ui['ui:order'] = [...ui['ui:order'].filter((k: string) => !k.startsWith('referr')), key]));
  };
  const withoutReferral = (ws: SchemaWorkspace) => {
    ws.editJson('contact.schema.json', (s) => {
      for (const old of ['referral', 'referrer']) delete s.properties[old];
    });
    ws.editJson('contact.ui.json', (ui) => (ui['ui:order'] = ui['ui:order'].filter((k: string) => !k.startsWith('referr'))));
  };
  const snapshot = (ws: SchemaWorkspace) => readFileSync(join(ws.supabase, 'schema-snapshot.json'), 'utf8');

  it('is rewritten when the schemas change again, and withdrawn when the change is undone: supabase/ is as it was', async () => {
    const ws = schemaWorkspace();
    expect((await ws.generate()).migration).toBeNull();
    const before = ws.migrations();
    const snapshotBefore = snapshot(ws);

    withReferral(ws, 'referral');
    const added = await ws.generate();
    expect(added.ok, added.lines.join('\n')).toBe(true);
    const first = added.migration!;

    // Renamed before any database had it: no answers can be lost, so no refusal and no second migration.
    withReferral(ws, 'referrer');
    const renamed = await ws.generate();
    const said = renamed.lines.join('\n');
    expect(renamed.ok, said).toBe(true);
    expect(said).toContain(`supabase/migrations/${first} had not reached any database (no local database applied it, no commit holds it), so it was withdrawn and this run's migration replaces it.`);
    expect(ws.migrations()).toEqual([...before, renamed.migration].sort());
    const sql = readFileSync(join(ws.supabase, 'migrations', renamed.migration!), 'utf8');
    expect(sql).toContain('referrer');
    expect(sql).not.toContain('referral');

    withoutReferral(ws);
    const undone = await ws.generate();
    expect(undone.ok, undone.lines.join('\n')).toBe(true);
    expect(undone.lines.join('\n')).toContain('so it was withdrawn: the tables are back to what the databases have.');
    expect(ws.migrations()).toEqual(before);
    expect(snapshot(ws)).toBe(snapshotBefore);
    expect((await ws.generate({ check: true })).ok).toBe(true);
  });

  it('is kept once a local database applied it, or a commit holds it: undoing is then a change of its own', async () => {
    const applied = schemaWorkspace();
    withReferral(applied, 'referral');
    expect((await applied.generate()).ok).toBe(true);
    const db = fromPglite(await openPglite());
    await migrate(db, { dir: applied.supabase, record: true });
    await db.close();
    const afterApply = applied.migrations();
    withoutReferral(applied);
    const refused = await applied.generate();
    // The column exists in that database now, and may hold answers: the usual refusal, nothing written.
    expect(refused.ok).toBe(false);
    expect(refused.lines.join('\n')).toContain('contact_submissions.referral');
    expect(applied.migrations()).toEqual(afterApply);

    const committed = schemaWorkspace();
    withReferral(committed, 'referral');
    expect((await committed.generate()).ok).toBe(true);
    const git = (...args: string[]) => expect(spawnSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.org', ...args], { cwd: committed.dir }).status).toBe(0);
    git('init', '-q');
    git('add', '-A');
    git('commit', '-qm', 'a question');
    const afterCommit = committed.migrations();
    withReferral(committed, 'referrer');
    expect((await committed.generate()).ok).toBe(false);
    expect(committed.migrations()).toEqual(afterCommit);
  });
});
