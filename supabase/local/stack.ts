/**
 * The whole local backend in one call: database (migrated, seeded), mail inbox, edge functions and the
 * API gateway. `npm start` and `npm run dev` both run it beside the site.
 */
import { join } from 'node:path';
import { readApiConfig } from './api-config.ts';
import { readAuthConfig, withSiteUrl } from './auth/config.ts';
import { openDatabase } from './database.ts';
import { startFunctions, type FunctionRunner } from './functions.ts';
import { startGateway } from './gateway.ts';
import { readStorageConfig } from './storage/config.ts';
import { seedBuckets } from './storage/seed.ts';
import { startInbox } from './inbox.ts';
import { localKeys } from './keys.ts';
import { migrate, replaceDraft, type DraftReplacement } from './migrate.ts';
import { reloadSchemaCache } from './rest/schema-cache.ts';
import { startNotificationSweep } from './sweep.ts';
import type { SqlClient } from './sql-client.ts';
import { serialized } from './transactions.ts';

export interface LocalStack {
  apiUrl: string;
  anonKey: string;
  inboxUrl: string;
  /** Lines describing what runs where, for the terminal. */
  summary: string[];
  /** Applies migrations written since the stack started (the dev server does after a schema edit); returns their files. */
  applyNewMigrations(): Promise<string[]>;
  /** For each column (or, with no column, table) a rewritten draft would drop: "N answers in table.column" when it holds any. */
  answersIn(losses: { table: string; column: string | null }[]): Promise<string[]>;
  /** Brings the database to the migration that replaced a draft it had applied (decision 024). */
  replaceDraft(replacement: DraftReplacement): Promise<void>;
  /** Restarts the edge functions, so they run what was regenerated since they started. */
  reloadFunctions(): Promise<void>;
  close(): Promise<void>;
}

interface StackOptions {
  api?: number;
  inboxHttp?: number;
  inboxSmtp?: number;
  /** Where the site runs, if not config.toml's site_url: auth email links lead back there. */
  siteUrl?: string;
  /** How often pending notifications are sent: as the hosted cron job, every 30 s, unless a test says otherwise. */
  sweepEverySeconds?: number;
}

export async function startLocalStack(dataDir: string, options: StackOptions = {}): Promise<LocalStack> {
  const started = performance.now();
  const closers: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const closeOne of closers.reverse()) await closeOne().catch(() => {});
  };
  try {
    const db = await openDatabase(join(dataDir, 'db'));
    closers.push(() => db.close());
    const ports = readApiConfig();
    const inbox = await startInbox({ httpPort: options.inboxHttp ?? ports.inboxPort, smtpPort: options.inboxSmtp ?? ports.inboxSmtpPort });
    closers.push(() => inbox.close());
    const { anon, serviceRole } = await localKeys();
    const authConfig = options.siteUrl ? withSiteUrl(readAuthConfig(), options.siteUrl) : readAuthConfig();
    const auth = { config: authConfig, mail: { host: '127.0.0.1', port: inbox.smtpPort, from: process.env.AUTH_EMAIL_FROM ?? 'Keystone Impact <auth@localhost>' } };
    // The API listens first: the functions call it back (as hosted ones do with SUPABASE_URL), so they are
    // started with its port. Choosing a spare port and starting later lost races with the functions' own
    // spare ports (and other stacks'), which could be given the same one meanwhile.
    let functions: FunctionRunner | null = null;
    const storage = readStorageConfig();
    const gateway = await startGateway({ functions: { get functions() { return functions?.functions ?? new Map(); } }, db, auth, port: options.api ?? ports.port, storageFileSizeLimit: storage.fileSizeLimit });
    closers.push(() => gateway.close());
    const files = await seedBuckets(db, storage, `http://127.0.0.1:${gateway.port}`, serviceRole);
    functions = await startFunctions({
      SUPABASE_URL: `http://127.0.0.1:${gateway.port}`,
      SUPABASE_ANON_KEY: anon,
      SUPABASE_SERVICE_ROLE_KEY: serviceRole,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(inbox.smtpPort),
      NOTIFY_TO: process.env.NOTIFY_TO ?? 'team@localhost',
      EMAIL_FROM: process.env.EMAIL_FROM ?? 'Website <notifications@localhost>',
      // The site the staff email links to, as hosted's SITE_URL secret says (scripts/deploy-supabase.sh).
      SITE_URL: authConfig.siteUrl,
    });
    const running = functions;
    closers.push(() => running.close());
    const sweep = startNotificationSweep(db, `http://127.0.0.1:${gateway.port}`, serviceRole, options.sweepEverySeconds);
    closers.push(async () => sweep.stop());
    const applied = db.migration.applied.length ? `${db.migration.applied.length} migration(s) applied` : 'migrations up to date';
    return {
      apiUrl: `http://localhost:${gateway.port}`,
      anonKey: anon,
      inboxUrl: `http://localhost:${inbox.httpPort}`,
      summary: [
        `Local API     http://localhost:${gateway.port}  (auth, REST, storage: ${files} file(s) in ${storage.buckets.length} bucket(s), functions: ${[...running.functions.keys()].join(', ')})`,
        `Anon key      ${anon}`,
        `Service key   ${serviceRole}  (local only: reads everything, for you, never for the site)`,
        `Mail inbox    http://localhost:${inbox.httpPort}  (SMTP on ${inbox.smtpPort})`,
        `Database      ${db.description}: ${applied}${db.migration.seeded ? ', seeded' : ''}`,
        `Backend ready in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
      ],
      applyNewMigrations: async () => {
        const { applied } = await serialized(db, () => migrate(db, { seed: false, record: true }));
        if (applied.length) reloadSchemaCache(db);
        return applied;
      },
      answersIn: (losses) => serialized(db, () => answersIn(db, losses)),
      replaceDraft: async (replacement) => {
        await serialized(db, () => replaceDraft(db, replacement));
        reloadSchemaCache(db);
      },
      reloadFunctions: () => running.reload(),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function answersIn(db: SqlClient, losses: { table: string; column: string | null }[]): Promise<string[]> {
  const held: string[] = [];
  for (const { table, column } of losses) {
    const where = column ? ` where ${quoted(column)} is not null` : '';
    const { rows } = await db.query<{ count: number }>(`select count(*)::int as count from public.${quoted(table)}${where}`);
    const count = rows[0]!.count;
    if (count) held.push(`${count} answer${count === 1 ? '' : 's'} in ${column ? `${table}.${column}` : table}`);
  }
  return held;
}
