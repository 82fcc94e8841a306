/**
 * "A new form is JSON plus one entry", tried as a developer would: on a copy of the whole project, add
 * a form's three JSON files and one schemas/forms.json entry, run `npm run generate` and `npm run build`,
 * and the site has its prerendered page, the database its table and rules, and staff its email, while no
 * other file was touched by hand.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, expectRefused, freshDatabase, type Db } from '../db/database';
import { projectCopy } from '../support/project-copy';
import { declareVolunteer, volunteer } from '../support/volunteer-form';
import { mineStamp } from '../../form-model/stamp';

/** Every file of the project as git knows it (plus what the working tree changed), by path and hash. */
function fingerprint(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      const shown = relative(dir, path);
      if (['node_modules', 'dist', 'build', 'test-results', '.git'].includes(shown.split('/')[0]!)) continue;
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) files.set(shown, createHash('sha256').update(readFileSync(path)).digest('hex'));
    }
  };
  walk(dir);
  return files;
}

describe('a new form on a copy of the project', () => {
  let copy: string;
  let generated: ReturnType<typeof spawnSync>;
  let built: ReturnType<typeof spawnSync>;
  let changed: string[];
  let db: Db;

  beforeAll(async () => {
    copy = projectCopy({ schemas: 'project' });
    const before = fingerprint(copy);

    // What the developer writes: three JSON files and one entry.
    declareVolunteer(join(copy, 'schemas'));

    // The copy's own folders and its local backend, whatever this process was told.
    const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !['SCHEMAS_DIR', 'GENERATED_DIR', 'SUPABASE_DIR', 'FORM_MODEL_DIR', 'DIST_DIR', 'VITE_SUPABASE_URL', 'VITE_SUPABASE_ANON_KEY'].includes(key)));
    generated = spawnSync('npx', ['tsx', 'scripts/generate.ts'], { cwd: copy, encoding: 'utf8', env });
    built = spawnSync('npx', ['tsx', 'scripts/build.ts'], { cwd: copy, encoding: 'utf8', env });
    const after = fingerprint(copy);
    changed = [...after.keys()].filter((file) => before.get(file) !== after.get(file)).sort();
    db = await freshDatabase('pglite', join(copy, 'supabase'));
  }, 180_000);
  afterAll(() => db?.close());

  it('generates and builds without a word of TypeScript, SQL or routing written by hand', () => {
    expect(generated.status, `${generated.stdout}${generated.stderr}`).toBe(0);
    expect(built.status, `${built.stdout}${built.stderr}`).toBe(0);
    const byHand = changed.filter((file) => !/^(src\/generated\/|form-model\/generated\/|supabase\/migrations\/|supabase\/schema-snapshot\.json$)/.test(file));
    expect(byHand).toEqual(['schemas/forms.json', `schemas/${volunteer.name}.messages.json`, `schemas/${volunteer.name}.schema.json`, `schemas/${volunteer.name}.ui.json`]);
  });

  it('has its own prerendered page, in the sitemap, with every question, the courses of site.config.ts and its button', () => {
    const html = readFileSync(join(copy, 'dist', 'volunteer.html'), 'utf8');
    expect(html).toContain('Offer Your Time');
    expect(html).toContain('<title>Volunteer With Us');
    for (const field of volunteer.ui['ui:order']) expect(html).toContain(`id="${volunteer.schema.$id}_${field}"`);
    expect(html).toContain('Offer My Time');
    expect(readFileSync(join(copy, 'dist', 'sitemap.xml'), 'utf8')).toContain('/volunteer</loc>');
    // Linked from every page's header and footer, after the site's own links, by its forms.json entry.
    const home = readFileSync(join(copy, 'dist', 'index.html'), 'utf8');
    const header = home.slice(home.indexOf('<header'), home.indexOf('</header>'));
    const footer = home.slice(home.indexOf('<footer'), home.indexOf('</footer>'));
    expect(header).toMatch(/href="\/contact"[^]*href="\/volunteer"[^>]*>Volunteer</);
    expect(footer).toMatch(/href="\/volunteer"[^>]*>Volunteer With Us</);
    const definition = readFileSync(join(copy, 'src', 'generated', 'forms', `${volunteer.name}.ts`), 'utf8');
    expect(definition).toContain('"const": "strategic-leadership"');
  });

  it('gets a table visitors can write to and not read, with its caps, and an email for staff', async () => {
    const row = { full_name: 'Ana Ruiz', email: 'ana@casaverde.org', skill: 'writing', course: 'ai-social-impact' };
    const unstamped = (values: Record<string, unknown>) =>
      as(db, 'anon', null, () => db.query(`insert into public.volunteer_offers (${Object.keys(values).join(', ')}) values (${Object.keys(values).map((_, i) => `$${i + 1}`).join(', ')})`, Object.values(values)));
    // Each row as the site sends it: its id is the proof of work the new table asks for, as every form's does.
    const insert = (values: Record<string, unknown>) => unstamped({ id: mineStamp('volunteer_offers'), ...values });
    await expect(unstamped(row)).rejects.toThrow("This submission was not stamped by the site's form.");
    await db.query(`insert into public.volunteer_offers (full_name, email, skill) values ('Ana', 'ana@casaverde.org', 'data')`);
    await insert(row);
    await expectRefused(as(db, 'anon', null, () => db.query('select * from public.volunteer_offers')), '42501');
    await expectRefused(insert({ ...row, course: 'not-a-course' }), '23514');
    await expectRefused(insert({ ...row, skill: 'juggling' }), '23514');
    await db.query(`insert into public.volunteer_offers (full_name, email, skill) values ('Ana', 'ana@casaverde.org', 'data')`);
    await expect(insert(row)).rejects.toThrow('Too many submissions from ana@casaverde.org');
    expect((await db.query(`select count(*)::int as queued from public.form_notifications where form_table = 'volunteer_offers'`)).rows).toEqual([{ queued: 2 }]);
    const notified = readFileSync(join(copy, 'form-model', 'generated', 'notification-forms.ts'), 'utf8');
    expect(notified).toContain('"Volunteer Offer": {');
    expect(notified).toContain('subject: "Volunteer: {skill}"');
  });
});
