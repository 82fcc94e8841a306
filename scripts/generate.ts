/**
 * `npm run generate`: turns schemas/ into what the site runs on, after checking the schemas.
 *   src/generated/types.ts               TypeScript types of each form's data
 *   src/generated/forms/<form>.ts        schema, UI, messages and wizard steps, ready for the form components
 *   src/generated/validators/<id>.ts     precompiled Ajv validators (no code compiled in the browser)
 *   supabase/functions/_shared/generated the same validators and the notified forms, for send-form-notification
 *   supabase/migrations/<time>_*.sql     a NEW migration with only what changed since the last one
 *   supabase/schema-snapshot.json        the tables as the migrations leave them, and every migration's hash
 *
 * `npm run generate -- --check` writes nothing and fails if any generated file is stale, the schemas
 * changed without a migration, or a migration was edited after it was written (run in `npm test`).
 * A change that would drop a column or table, or change a column's type, is refused unless
 * `npm run generate -- --allow-destructive` confirms it.
 */
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { checkForm } from './generate/check-form.ts';
import { desiredState } from './generate/db-state.ts';
import { planMigration, rewrittenMigrations, writeMigration } from './generate/migrations.ts';
import { generatedFiles } from './generate/emit-files.ts';
import { readForms, readRegistry, SchemaProblem, strayFiles } from './generate/forms.ts';

const root = join(import.meta.dirname, '..');
const schemasDir = process.env.SCHEMAS_DIR ?? join(root, 'schemas');
const outDir = process.env.GENERATED_DIR ?? join(root, 'src', 'generated');
// Generating from a copy of the schemas (as tests do) must never write migrations into the real project.
if (process.env.SCHEMAS_DIR && !process.env.SUPABASE_DIR) {
  console.error('SCHEMAS_DIR is set without SUPABASE_DIR: set both, so migrations are written beside those schemas.');
  process.exit(2);
}
const supabaseDir = process.env.SUPABASE_DIR ?? join(root, 'supabase');
const migrationsDir = join(supabaseDir, 'migrations');
const snapshotFile = join(supabaseDir, 'schema-snapshot.json');
const check = process.argv.includes('--check');
const allowDestructive = process.argv.includes('--allow-destructive');

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)));
}

async function main() {
  const forms = readForms(schemasDir);
  const problems = forms.flatMap(checkForm);
  for (const stray of strayFiles(schemasDir, forms)) {
    problems.push(new SchemaProblem(`schemas/${stray}`, '', 'belongs to no form listed in schemas/forms.json. Rename it to <form>.schema.json, .ui.json, .messages.json or .steps.json, or list its form.'));
  }
  if (problems.length > 0) {
    console.error(`The schemas have ${problems.length} problem${problems.length > 1 ? 's' : ''}; nothing was generated:\n`);
    for (const p of problems) console.error(`  ✖ ${p.message}`);
    process.exit(1);
  }
  const registry = readRegistry(schemasDir).json;
  const files = await generatedFiles(forms, registry);
  const desired = desiredState(forms.map((f) => ({ schema: f.schema.json, entry: registry[f.name]! })));
  const { snapshot, diff } = planMigration(snapshotFile, desired);
  const rewritten = rewrittenMigrations(migrationsDir, snapshot);
  if (rewritten.length) {
    console.error('Migrations are append-only, but these changed after they were written. Restore them and put the change in a new migration:');
    for (const file of rewritten) console.error(`  ✖ supabase/migrations/${file}`);
    process.exit(1);
  }
  if (diff.destructive.length && !allowDestructive && !check) {
    console.error('This schema change would delete saved data, so no migration was written:\n');
    for (const reason of diff.destructive) console.error(`  ✖ ${reason}`);
    console.error('\nIf that is really intended, run `npm run generate -- --allow-destructive`.');
    process.exit(1);
  }

  const functionsOut = join(supabaseDir, 'functions', '_shared', 'generated');
  /** Where a generated path lives: functions/... beside the edge functions, the rest in src/generated. */
  const target = (path: string) => (path.startsWith('functions/') ? join(functionsOut, path.slice('functions/'.length)) : join(outDir, path));
  const existing = [...listFiles(outDir), ...listFiles(functionsOut).map((p) => `functions/${p}`)];

  if (check) {
    if (diff.statements.length) {
      console.error('The schemas changed since the last migration. Run `npm run generate` and commit the new migration.');
      process.exit(1);
    }
    const stale = [...files].filter(([path, content]) => !existsSync(target(path)) || readFileSync(target(path), 'utf8') !== content).map(([p]) => p);
    const extra = existing.filter((path) => !files.has(path));
    if (stale.length || extra.length) {
      console.error('Generated files are out of date with schemas/. Run `npm run generate` and commit the result.');
      const shown = (path: string) =>
        path.startsWith('functions/') ? `supabase/functions/_shared/generated/${path.slice('functions/'.length)}` : `src/generated/${path}`;
      for (const path of stale) console.error(`  stale:   ${shown(path)}`);
      for (const path of extra) console.error(`  extra:   ${shown(path)}`);
      process.exit(1);
    }
    console.log(`src/generated and the functions' copies are up to date with schemas/ (${files.size} files, ${forms.length} forms).`);
    return;
  }
  rmSync(outDir, { recursive: true, force: true });
  rmSync(functionsOut, { recursive: true, force: true });
  for (const [path, content] of files) {
    mkdirSync(dirname(target(path)), { recursive: true });
    writeFileSync(target(path), content);
  }
  console.log(`Generated ${files.size} files in src/generated and supabase/functions/_shared/generated from ${forms.length} forms.`);
  const migration = writeMigration(migrationsDir, snapshotFile, snapshot, desired, diff);
  console.log(migration ? `Wrote supabase/migrations/${migration}.` : 'The database tables already match the schemas: no new migration.');
}

main().catch((error: unknown) => {
  if (error instanceof SchemaProblem) console.error(`  ✖ ${error.message}`);
  else console.error(`Generation failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
