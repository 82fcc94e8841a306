/**
 * Which migrations a database has applied, as a git-ignored list beside them
 * (supabase/.applied-migrations.txt). `npm run generate` reads it: a migration it wrote may be withdrawn
 * and rewritten only while no database has it (decision 024). Every local stack adds to it, so a test
 * stack that applied a migration also keeps it: the list errs on the side of keeping.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const FILE = '.applied-migrations.txt';
const HEADER = '# Migrations a local database applied (written by the local stack; git-ignored). npm run generate never withdraws these.';

export function appliedMigrations(supabaseDir: string): Set<string> {
  const file = join(supabaseDir, FILE);
  if (!existsSync(file)) return new Set();
  return new Set(readFileSync(file, 'utf8').split('\n').filter((line) => line && !line.startsWith('#')));
}

export function recordApplied(supabaseDir: string, migration: string) {
  const known = appliedMigrations(supabaseDir);
  if (known.has(migration)) return;
  known.add(migration);
  writeList(supabaseDir, known);
}

function writeList(supabaseDir: string, migrations: Set<string>) {
  const file = join(supabaseDir, FILE);
  // Written whole and renamed into place: a stack and a test run may record at the same moment.
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, `${HEADER}\n${[...migrations].sort().join('\n')}\n`);
  renameSync(partial, file);
}

/** A draft the dev server withdrew from the local database it had reached (decision 024): no database has it now. */
export function forgetApplied(supabaseDir: string, migration: string) {
  const known = appliedMigrations(supabaseDir);
  if (known.delete(migration)) writeList(supabaseDir, known);
}
