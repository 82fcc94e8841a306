import { mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { localKeys } from '../../supabase/local/keys';
import { choosePassword, followLink } from '../support/email-links';
import { startLocalStack, type LocalStack } from '../../supabase/local/stack';
import { mineStamp } from '../../form-model/stamp';

const scratch = join(import.meta.dirname, '..', '..', 'test-results', 'scratch');
const migrationCount = readdirSync(join(import.meta.dirname, '..', '..', 'supabase', 'migrations')).filter((f) => f.endsWith('.sql')).length;
const anyPorts = { api: 0, inboxHttp: 0, inboxSmtp: 0 };
const account = { email: 'returning@example.org', password: 'correct horse 1' };
const client = (stack: LocalStack) => createClient(stack.apiUrl, stack.anonKey, { realtime: { transport: WebSocket as never }, auth: { persistSession: false } });

async function count(apiUrl: string) {
  const { serviceRole } = await localKeys();
  const response = await fetch(`${apiUrl}/rest/v1/contact_submissions?select=name`, { headers: { apikey: serviceRole, Authorization: `Bearer ${serviceRole}` } });
  return ((await response.json()) as unknown[]).length;
}

describe('the local stack across restarts', () => {
  // These are about the PGlite data folder: a DATABASE_URL server (shared by other tests) is not used.
  beforeAll(() => vi.stubEnv('DATABASE_URL', ''));
  afterAll(() => vi.unstubAllEnvs());

  it('keeps saved rows and accounts when it stops and starts again on the same data folder', async () => {
    mkdirSync(scratch, { recursive: true });
    const dataDir = mkdtempSync(join(scratch, 'stack-'));
    const first = await startLocalStack(dataDir, anyPorts);
    try {
      expect(first.summary.join('\n')).toContain(`${migrationCount} migration(s) applied, seeded`);
      const saved = await fetch(`${first.apiUrl}/rest/v1/contact_submissions`, {
        method: 'POST',
        headers: { apikey: first.anonKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ id: mineStamp('contact_submissions'), name: 'Ana', email: 'ana@casaverde.org', subject: 'Other', message: 'Still here?' }),
      });
      expect(saved.status).toBe(201);
      expect(await count(first.apiUrl)).toBe(1);
      expect((await client(first).auth.signUp(account)).error).toBeNull();
      const { messages } = (await (await fetch(`${first.inboxUrl}/api/v1/messages`)).json()) as { messages: { text: string }[] };
      const link = messages[0]!.text.match(/http:\/\/\S+/)![0];
      // Confirming clears the sign-up's password; the owner, signed in by the link, chooses it (decision 021).
      await choosePassword(first.apiUrl, first.anonKey, await followLink(link), account.password);
    } finally {
      await first.close();
    }
    const second = await startLocalStack(dataDir, anyPorts);
    try {
      expect(second.summary.join('\n')).toMatch(/migrations up to date/);
      expect(second.summary.join('\n')).not.toMatch(/seeded/);
      expect(await count(second.apiUrl)).toBe(1);
      const { data, error } = await client(second).auth.signInWithPassword(account);
      expect(error).toBeNull();
      expect(data.user!.email).toBe(account.email);
    } finally {
      await second.close();
    }
  }, 120_000);

  it('explains a taken port in one sentence and leaves nothing running', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as { port: number };
    try {
      await expect(startLocalStack(mkdtempSync(join(scratch, 'stack-')), { ...anyPorts, api: port })).rejects.toThrow(
        `Port ${port} (local Supabase API) is already in use. Is another \`npm start\` or \`supabase start\` running?`,
      );
    } finally {
      blocker.close();
    }
  }, 120_000);

  it("refuses a second start on a data folder in use at once, in one sentence, and loses none of the first one's writes", async () => {
    mkdirSync(scratch, { recursive: true });
    const dataDir = mkdtempSync(join(scratch, 'stack-'));
    const first = await startLocalStack(dataDir, anyPorts);
    try {
      const refused = await startLocalStack(dataDir, anyPorts).then(
        (second) => second.close().then(() => null),
        (error: Error) => error.message,
      );
      expect(refused).toMatch(/^The local database in .+ is in use by another `npm start` or `npm run dev` \(process \d+\)\. Stop that one first; two at once would lose each other's writes\.$/);
      expect(refused).not.toMatch(/delete/i);
      const saved = await fetch(`${first.apiUrl}/rest/v1/contact_submissions`, {
        method: 'POST',
        headers: { apikey: first.anonKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ id: mineStamp('contact_submissions'), name: 'Ana', email: 'ana@casaverde.org', subject: 'Other', message: 'Kept?' }),
      });
      expect(saved.status).toBe(201);
    } finally {
      await first.close();
    }
    const again = await startLocalStack(dataDir, anyPorts);
    try {
      expect(await count(again.apiUrl)).toBe(1);
    } finally {
      await again.close();
    }
  }, 120_000);
});
