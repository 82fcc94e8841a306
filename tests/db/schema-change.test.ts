import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../supabase/local/migrate';
import { ENGINES, freshDatabase } from './database';

const root = join(import.meta.dirname, '..', '..');
const scratch = join(root, 'test-results', 'scratch');

/** A private copy of schemas/ and supabase/, so the test can edit schemas and write migrations. */
function workspace() {
  mkdirSync(scratch, { recursive: true });
  const dir = mkdtempSync(join(scratch, 'project-'));
  cpSync(join(root, 'schemas'), join(dir, 'schemas'), { recursive: true });
  cpSync(join(root, 'supabase'), join(dir, 'supabase'), { recursive: true });
  const env = { SCHEMAS_DIR: join(dir, 'schemas'), SUPABASE_DIR: join(dir, 'supabase'), GENERATED_DIR: join(dir, 'generated') };
  const generate = (...args: string[]) =>
    spawnSync('npx', ['tsx', 'scripts/generate.ts', ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, ...env } });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- free-form edits of a JSON file
  const editSchema = (form: string, edit: (schema: Record<string, any>) => void) => {
    const file = join(dir, 'schemas', `${form}.schema.json`);
    const schema = JSON.parse(readFileSync(file, 'utf8'));
    edit(schema);
    writeFileSync(file, JSON.stringify(schema, null, 2));
  };
  const migrations = () => readdirSync(join(dir, 'supabase', 'migrations')).sort();
  return { dir: join(dir, 'supabase'), schemas: join(dir, 'schemas'), generate, editSchema, migrations };
}

describe('a schema change becomes a new migration that keeps every saved row', () => {
  it.each(ENGINES)('adds an optional field, an option and a required field, and applies on top of existing data (%s)', async (engine) => {
    const ws = workspace();
    const db = await freshDatabase(engine, ws.dir);
    await db.query(`insert into public.contact_submissions (name, email, subject, message) values ('Ana', 'ana@casaverde.org', 'Feedback', 'Hello')`);
    await db.query(`insert into public.assessment_responses (organization_name, organization_type, mission, current_challenges, tech_readiness, ai_experience, goals, timeline, contact_name, contact_email, contact_phone)
      values ('Casa Verde', 'nonprofit', 'Homes', 'Funding', 'beginner', 'none', 'Grow', 'asap', 'Ana', 'ana@casaverde.org', '555-0100')`);
    const before = ws.migrations();

    ws.editSchema('contact', (s) => {
      s.properties.referral_source = { type: 'string', title: 'How did you hear about us?', maxLength: 200 };
    });
    ws.editSchema('assessment', (s) => {
      s.properties.tech_readiness.oneOf.push({ const: 'expert', title: 'Expert: we build our own tools' });
      s.required.push('contact_phone');
    });
    const steps = JSON.parse(readFileSync(join(ws.schemas, 'assessment.steps.json'), 'utf8'));
    writeFileSync(join(ws.schemas, 'assessment.steps.json'), JSON.stringify(steps));
    const ui = JSON.parse(readFileSync(join(ws.schemas, 'contact.ui.json'), 'utf8'));
    ui['ui:order'].push('referral_source');
    writeFileSync(join(ws.schemas, 'contact.ui.json'), JSON.stringify(ui));

    const run = ws.generate();
    expect(run.status, run.stderr).toBe(0);
    const added = ws.migrations().filter((f) => !before.includes(f));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/^\d{14}_schema_changes\.sql$/);
    const sql = readFileSync(join(ws.dir, 'migrations', added[0]!), 'utf8');
    expect(sql).toContain('alter table public.contact_submissions add column referral_source text;');
    expect(sql).toContain('alter table public.assessment_responses alter column contact_phone set not null;');
    expect(sql).toContain("tech_readiness in ('beginner', 'intermediate', 'advanced', 'expert')");
    expect(sql).not.toContain('create table');
    expect(sql).not.toContain('drop column');

    expect(await migrate(db, { dir: ws.dir })).toEqual({ applied: added, seeded: false });
    const { rows: contacts } = await db.query('select name, message, referral_source from public.contact_submissions');
    expect(contacts).toEqual([{ name: 'Ana', message: 'Hello', referral_source: null }]);
    const { rows: assessments } = await db.query('select organization_name, contact_phone from public.assessment_responses');
    expect(assessments).toEqual([{ organization_name: 'Casa Verde', contact_phone: '555-0100' }]);
    await db.query(`update public.assessment_responses set tech_readiness = 'expert'`);
    await expect(db.query(`insert into public.assessment_responses (organization_name, organization_type, mission, current_challenges, tech_readiness, ai_experience, goals, timeline, contact_name, contact_email)
      values ('X', 'other', 'M', 'C', 'beginner', 'none', 'G', 'asap', 'N', 'n@x.org')`)).rejects.toMatchObject({ code: '23502' });
    expect(ws.generate('--check').status).toBe(0);
    await db.close();
  }, 90_000);

  it('refuses to drop a column that holds answers unless told to, and explains why', () => {
    const ws = workspace();
    const before = ws.migrations();
    const snapshot = readFileSync(join(ws.dir, 'schema-snapshot.json'), 'utf8');
    ws.editSchema('contact', (s) => {
      delete s.properties.message;
      s.properties.details = { type: 'string', title: 'Details', maxLength: 5000 };
      s.required = s.required.filter((f: string) => f !== 'message');
    });
    const ui = JSON.parse(readFileSync(join(ws.schemas, 'contact.ui.json'), 'utf8'));
    ui['ui:order'] = ['name', 'email', 'subject', 'details'];
    delete ui.message;
    writeFileSync(join(ws.schemas, 'contact.ui.json'), JSON.stringify(ui));

    const refused = ws.generate();
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('contact_submissions.message is no longer in the schema; dropping the column deletes every answer saved in it. If it was renamed to details');
    expect(refused.stderr).toContain('npm run generate -- --allow-destructive');
    expect(ws.migrations()).toEqual(before);
    expect(readFileSync(join(ws.dir, 'schema-snapshot.json'), 'utf8')).toBe(snapshot);

    const confirmed = ws.generate('--allow-destructive');
    expect(confirmed.status, confirmed.stderr).toBe(0);
    const added = ws.migrations().filter((f) => !before.includes(f));
    expect(readFileSync(join(ws.dir, 'migrations', added[0]!), 'utf8')).toContain('alter table public.contact_submissions drop column message;');
  }, 60_000);

  it('fails the check when a written migration is edited afterwards', () => {
    const ws = workspace();
    const first = ws.migrations()[0]!;
    writeFileSync(join(ws.dir, 'migrations', first), `${readFileSync(join(ws.dir, 'migrations', first), 'utf8')}\n-- sneaky edit\n`);
    const check = ws.generate('--check');
    expect(check.status).toBe(1);
    expect(check.stderr).toContain(`Migrations are append-only`);
    expect(check.stderr).toContain(first);
  }, 30_000);
});
