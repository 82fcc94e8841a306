/**
 * /auth/v1: the part of GoTrue the site's supabase-js calls use. Sign-up with email confirmation, the
 * verify link, password and refresh-token grants, the current user, logout and password recovery, with
 * GoTrue's answers and error codes, so the same client code runs here and against hosted Supabase.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import bcrypt from 'bcryptjs';
import { adminRoute, requireServiceRole } from './admin.ts';
import { bearerClaims, UUID } from './bearer.ts';
import type { SqlClient } from '../sql-client.ts';
import { readBody } from '../request-body.ts';
import { inTransaction } from '../transactions.ts';
import type { AuthConfig } from './config.ts';
import { AuthProblem, fail, ok, requestApiVersion, type AuthAnswer } from './errors.ts';
import { sendLinkEmail, type LinkKind, type MailSettings } from './mail.ts';
import { RateLimiter } from './rate-limit.ts';
import { endSessions, refreshSession, revokeSessionTokens, sessionExists, startSession, type SessionSettings } from './sessions.ts';
import { decoyUserJson, insertUser, updateUser, userByEmail, userById, userByLinkToken, userJson, type UserRow } from './users.ts';

export interface AuthOptions {
  db: SqlClient;
  config: AuthConfig;
  mail: MailSettings;
  /** The API's public address, for links in emails; known once the gateway listens. */
  externalUrl: () => string;
}

const MAX_BODY_BYTES = 64 * 1024;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const BCRYPT_COST = 10;
// Compared against when the email is unknown, so a wrong email costs as long as a wrong password.
const DECOY_HASH = bcrypt.hashSync('decoy-password', BCRYPT_COST);


