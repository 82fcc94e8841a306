/**
 * /auth/v1: the part of GoTrue the site's supabase-js calls use. Sign-up with email confirmation, the
 * verify link (and sending it again), password and refresh-token grants, the current user, logout and password recovery, with
 * GoTrue's answers and error codes, so the same client code runs here and against hosted Supabase.
 * One file per endpoint, as GoTrue's api/ has them; what they share is in context.ts.
 */
import type { IncomingMessage } from 'node:http';
import { adminRoute } from './admin.ts';
import { authContext, type AuthOptions } from './context.ts';
import { AuthProblem, fail, ok, requestApiVersion, type AuthAnswer } from './errors.ts';
import { invite } from './invite.ts';
import { logout } from './logout.ts';
import { recover } from './recover.ts';
import { resend } from './resend.ts';
import { readJson } from './request.ts';
import { signup } from './signup.ts';
import { token } from './token.ts';
import { getUser, putUser } from './user.ts';
import { verify } from './verify.ts';

export type { AuthOptions };

export function createAuthHandler(options: AuthOptions) {
  const ctx = authContext(options);
  const { db, tx } = ctx;

  async function route(req: IncomingMessage, path: string, search: URLSearchParams): Promise<AuthAnswer> {
    const method = req.method ?? 'GET';
    if (path === '/signup' && method === 'POST') return signup(ctx, req, search);
    if (path === '/token' && method === 'POST') return token(ctx, req, search);
    if (path === '/verify' && method === 'GET') return verify(ctx, req, search);
    if (path === '/user' && method === 'GET') return getUser(ctx, req);
    if (path === '/user' && method === 'PUT') return putUser(ctx, req, search);
    if (path === '/recover' && method === 'POST') return recover(ctx, req, search);
    if (path === '/resend' && method === 'POST') return resend(ctx, req, search);
    if (path === '/invite' && method === 'POST') return invite(ctx, req, search);
    if (path === '/logout' && method === 'POST') return logout(ctx, req, search);
    const admin = await adminRoute(req, path, search, { db, tx, readJson });
    if (admin) return admin;
    if (path === '/health' && method === 'GET') return ok({ version: 'local', name: 'GoTrue (local stand-in)', description: 'Serves the part of the Supabase Auth API the site uses.' });
    return fail(404, 'not_found', `The local auth API does not serve ${method} /auth/v1${path}.`);
  }

  return async function handleAuth(req: IncomingMessage, path: string, search: URLSearchParams): Promise<AuthAnswer> {
    try {
      return await route(req, path, search);
    } catch (error) {
      if (error instanceof AuthProblem) return error.answer(requestApiVersion(req));
      console.error('Local auth failed:', error);
      return new AuthProblem(500, 'unexpected_failure', 'Unexpected failure, please check the terminal running the local backend.').answer(requestApiVersion(req));
    }
  };
}
