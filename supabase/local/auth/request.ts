/** What GoTrue reads from a request body: JSON within a size limit, with no NUL anywhere, and its fields. */
import type { IncomingMessage } from 'node:http';
import { readBody } from '../request-body.ts';
import { fail } from './errors.ts';

const MAX_BODY_BYTES = 64 * 1024;

export async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const text = await readBody(req, MAX_BODY_BYTES);
  if (text === null) return fail(413, 'request_too_large', 'Request body too large');
  if (!text.trim()) return {};
  let parsed: unknown;
  let nul = false;
  try {
    // PostgreSQL text cannot hold NUL: a value with one would fail in the database, as the server's fault.
    parsed = JSON.parse(text, (key, value: unknown) => {
      if (key.includes('\u0000') || (typeof value === 'string' && value.includes('\u0000'))) nul = true;
      return value;
    });
  } catch {
    return fail(400, 'bad_json', 'Could not parse request body as JSON');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return fail(400, 'bad_json', 'Could not parse request body as JSON');
  if (nul) return fail(400, 'validation_failed', 'Text cannot contain NUL characters');
  return parsed as Record<string, unknown>;
}

/** A field of the body as text; anything else (a number, null, missing) is ''. */
export const text = (body: Record<string, unknown>, key: string) => (typeof body[key] === 'string' ? (body[key] as string) : '');

/** The user metadata a sign-up or invitation carries (`data`), or none when it is not an object. */
export const metadata = (body: Record<string, unknown>) => (body.data && typeof body.data === 'object' && !Array.isArray(body.data) ? (body.data as Record<string, unknown>) : {});
