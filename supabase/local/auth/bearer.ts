/** The caller's verified JWT, as GoTrue reads it for /user and the admin API. */
import type { IncomingMessage } from 'node:http';
import { bearerToken, verifyToken, type Claims } from '../keys.ts';
import { fail } from './errors.ts';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The claims of the request's Bearer token: 401 without one, 403 when it does not verify. */
export async function bearerClaims(req: IncomingMessage): Promise<Claims> {
  const bearer = bearerToken(req);
  if (!bearer) return fail(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  const verified = await verifyToken(bearer);
  if (!('claims' in verified)) return fail(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${verified.message}`);
  return verified.claims;
}
