/**
 * The part of the local stack a function test needs: a fresh database, the edge functions on Deno and
 * the gateway in front of them, with mail going wherever the test says.
 */
import { randomUUID } from 'node:crypto';
import { freePort } from '../../supabase/local/free-port';
import { startFunctions } from '../../supabase/local/functions';
import { startGateway } from '../../supabase/local/gateway';
import { localKeys } from '../../supabase/local/keys';
import { freshDatabase } from '../db/database';
import { stampsOff } from './stamps';
import { testAuth } from '../local/auth-settings';

export async function startApiWithFunctions(mailEnv: Record<string, string>) {
  const { anon, serviceRole } = await localKeys();
  const db = await freshDatabase('pglite');
  // The function's tests send many rows; submission stamps are tested in tests/db/submission-stamps.test.ts.
  await stampsOff(db);
  const port = await freePort();
  const functions = await startFunctions({
    SUPABASE_URL: `http://127.0.0.1:${port}`,
    SUPABASE_SERVICE_ROLE_KEY: serviceRole,
    NOTIFY_TO: 'staff@keystoneimpact.org',
    EMAIL_FROM: 'Website <notifications@keystoneimpact.org>',
    SITE_URL: 'https://keystoneimpact.example/',
    ...mailEnv,
  });
  const gateway = await startGateway({ functions, db, auth: testAuth(1), port });
  const api = `http://127.0.0.1:${gateway.port}`;
  return {
    api,
    db,
    functions,
    anon,
    serviceRole,
    /** Saves a submission as the site does (anon key, the browser's id) and returns its id. */
    async save(table: string, answers: Record<string, unknown>): Promise<string> {
      const id = randomUUID();
      const response = await fetch(`${api}/rest/v1/${table}`, {
        method: 'POST',
        headers: { apikey: anon, Authorization: `Bearer ${anon}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ id, ...answers }),
      });
      if (response.status !== 201) throw new Error(`Saving to ${table} answered ${response.status}: ${await response.text()}`);
      return id;
    },
    /** Calls send-form-notification through the gateway as supabase-js does, with the anon key unless told otherwise. */
    invoke(body: unknown, key: string | null = anon) {
      return fetch(`${api}/functions/v1/send-form-notification`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(key ? { apikey: key, Authorization: `Bearer ${key}` } : {}) },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
    },
    /** Where one of a submission's emails stands: staff's by default, or the sender's copy. */
    async state(id: string, recipient: 'staff' | 'sender' = 'staff') {
      const { rows } = await db.query<{ state: string; attempts: number; last_error: string | null }>(
        'select state, attempts, last_error from public.form_notifications where submission_id = $1 and recipient = $2',
        [id, recipient],
      );
      return rows[0];
    },
    async close() {
      await gateway.close();
      await functions.close();
      await db.close();
    },
  };
}

export type ApiWithFunctions = Awaited<ReturnType<typeof startApiWithFunctions>>;
