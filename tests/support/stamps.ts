/**
 * Submissions carry a proof of work (docs/decisions/029): about 0.35 s of hashing per row in Node.
 * Tests about other rules send many rows, so they turn the check off on their own database, as a
 * deployer could (bits = 0); tests/db/submission-stamps.test.ts and the end-to-end journeys keep it on.
 */
import type { Db } from '../db/database';

/** Turns the stamp check off on a test database (its owner's connection). */
export async function stampsOff(db: Db): Promise<void> {
  await db.query('update public.submission_stamp set bits = 0');
}

/** Turns the stamp check off on a running local API, as the service role. */
export async function stampsOffOverRest(apiUrl: string, serviceRoleKey: string): Promise<void> {
  const response = await fetch(`${apiUrl}/rest/v1/submission_stamp?only_row=eq.true`, {
    method: 'PATCH',
    headers: { apikey: serviceRoleKey, Authorization: `Bearer ${serviceRoleKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ bits: 0 }),
  });
  if (!response.ok) throw new Error(`Turning stamps off answered ${response.status}: ${await response.text()}`);
}
