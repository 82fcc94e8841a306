/**
 * The stack outlives its PostgreSQL connection: when the server ends it (a restart, or an administrator
 * terminating it: SQLSTATE 57P01), requests in between get 503 with Retry-After and the next ones
 * reconnect. Runs where a PostgreSQL server is available (DATABASE_URL; .ci/run starts one).
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startLocalStack, type LocalStack } from '../../supabase/local/stack';
import { mineStamp } from '../../form-model/stamp';

const scratch = join(import.meta.dirname, '..', '..', 'test-results', 'scratch');
const server = process.env.DATABASE_URL;

describe.runIf(server)('a dropped database connection', () => {
  let admin: pg.Client;
  let stack: LocalStack;
  let name: string;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: server });
    await admin.connect();
    name = `restart_${Date.now()}`;
    await admin.query(`create database ${name}`);
    const url = new URL(server!);
    url.pathname = `/${name}`;
    vi.stubEnv('DATABASE_URL', url.toString());
    mkdirSync(scratch, { recursive: true });
    stack = await startLocalStack(mkdtempSync(join(scratch, 'restart-')), { api: 0, inboxHttp: 0, inboxSmtp: 0 });
  }, 60_000);
  afterAll(async () => {
    await stack?.close();
    vi.unstubAllEnvs();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  const read = () => fetch(`${stack.apiUrl}/rest/v1/testimonials?select=client_name`, { headers: { apikey: stack.anonKey } });

  it('answers 503 with a retry hint in between, then reconnects by itself', async () => {
    expect((await read()).status).toBe(200);
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
    const statuses: number[] = [];
    for (let i = 0; i < 20 && statuses.at(-1) !== 200; i++) {
      const answer = await read();
      statuses.push(answer.status);
      if (answer.status === 503) expect(answer.headers.get('retry-after')).toBe('1');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(statuses.every((s) => s === 200 || s === 503), statuses.join(',')).toBe(true);
    expect(statuses.at(-1)).toBe(200);
    // Writes work again too.
    const insert = await fetch(`${stack.apiUrl}/rest/v1/contact_submissions`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: mineStamp('contact_submissions'), name: 'Ana', email: 'ana@casaverde.org', subject: 'Other', message: 'Back again' }),
    });
    expect(insert.status).toBe(201);
  }, 30_000);
});
