/**
 * Local-only signing secret and API keys, the same ones `supabase start` prints, so Supabase users
 * recognise them. They are public knowledge and only ever valid against this local stand-in.
 */
import type { IncomingMessage } from 'node:http';
import { jwtVerify, SignJWT, type JWTPayload } from 'jose';

export const LOCAL_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
/** Signs the API keys and the access tokens local auth issues; verifies every bearer token. */
export const signingKey = new TextEncoder().encode(LOCAL_JWT_SECRET);

async function apiKey(role: 'anon' | 'service_role') {
  // Claims in this order give byte-for-byte the demo keys the Supabase CLI prints.
  return new SignJWT({ iss: 'supabase-demo', role, exp: 1983812996 }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(signingKey);
}

export const localKeys = async () => ({ anon: await apiKey('anon'), serviceRole: await apiKey('service_role') });

export interface Claims extends JWTPayload {
  role?: string;
  email?: string;
}

/** The verified claims of a bearer token, or why it is refused (PostgREST's codes). */
export async function verifyToken(token: string): Promise<{ claims: Claims } | { code: 'PGRST301' | 'PGRST303'; message: string }> {
  try {
    const { payload } = await jwtVerify(token, signingKey, { algorithms: ['HS256'] });
    return { claims: payload as Claims };
  } catch (error) {
    const expired = error instanceof Error && 'code' in error && error.code === 'ERR_JWT_EXPIRED';
    return expired ? { code: 'PGRST303', message: 'JWT expired' } : { code: 'PGRST301', message: 'No suitable key or wrong key type' };
  }
}

/** The token of a request's `Authorization: Bearer …` header: one reading for the API, the auth server and the functions gateway. */
export function bearerToken(req: IncomingMessage): string | undefined {
  return req.headers.authorization?.match(/^Bearer (.+)$/i)?.[1];
}