interface PgError extends Error {
  code?: string;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
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

const text = (body: Record<string, unknown>, key: string) => (typeof body[key] === 'string' ? (body[key] as string) : '');

/** The user metadata a sign-up or invitation carries (`data`), or none when it is not an object. */
const metadata = (body: Record<string, unknown>) => (body.data && typeof body.data === 'object' && !Array.isArray(body.data) ? (body.data as Record<string, unknown>) : {});

function globToRegExp(glob: string): RegExp {
  const escaped = glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('**', '\u0000').replaceAll('*', '[^/]*').replaceAll('\u0000', '.*');
  return new RegExp(`^${escaped}$`);
}

export function createAuthHandler({ db, config, mail, externalUrl }: AuthOptions) {
  // GoTrue's limiters: one per endpoint, each counting one client address's requests over five minutes.
  const fiveMinutes = 5 * 60_000;
  const limiters = {
    signup: new RateLimiter(config.signInsPerFiveMinutes, fiveMinutes),
    recover: new RateLimiter(config.signInsPerFiveMinutes, fiveMinutes),
    user: new RateLimiter(config.signInsPerFiveMinutes, fiveMinutes),
    token: new RateLimiter(config.tokenRequestsPerFiveMinutes, fiveMinutes),
    verify: new RateLimiter(config.verificationsPerFiveMinutes, fiveMinutes),
  };
  const emailsSent = new RateLimiter(config.emailsPerHour, 60 * 60_000);
  const emailsPerClient = new RateLimiter(config.emailsPerClientPerHour, 60 * 60_000);
  const allowedRedirects = [config.siteUrl, ...config.redirectUrls].map(globToRegExp);
  const siteOrigin = new URL(config.siteUrl).origin;
  const sessionSettings = (): SessionSettings => ({ issuer: `${externalUrl()}/auth/v1`, jwtExpirySeconds: config.jwtExpirySeconds, refreshTokenReuseSeconds: config.refreshTokenReuseSeconds });
  // GoTrue connects as supabase_auth_admin with search_path auth: the sign-up trigger and anything else
  // the auth tables fire run as that role there, so they do here (decision 018).
  const tx = <T>(work: () => Promise<T>) => inTransaction(db, work, () => db.exec('set local role supabase_auth_admin; set local search_path = auth'));

  /** Where a link may send someone back to: the site or an allowed URL, otherwise the site's address. */
  function redirectTarget(requested: string | null): string {
    if (requested) {
      try {
        const url = new URL(requested);
        if (url.origin === siteOrigin || allowedRedirects.some((pattern) => pattern.test(url.href))) return url.href;
      } catch {
        // not a URL: fall back to the site
      }
    }
    return config.siteUrl;
  }

  /** Keyed on the caller's address, as GoTrue does: keyed on the email, strangers could lock its owner out. */
  function limit(req: IncomingMessage, endpoint: keyof typeof limiters) {
    if (!limiters[endpoint].allow(`ip:${req.socket.remoteAddress ?? ''}`)) fail(429, 'over_request_rate_limit', 'Request rate limit reached');
  }

  /** One email of a kind to an address per max_frequency, counted from when the last one went out (GoTrue's rule). */
  function limitEmailFrequency(lastSent: Date | string | null) {
    if (!lastSent) return;
    const left = new Date(lastSent).getTime() + config.emailMaxFrequencySeconds * 1000 - Date.now();
    if (left > 0) fail(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${Math.floor(left / 1000)} seconds.`);
  }

  /**
   * A few emails an hour from one client address, checked before the project's hourly budget is spent,
   * so junk sign-ups cannot use it up for everyone.
   */
  function limitEmails(req: IncomingMessage) {
    if (!emailsPerClient.allow(`ip:${req.socket.remoteAddress ?? ''}`)) fail(429, 'over_email_send_rate_limit', 'email rate limit exceeded');
    if (!emailsSent.allow('all')) fail(429, 'over_email_send_rate_limit', 'email rate limit exceeded');
  }

  function checkEmail(body: Record<string, unknown>): string {
    const email = text(body, 'email').trim().toLowerCase();
    if (!email) fail(400, 'validation_failed', 'An email address is required');
    if (!EMAIL.test(email) || email.length > 255 || email.includes('\u0000')) fail(400, 'validation_failed', 'Unable to validate email address: invalid format');
    return email;
  }

  function checkPassword(password: string) {
    if (!password) fail(400, 'validation_failed', 'Signup requires a valid password');
    if (password.includes('\u0000')) fail(400, 'validation_failed', 'Password cannot contain NUL characters');
    // bcrypt reads only the first 72 bytes; GoTrue refuses longer passwords rather than ignore the rest.
    if (Buffer.byteLength(password) > 72) fail(400, 'validation_failed', 'Password cannot be longer than 72 characters');
    if (password.length < config.minPasswordLength) {
      fail(422, 'weak_password', `Password should be at least ${config.minPasswordLength} characters.`, { weak_password: { reasons: ['length'] } });
    }
  }

  /** Stores a fresh link token (hashed) and mails the link. Runs inside the caller's transaction, so a failed send keeps nothing. */
  async function mailLink(req: IncomingMessage, user: UserRow, kind: LinkKind, redirectTo: string) {
    // An invitation is a confirmation sent by the project, as in GoTrue: it uses the same token.
    const confirms = kind !== 'recovery';
    limitEmailFrequency(confirms ? user.confirmation_sent_at : user.recovery_sent_at);
    limitEmails(req);
    const token = randomBytes(24).toString('base64url');
    await updateUser(db, user.id, confirms ? { confirmation_token: hashToken(token), confirmationSent: true } : { recovery_token: hashToken(token), recoverySent: true });
    const link = new URL(`${externalUrl()}/auth/v1/verify`);
    link.search = new URLSearchParams({ token, type: kind, redirect_to: redirectTo }).toString();
    await sendLinkEmail(mail, user.email, kind, link.href, config).catch((error: Error) => {
      console.error(`Auth email to ${user.email} not sent: ${error.message}`);
      fail(500, 'unexpected_failure', { signup: 'Error sending confirmation email', invite: 'Error sending invite email', recovery: 'Error sending recovery email' }[kind]);
    });
  }

  async function signup(req: IncomingMessage, search: URLSearchParams): Promise<AuthAnswer> {
    limit(req, 'signup');
    const body = await readJson(req);
    const email = checkEmail(body);
    const password = text(body, 'password');
    checkPassword(password);
    const data = metadata(body);
    const passwordHash = await bcrypt.hash(password, BCRYPT_COST);
    const redirectTo = redirectTarget(search.get('redirect_to'));
    return tx(async () => {
      const existing = await userByEmail(db, email);
      if (existing?.email_confirmed_at) {
        if (!config.confirmEmail) fail(422, 'user_already_exists', 'User already registered');
        return ok(decoyUserJson(email, data));
      }
      // As GoTrue (signup.go): an unconfirmed sign-up is kept as it is, since a second one proves no more
      // about who owns the address, and its confirmation email is sent again. Its password does not
      // matter: confirming clears it and the owner chooses theirs (supabase/migrations/
      // 20261124110000_confirmation_sets_the_password.sql). The answer never shows the first one's details.
      if (existing) {
        await mailLink(req, existing, 'signup', redirectTo);
        return ok(decoyUserJson(email, data));
      }
      const user = await insertUser(db, { email, passwordHash, data, confirmed: !config.confirmEmail }).catch((error: PgError) => {
        console.warn(`Sign-up for ${email} refused by the database: ${error.message}`);
        // A value the profile's rules refuse (class 22 or 23), or metadata nested past what the database
        // takes (class 54, program limit exceeded), is the caller's mistake, not the server's.
        if (/^(2[23]|54)/.test(error.code ?? '')) return fail(422, 'validation_failed', 'The sign-up details are not valid.');
        return fail(500, 'unexpected_failure', 'Database error saving new user');
      });
      if (!config.confirmEmail) return ok(await startSession(db, user, 'password', sessionSettings()));
      await mailLink(req, user, 'signup', redirectTo);
      return ok(userJson((await userById(db, user.id))!));
    });
  }

  /**
   * GoTrue's POST /invite (service role only; `npm run staff:add` for an address with no account): a user
   * with no password, and an email whose link signs them in to choose one. An address with an account is
   * refused, as on GoTrue, unless it is an invitation not yet accepted, which is sent again.
   */
  async function invite(req: IncomingMessage, search: URLSearchParams): Promise<AuthAnswer> {
    await requireServiceRole(req);
    const body = await readJson(req);
    const email = checkEmail(body);
    const data = metadata(body);
    const redirectTo = redirectTarget(search.get('redirect_to'));
    return tx(async () => {
      let user = await userByEmail(db, email);
      if (user && (user.email_confirmed_at || user.encrypted_password)) fail(422, 'email_exists', 'A user with this email address has already been registered');
      user ??= await insertUser(db, { email, passwordHash: '', data, confirmed: false });
      await mailLink(req, user, 'invite', redirectTo);
      return ok(userJson((await userById(db, user.id))!));
    });
  }

  async function token(req: IncomingMessage, search: URLSearchParams): Promise<AuthAnswer> {
    const grant = search.get('grant_type');
    if (grant !== 'password' && grant !== 'refresh_token') return fail(400, 'invalid_credentials', 'unsupported_grant_type');
    limit(req, 'token');
    const body = await readJson(req);
    if (grant === 'refresh_token') {
      const refresh = text(body, 'refresh_token');
      if (refresh.length < 12) fail(400, 'validation_failed', 'Refresh token is not valid');
      const refreshed = await tx(() => refreshSession(db, refresh, sessionSettings()));
      if ('reusedBy' in refreshed) {
        // A replayed token: every refresh token of that session is revoked, so whoever holds one must sign
        // in again; the session itself (and its access tokens, until they expire) stays, as on GoTrue.
        await tx(() => revokeSessionTokens(db, refreshed.reusedBy));
        fail(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
      }
      return ok(refreshed);
    }
    const email = text(body, 'email').trim().toLowerCase();
    const password = text(body, 'password');
    if (!email) fail(400, 'validation_failed', 'missing email or phone');
    const user = await tx(() => userByEmail(db, email));
    // An account without a password (one confirmed or invited and not yet given one) matches none.
    const hash = user?.encrypted_password || DECOY_HASH;
    const matches = (await bcrypt.compare(password, hash)) && hash !== DECOY_HASH;
    if (!user || !matches) fail(400, 'invalid_credentials', 'Invalid login credentials');
    if (!user!.email_confirmed_at) fail(400, 'email_not_confirmed', 'Email not confirmed');
    return ok(await tx(async () => startSession(db, await updateUser(db, user!.id, { signedIn: true }), 'password', sessionSettings())));
  }

  /** The link in an auth email: confirms or recovers, then sends the browser back with the session in the fragment. */
  async function verify(req: IncomingMessage, search: URLSearchParams): Promise<AuthAnswer> {
    limit(req, 'verify');
    const redirectTo = redirectTarget(search.get('redirect_to'));
    const type = search.get('type');
    const back = (fragment: Record<string, string>) => ({ status: 303, headers: { Location: `${redirectTo.split('#')[0]}#${new URLSearchParams(fragment)}` } });
    // A link missing its parts is answered, not redirected, as GoTrue validates before it looks anything up.
    if (!type) fail(400, 'validation_failed', 'Verify requires a verification type');
    const token = search.get('token');
    if (!token) fail(400, 'validation_failed', 'Verify requires a token or a token hash');
    if (type !== 'signup' && type !== 'invite' && type !== 'recovery') return fail(400, 'validation_failed', 'Unsupported verification type');
    const tokenHash = hashToken(token!);
    const confirms = type !== 'recovery';
    const session = await tx(async () => {
      const user = await userByLinkToken(db, confirms ? 'confirmation' : 'recovery', tokenHash, config.otpExpirySeconds);
      if (!user) return null;
      const confirmed = await updateUser(db, user.id, { [confirms ? 'confirmation_token' : 'recovery_token']: null, confirm: true, signedIn: true });
      return startSession(db, confirmed, 'otp', sessionSettings());
    });
    if (!session) return back({ error: 'access_denied', error_code: 'otp_expired', error_description: 'Email link is invalid or has expired', sb: '' });
    return back({
      access_token: session.access_token,
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      refresh_token: session.refresh_token,
      sb: '',
      token_type: 'bearer',
      type,
    });
  }

  /** GoTrue's requireAuthentication: a valid user access token whose session still exists. */
  async function currentUser(req: IncomingMessage): Promise<{ user: UserRow; sessionId: string }> {
    const { sub, session_id: sessionId } = (await bearerClaims(req)) as { sub?: string; session_id?: string };
    if (!sub) return fail(403, 'bad_jwt', 'invalid claim: missing sub claim');
    if (!UUID.test(sub)) return fail(403, 'bad_jwt', 'invalid claim: sub claim must be a UUID');
    return tx(async () => {
      const user = await userById(db, sub);
      if (!user) return fail(403, 'user_not_found', 'User from sub claim in JWT does not exist');
      if (!sessionId || !(await sessionExists(db, sessionId))) return fail(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
      return { user, sessionId };
    });
  }

  async function putUser(req: IncomingMessage): Promise<AuthAnswer> {
    limit(req, 'user');
    const { user, sessionId } = await currentUser(req);
    const body = await readJson(req);
    if (typeof body.email === 'string' && body.email.trim().toLowerCase() !== user.email) {
      fail(422, 'email_address_not_authorized', 'Changing the email address is not supported by the local Supabase stand-in.');
    }
    const changes: Parameters<typeof updateUser>[2] = {};
    if (typeof body.password === 'string') {
      checkPassword(body.password);
      if (user.encrypted_password && (await bcrypt.compare(body.password, user.encrypted_password))) {
        fail(422, 'same_password', 'New password should be different from the old password.');
      }
      changes.encrypted_password = await bcrypt.hash(body.password, BCRYPT_COST);
      // Whoever knew the old password may hold a link or another session: GoTrue ends both.
      Object.assign(changes, { confirmation_token: null, recovery_token: null, clearLinksSent: true });
    }
    if (body.data && typeof body.data === 'object' && !Array.isArray(body.data)) {
      changes.raw_user_meta_data = JSON.stringify({ ...user.raw_user_meta_data, ...(body.data as object) });
    }
    const updated = await tx(async () => {
      if (changes.encrypted_password) await endSessions(db, user.id, sessionId, 'others');
      return updateUser(db, user.id, changes);
    });
    return ok(userJson(updated));
  }

  async function recover(req: IncomingMessage, search: URLSearchParams): Promise<AuthAnswer> {
    limit(req, 'recover');
    const body = await readJson(req);
    const email = checkEmail(body);
    const redirectTo = redirectTarget(search.get('redirect_to'));
    await tx(async () => {
      const user = await userByEmail(db, email);
      if (user) await mailLink(req, user, 'recovery', redirectTo);
    });
    // The same answer whether or not the address has an account.
    return ok({});
  }

  async function route(req: IncomingMessage, path: string, search: URLSearchParams): Promise<AuthAnswer> {
    const method = req.method ?? 'GET';
    if (path === '/signup' && method === 'POST') return signup(req, search);
    if (path === '/token' && method === 'POST') return token(req, search);
    if (path === '/verify' && method === 'GET') return verify(req, search);
    if (path === '/user' && method === 'GET') return ok(userJson((await currentUser(req)).user));
    if (path === '/user' && method === 'PUT') return putUser(req);
    if (path === '/recover' && method === 'POST') return recover(req, search);
    if (path === '/invite' && method === 'POST') return invite(req, search);
    if (path === '/logout' && method === 'POST') {
      const { user, sessionId } = await currentUser(req);
      const scope = search.get('scope') ?? 'global';
      if (scope !== 'global' && scope !== 'local' && scope !== 'others') fail(400, 'validation_failed', 'Unsupported logout scope');
      await tx(() => endSessions(db, user.id, sessionId, scope as 'global' | 'local' | 'others'));
      return { status: 204, headers: {} };
    }
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
