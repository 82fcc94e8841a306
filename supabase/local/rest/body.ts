/** A request's JSON body, refused as PostgREST refuses one that is too large or not JSON. */
import type { IncomingMessage } from 'node:http';
import { readBody } from '../request-body.ts';
import { refuse } from './response.ts';

const MAX_BODY_BYTES = 1024 * 1024;

/** The request's JSON body; an empty body is `fallback` (an rpc() call without arguments sends none). */
export async function jsonBody(req: IncomingMessage, fallback?: unknown): Promise<unknown> {
  const text = await readBody(req, MAX_BODY_BYTES);
  if (text === null) return refuse(413, 'PGRST413', 'The request body is too large.', `The limit is ${MAX_BODY_BYTES} bytes.`);
  if (!text.trim() && fallback !== undefined) return fallback;
  try {
    return JSON.parse(text);
  } catch {
    return refuse(400, 'PGRST102', 'Empty or invalid json');
  }
}
