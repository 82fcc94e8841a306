import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { appliedMigrations } from '../../supabase/local/applied-migrations.ts';
import { diffStates, type Diff } from './db-diff.ts';
import type { DbState } from './db-state.ts';

/** supabase/schema-snapshot.json: the database as the last generated migration left it. */
export interface Snapshot {
  note: string;
  state: DbState;
  /** Every migration file and its SHA-256: migrations are append-only, so these must never change. */
  migrations: Record<string, string>;
  /** The newest generated migration and the tables before it, so it can be withdrawn while no database has it. */
  last?: { file: string; before: DbState };
}

const NOTE = 'Written by `npm run generate`: the tables as the generated migrations leave them. Do not edit.';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function readSnapshot(file: string): Snapshot {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Snapshot) : { note: NOTE, state: {}, migrations: {} };
}

function migrationFiles(dir: string) {
  return readdirSync(dir).filter((f) => /^\d{14}_[a-z0-9_]+\.sql$/.test(f)).sort();
}

/**
 * Tables and views the project's own migrations make in public (the inbox, testimonials, the funnel's
 * counts), each with the file that makes it: a form's table cannot take their names. Form tables the
 * generated migrations keep up to date (those in `state`) are the forms' own.
 */
export function projectTables(dir: string, state: DbState): Map<string, string> {
  const tables = new Map<string, string>();
  if (!existsSync(dir)) return tables;
  for (const file of migrationFiles(dir)) {
    const sql = readFileSync(join(dir, file), 'utf8');
    for (const [, name] of sql.matchAll(/\bcreate\s+(?:or\s+replace\s+)?(?:unlogged\s+)?(?:materialized\s+)?(?:table|view)\s+(?:if\s+not\s+exists\s+)?public\.([a-z_][a-z0-9_]*)/gi)) {
      if (!(name! in state) && !tables.has(name!)) tables.set(name!, file);
    }
  }
  return tables;
}

/** Migrations that were edited or removed after they were recorded. */
export function rewrittenMigrations(dir: string, snapshot: Snapshot): string[] {
  return Object.entries(snapshot.migrations)
    .filter(([file, hash]) => !existsSync(join(dir, file)) || sha256(readFileSync(join(dir, file), 'utf8')) !== hash)
    .map(([file]) => file);
}

/** Whether git's HEAD holds the file: committed, it may have reached a teammate's or the hosted database. */
function committed(dir: string, file: string): boolean {
  const tree = spawnSync('git', ['ls-tree', '--name-only', 'HEAD', '--', file], { cwd: dir, encoding: 'utf8' });
  // Outside a repository, or before its first commit, nothing says where it went: keep it.
  return tree.status !== 0 || tree.stdout.trim() !== '';
}

/**
 * The newest migration, when `npm run generate` wrote it and it has reached no database yet (no local
 * stack applied it, no commit holds it): the next run replaces it instead of adding a migration on top,
 * so a change undone or a migration that failed to apply leaves no trace (decision 024). `localDrafts`, the
 * dev server's own, may have been applied: it brings its database along (run.ts). Asked only once
 * rewrittenMigrations found none, so the file is as generate wrote it.
 */
export function withdrawableMigration(dir: string, snapshot: Snapshot, localDrafts: ReadonlySet<string> = new Set()): string | null {
  const file = snapshot.last?.file;
  if (!file || migrationFiles(dir).at(-1) !== file) return null;
  if ((appliedMigrations(dirname(dir)).has(file) && !localDrafts.has(file)) || committed(dir, file)) return null;
  return file;
}

/** A 14-digit UTC timestamp later than every existing migration. */
function nextTimestamp(dir: string, now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  const last = migrationFiles(dir).at(-1)?.slice(0, 14);
  return last && last >= stamp ? String(BigInt(last) + 1n) : stamp;
}

export interface PlannedMigration {
  /** The new migration's file name and text, or null when the tables already match. */
  migration: { file: string; sql: string } | null;
  /** The snapshot file's full text after this run (unchanged text means nothing to write). */
  snapshotText: string;
  diff: Diff;
  /** The pending migration this run deletes (its change is in `migration`, or undone). */
  withdrawn: string | null;
}

/**
 * What `npm run generate` would add to supabase/: a migration (if the tables change) and the snapshot.
 * `withdrawn` (from withdrawableMigration) is planned from the tables before it, and deleted.
 */
export function planMigration(dir: string, snapshot: Snapshot, desired: DbState, now = new Date(), withdrawn: string | null = null): PlannedMigration {
  const base = withdrawn ? snapshot.last!.before : snapshot.state;
  const diff = diffStates(base, desired);
  let migration: PlannedMigration['migration'] = null;
  if (diff.statements.length > 0) {
    const file = `${nextTimestamp(dir, now)}_${Object.keys(base).length ? 'schema_changes' : 'form_tables'}.sql`;
    const header = [
      '-- Generated by `npm run generate` from schemas/. Do not edit: migrations are append-only;',
      '-- change the schemas and run `npm run generate` again to write the next migration.',
      '-- Rules added to tables that may hold rows are NOT VALID: enforced for new and changed rows,',
      '-- while the answers saved before stay as they are (docs/decisions/013).',
      '',
    ];
    migration = { file, sql: `${header.join('\n')}${diff.statements.join('\n')}\n` };
  }
  const kept = migrationFiles(dir).filter((f) => f !== withdrawn);
  const migrations = Object.fromEntries(kept.map((f) => [f, sha256(readFileSync(join(dir, f), 'utf8'))]));
  if (migration) migrations[migration.file] = sha256(migration.sql);
  const last = migration ? { file: migration.file, before: base } : withdrawn ? undefined : snapshot.last;
  const snapshotText = `${JSON.stringify({ note: NOTE, state: desired, migrations, ...(last && { last }) }, null, 2)}\n`;
  return { migration, snapshotText, diff, withdrawn };
}
