/**
 * Writes src/generated/database.ts when the migrations changed since it was written: the one slow part
 * of generating (it builds a database from every migration), which `npm run dev` runs in this separate
 * process so that the open page reloads while it works (scripts/dev.ts).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { databaseSourceHash, databaseTypesModule, recordedHash } from './database-types.ts';
import { generateOptions } from './paths.ts';

const { generatedDir, supabaseDir } = generateOptions();
const file = join(generatedDir, 'database.ts');
const existing = existsSync(file) ? readFileSync(file, 'utf8') : null;
try {
  if (!existing || recordedHash(existing) !== databaseSourceHash(supabaseDir)) writeFileSync(file, await databaseTypesModule(supabaseDir));
} catch (error) {
  // A migration gone between listing the folder and reading it: a save replaced its draft, and that save
  // runs this again (scripts/dev.ts), so there is nothing to report, and a stack trace would only alarm.
  const { code, path } = error as NodeJS.ErrnoException;
  if (code !== 'ENOENT' || !path?.startsWith(join(supabaseDir, 'migrations'))) throw error;
}
