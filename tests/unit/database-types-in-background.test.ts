/**
 * `npm run dev` builds src/generated/database.ts in a background process (scripts/generate/write-database-types.ts)
 * while the next save may replace a draft migration: a migration listed and then gone is passed over in
 * silence (that save runs it again), anything else still fails loudly.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

function runIn(prepare: (supabase: string) => void) {
  const scratch = join(root, 'test-results', 'scratch');
  mkdirSync(scratch, { recursive: true });
  const dir = mkdtempSync(join(scratch, 'db-types-'));
  const supabase = join(dir, 'supabase');
  mkdirSync(supabase, { recursive: true });
  cpSync(join(root, 'supabase', 'bootstrap'), join(supabase, 'bootstrap'), { recursive: true });
  cpSync(join(root, 'supabase', 'migrations'), join(supabase, 'migrations'), { recursive: true });
  prepare(supabase);
  const env = { ...process.env, SCHEMAS_DIR: join(root, 'schemas'), FORM_MODEL_DIR: join(dir, 'form-model'), SUPABASE_DIR: supabase, GENERATED_DIR: join(dir, 'generated') };
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'generate', 'write-database-types.ts')], { cwd: root, env, encoding: 'utf8' });
  const wrote = existsSync(join(dir, 'generated', 'database.ts'));
  rmSync(dir, { recursive: true, force: true });
  return { status: run.status, stderr: run.stderr, wrote };
}

it('a migration that vanished after the folder was listed is passed over without a word', () => {
  // A link to nothing: listed by the folder, gone when read, as a draft a save just replaced.
  const result = runIn((supabase) => symlinkSync(join(supabase, 'migrations', 'gone.sql'), join(supabase, 'migrations', '99999999999999_schema_changes.sql')));
  expect(result).toEqual({ status: 0, stderr: '', wrote: false });
});

it('any other missing file still fails with its message', () => {
  const result = runIn((supabase) => rmSync(join(supabase, 'bootstrap'), { recursive: true }));
  expect(result.status).not.toBe(0);
  expect(result.stderr).toContain('ENOENT');
});
