/**
 * What GoTrue's endpoints share (its API struct): the database as supabase_auth_admin, the settings,
 * the rate limits, where links may lead, the checks on an email and a password, mailing a link, and the
 * signed-in user of a request. Each endpoint is a file of its own, named as GoTrue names it.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { SqlClient } from '../sql-client.ts';
import { inTransaction } from '../transactions.ts';
import { bearerClaims, UUID } from './bearer.ts';
import type { AuthConfig } from './config.ts';
import { fail } from './errors.ts';
import { sendLinkEmail, type LinkKind, type MailSettings } from './mail.ts';
import { RateLimiter } from './rate-limit.ts';
import { sessionExists, type SessionSettings } from './sessions.ts';
import { text } from './request.ts';
import { startEmailChange, updateUser, userById, type UserRow } from './users.ts';

export interface AuthOptions {
  db: SqlClient;
  config: AuthConfig;
  mail: MailSettings;
  /** The API's public address, for links in emails; known once the gateway listens. */
  externalUrl: () => string;
}

export const BCRYPT_COST = 10;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function globToRegExp(glob: string): RegExp {
  const escaped = glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('**', '\u0000').replaceAll('*', '[^/]*').replaceAll('\u0000', '.*');
  return new RegExp(`^${escaped}$`);
}

export type AuthContext = ReturnType<typeof authContext>;

export function authContext({ db, config, mail, externalUrl }: AuthOptions) {
  // GoTrue's limiters: one per endpoint, each counting one client address's requests over five minutes.
  const fiveMinutes = 5 * 60_000;
  const limiters = {
    signup: new RateLimiter(config.signInsPerFiveMinutes, fiveMinutes),
    recover: new RateLimiter(config.signInsPerFiveMinutes, fiveMinutes),
    resend: new RateLimiter(config.signInsPerFiveMinutes, fiveMinutes),
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
  async function mailLink(req: IncomingMessage, user: UserRow, kind: Exclude<LinkKind, 'email_change'>, redirectTo: string) {
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

  /**
   * An email change's links (GoTrue's sendEmailChange): one to the new address and, when both must be
   * confirmed (double_confirm_changes), one to the current. Inside the caller's transaction, as mailLink.
   */
  async function mailEmailChange(req: IncomingMessage, user: UserRow, newEmail: string, redirectTo: string): Promise<UserRow> {
    limitEmailFrequency(user.email_change_sent_at);
    limitEmails(req);
    const tokens = { new: randomBytes(24).toString('base64url'), current: config.secureEmailChange ? randomBytes(24).toString('base64url') : '' };
    const changed = await startEmailChange(db, user.id, { newEmail, tokenNew: hashToken(tokens.new), tokenCurrent: tokens.current ? hashToken(tokens.current) : '' });
    const linkWith = (token: string) => {
      const link = new URL(`${externalUrl()}/auth/v1/verify`);
      link.search = new URLSearchParams({ token, type: 'email_change', redirect_to: redirectTo }).toString();
      return link.href;
    };
    const sends = [[newEmail, tokens.new], ...(tokens.current ? [[user.email, tokens.current]] : [])].map(([to, token]) =>
      sendLinkEmail(mail, to!, 'email_change', linkWith(token!), config, { address: user.email, newAddress: newEmail }),
    );
    await Promise.all(sends).catch((error: Error) => {
      console.error(`Email change links for ${user.email} not sent: ${error.message}`);
      fail(500, 'unexpected_failure', 'Error sending email change email');
    });
    return changed;
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

  return { db, config, tx, sessionSettings, redirectTarget, limit, checkEmail, checkPassword, mailLink, mailEmailChange, currentUser };
}
