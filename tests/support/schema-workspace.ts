import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generate, type GenerateResult } from '../../scripts/generate/run';
import { siteFacts } from '../../scripts/generate/site-config';
import * as siteConfig from '../../site.config';

const root = join(import.meta.dirname, '..', '..');
const scratch = join(root, 'test-results', 'scratch');
/** The frozen schemas and migrations engine tests start from (tests/fixtures/project/README.md). */
export const fixtureProject = join(root, 'tests', 'fixtures', 'project');

/**
 * Replaces a project's schemas/, migrations and snapshot with the frozen fixture's. The fixture names
 * its migrations rather than copying them: migrations are append-only, so the real files never change.
 */
export function installFixtureSchemas(projectDir: string) {
  const migrations = join(projectDir, 'supabase', 'migrations');
  rmSync(join(projectDir, 'schemas'), { recursive: true, force: true });
  rmSync(migrations, { recursive: true, force: true });
  mkdirSync(migrations, { recursive: true });
  cpSync(join(fixtureProject, 'schemas'), join(projectDir, 'schemas'), { recursive: true });
  cpSync(join(fixtureProject, 'supabase', 'schema-snapshot.json'), join(projectDir, 'supabase', 'schema-snapshot.json'));
  for (const file of readFileSync(join(fixtureProject, 'supabase', 'migrations.txt'), 'utf8').split('\n').filter(Boolean)) {
    cpSync(join(root, 'supabase', 'migrations', file), join(migrations, file));
  }
  // Migrations the generator wrote for the fixture's own schemas (they differ from the real project's).
  const own = join(fixtureProject, 'supabase', 'migrations');
  if (existsSync(own)) cpSync(own, migrations, { recursive: true });
}

/**
 * A private project of the fixture's schemas/ with the real supabase/ (bootstrap, seed, functions), form-model/ and
 * the fixture's migrations, plus an empty generated folder, so a test can edit schemas as a person would
 * and run the generator without touching the real project.
 */
export function schemaWorkspace() {
  mkdirSync(scratch, { recursive: true });
  const dir = mkdtempSync(join(scratch, 'project-'));
  const schemas = join(dir, 'schemas');
  const supabase = join(dir, 'supabase');
  const generated = join(dir, 'generated');
  const formModel = join(dir, 'form-model');
  cpSync(join(root, 'form-model'), formModel, { recursive: true, filter: (path) => !path.includes(join('form-model', 'generated')) });
  cpSync(join(root, 'supabase'), supabase, { recursive: true, filter: (path) => !path.includes(join('supabase', 'local')) && !path.includes(join('supabase', 'migrations')) && !path.endsWith('.applied-migrations.txt') });
  installFixtureSchemas(dir);
  return {
    dir,
    schemas,
    supabase,
    generated,
    formModel,
    /** Edits schemas/<file> as text: what someone typing in an editor does. */
    editText(file: string, edit: (text: string) => string) {
      writeFileSync(join(schemas, file), edit(readFileSync(join(schemas, file), 'utf8')));
    },
    /** Edits schemas/<file> as JSON and writes it back pretty-printed. */
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- free-form edits of a JSON file
    editJson(file: string, edit: (json: any) => void) {
      const json = JSON.parse(readFileSync(join(schemas, file), 'utf8'));
      edit(json);
      writeFileSync(join(schemas, file), `${JSON.stringify(json, null, 2)}\n`);
    },
    /** Runs `npm run generate` (in this process) on the copies, with the real site.config.ts (imported here: under jsdom, the generator's own loader cannot start). */
    generate: (options: { check?: boolean; allowDestructive?: boolean } = {}): Promise<GenerateResult> =>
      generate({ root: dir, schemasDir: schemas, generatedDir: generated, supabaseDir: supabase, formModelDir: formModel, siteFacts: siteFacts(siteConfig), ...options }),
    migrations: () => readdirSync(join(supabase, 'migrations')).sort(),
  };
}

export type SchemaWorkspace = ReturnType<typeof schemaWorkspace>;
