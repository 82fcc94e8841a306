/**
 * Sessions as GoTrue keeps them: a row in auth.sessions, a chain of opaque refresh tokens that rotate on
 * every use, and short-lived HS256 access tokens whose claims the database's policies read.
 */
import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { signingKey } from '../keys.ts';
import type { SqlClient } from '../sql-client.ts';
import { fail } from './errors.ts';
import { userById, userJson, type UserRow } from './users.ts';

export interface SessionSettings {
  issuer: string;
  jwtExpirySeconds: number;
  refreshTokenReuseSeconds: number;
}

type Method = 'password' | 'otp';

const newRefreshToken = () => randomBytes(16).toString('base64url');

async function accessToken(user: UserRow, sessionId: string, method: Method, settings: SessionSettings) {
  const now = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({
    email: user.email,
    phone: '',
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    role: 'authenticated',
    aal: 'aal1',
    amr: [{ method, timestamp: now }],
    session_id: sessionId,
    is_anonymous: false,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(settings.issuer)
    .setSubject(user.id)
    .setAudience('authenticated')
    .setIssuedAt(now)
    .setExpirationTime(now + settings.jwtExpirySeconds)
    .sign(signingKey);
  return { token, expiresAt: now + settings.jwtExpirySeconds };
}

async function sessionJson(user: UserRow, sessionId: string, refreshToken: string, method: Method, settings: SessionSettings) {
  const { token, expiresAt } = await accessToken(user, sessionId, method, settings);
  return { access_token: token, token_type: 'bearer', expires_in: settings.jwtExpirySeconds, expires_at: expiresAt, refresh_token: refreshToken, user: userJson(user) };
}

export type Session = Awaited<ReturnType<typeof sessionJson>>;

/** A new session for a user who just proved who they are (password, or a link from their inbox). */
export async function startSession(db: SqlClient, user: UserRow, method: Method, settings: SessionSettings): Promise<Session> {
  const { rows } = await db.query<{ id: string }>('insert into auth.sessions (user_id) values ($1) returning id', [user.id]);
  const sessionId = rows[0]!.id;
  const refreshToken = newRefreshToken();
  await db.query('insert into auth.refresh_tokens (token, user_id, session_id) values ($1, $2, $3)', [refreshToken, user.id, sessionId]);
  return sessionJson(user, sessionId, refreshToken, method, settings);
}

interface TokenRow {
  token: string;
  user_id: string;
  session_id: string | null;
  revoked: boolean;
  seconds_since_update: number;
}

/**
 * Trades a refresh token for a new session and a new refresh token. A token used twice means someone else
 * may hold it: the answer names the session to end, except within the reuse interval, where a client's
 * retry gets the token its first attempt already received.
 */
export async function refreshSession(db: SqlClient, refreshToken: string, settings: SessionSettings): Promise<Session | { reusedBy: string }> {
  const { rows } = await db.query<TokenRow>(
    `select token, user_id, session_id, revoked, extract(epoch from now() - updated_at)::float8 as seconds_since_update
       from auth.refresh_tokens where token = $1`,
    [refreshToken],
  );
  const row = rows[0];
  if (!row || !row.session_id) return fail(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  const user = await userById(db, row.user_id);
  if (!user) return fail(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');

  if (row.revoked) {
    const child = (await db.query<{ token: string }>('select token from auth.refresh_tokens where parent = $1 and not revoked', [refreshToken])).rows[0];
    if (child && row.seconds_since_update <= settings.refreshTokenReuseSeconds) return sessionJson(user, row.session_id, child.token, 'password', settings);
    return { reusedBy: row.session_id };
  }

  await db.query('update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1', [refreshToken]);
  await db.query('update auth.sessions set updated_at = now() where id = $1', [row.session_id]);
  const next = newRefreshToken();
  await db.query('insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)', [next, user.id, row.session_id, refreshToken]);
  return sessionJson(user, row.session_id, next, 'password', settings);
}

export async function endSession(db: SqlClient, sessionId: string) {
  await db.query('delete from auth.sessions where id = $1', [sessionId]);
}

/** GoTrue's answer to a replayed refresh token: every refresh token of the session is revoked, the session kept. */
export async function revokeSessionTokens(db: SqlClient, sessionId: string) {
  await db.query('update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked', [sessionId]);
}

export async function sessionExists(db: SqlClient, sessionId: string): Promise<boolean> {
  return (await db.query('select 1 from auth.sessions where id = $1', [sessionId])).rows.length === 1;
}

/** Ends sessions: `global` all of the user's, `local` this one, `others` all but this one. */
export async function endSessions(db: SqlClient, userId: string, sessionId: string, scope: 'global' | 'local' | 'others') {
  if (scope === 'global') await db.query('delete from auth.sessions where user_id = $1', [userId]);
  else if (scope === 'local') await endSession(db, sessionId);
  else await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, sessionId]);
}
