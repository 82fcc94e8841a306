/**
 * Auth settings for the local stand-in, read from supabase/config.toml: the same file the Supabase CLI
 * pushes to a hosted project, so local and hosted sign-up behave alike.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parse } from 'smol-toml';

export interface AuthConfig {
  siteUrl: string;
  /** Where email links may send people back to; globs as in config.toml (`**` = any path). */
  redirectUrls: string[];
  jwtExpirySeconds: number;
  refreshTokenReuseSeconds: number;
  minPasswordLength: number;
  confirmEmail: boolean;
  /** How long a link in an auth email stays valid. */
  otpExpirySeconds: number;
  /** Requests per client address in five minutes to each of sign-up, recovery and user update ([auth.rate_limit] sign_in_sign_ups). */
  signInsPerFiveMinutes: number;
  /** /token requests (sign-in with a password, refresh) per client address in five minutes (token_refresh). */
  tokenRequestsPerFiveMinutes: number;
  /** Email-link verifications per client address in five minutes (token_verifications). */
  verificationsPerFiveMinutes: number;
  /** Auth emails (confirmations, resets) the server sends per hour. */
  emailsPerHour: number;
  /**
   * Auth emails one client address may cause per hour, counted before emailsPerHour so junk sign-ups
   * from one place cannot spend everyone's budget. Not a config.toml key (hosted GoTrue has none).
   */
  emailsPerClientPerHour: number;
  /** The least time between two emails of one kind to one address ([auth.email] max_frequency). */
  emailMaxFrequencySeconds: number;
  /** [auth.email.template.<name>]: the subject and the HTML (read from content_path) of each auth email the project brands. */
  emailTemplates: Partial<Record<'confirmation' | 'invite' | 'recovery' | 'email_change', { subject: string; html: string }>>;
  /** [auth.email] double_confirm_changes: a new address takes effect once the links to both addresses are opened. */
  secureEmailChange: boolean;
}

/** A Go duration as config.toml writes it: "60s", "1m", "1h". */
function seconds(value: unknown, fallback: number): number {
  const match = typeof value === 'string' ? /^(\d+)(s|m|h)$/.exec(value) : null;
  return match ? Number(match[1]) * { s: 1, m: 60, h: 3600 }[match[2] as 's' | 'm' | 'h'] : fallback;
}

type Table = Record<string, unknown>;

function rateLimitOverrides(): Table {
  const found: Table = {};
  for (const [name, value] of Object.entries(process.env)) {
    const key = /^AUTH_RATE_LIMIT_([A-Z_]+)$/.exec(name)?.[1]?.toLowerCase();
    if (key && value && /^\d+$/.test(value)) found[key] = Number(value);
  }
  return found;
}
const table = (value: unknown): Table => (value && typeof value === 'object' ? (value as Table) : {});
const num = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);

export function readAuthConfig(file = join(import.meta.dirname, '..', '..', 'config.toml')): AuthConfig {
  const auth = table(parse(readFileSync(file, 'utf8')).auth);
  const email = table(auth.email);
  // AUTH_RATE_LIMIT_<KEY> (e.g. AUTH_RATE_LIMIT_EMAIL_SENT) stands in for a key of [auth.rate_limit], as a
  // project raises it in its settings: the end-to-end tests make more accounts in an hour than the
  // project's budget allows, and their stack says so (playwright.config.ts).
  const limits = { ...table(auth.rate_limit), ...rateLimitOverrides() };
  return {
    siteUrl: typeof auth.site_url === 'string' ? auth.site_url : 'http://localhost:3000',
    redirectUrls: Array.isArray(auth.additional_redirect_urls) ? auth.additional_redirect_urls.map(String) : [],
    jwtExpirySeconds: num(auth.jwt_expiry, 3600),
    refreshTokenReuseSeconds: num(auth.refresh_token_reuse_interval, 10),
    minPasswordLength: num(auth.minimum_password_length, 6),
    confirmEmail: email.enable_confirmations !== false,
    otpExpirySeconds: num(email.otp_expiry, 3600),
    signInsPerFiveMinutes: num(limits.sign_in_sign_ups, 30),
    tokenRequestsPerFiveMinutes: num(limits.token_refresh, 150),
    verificationsPerFiveMinutes: num(limits.token_verifications, 30),
    emailsPerHour: num(limits.email_sent, 2),
    emailsPerClientPerHour: 10,
    emailMaxFrequencySeconds: seconds(email.max_frequency, 60),
    emailTemplates: emailTemplates(table(email.template), join(dirname(file), '..')),
    secureEmailChange: email.double_confirm_changes !== false,
  };
}

/** The templates config.toml names, content_path read from the project root as the Supabase CLI does. */
function emailTemplates(templates: Table, projectRoot: string): AuthConfig['emailTemplates'] {
  const found: AuthConfig['emailTemplates'] = {};
  for (const name of ['confirmation', 'invite', 'recovery', 'email_change'] as const) {
    const entry = table(templates[name]);
    if (typeof entry.subject !== 'string' || typeof entry.content_path !== 'string') continue;
    found[name] = { subject: entry.subject, html: readFileSync(resolve(projectRoot, entry.content_path), 'utf8') };
  }
  return found;
}

/**
 * The settings for a site served somewhere else than config.toml's site_url (PORT, the test ports):
 * site_url and each redirect URL on the same origin move with it, so links lead to the site that runs
 * and a redirect to the old port is refused, as hosted refuses one not listed.
 */
export function withSiteUrl(config: AuthConfig, siteUrl: string): AuthConfig {
  const from = new URL(config.siteUrl).origin;
  const to = new URL(siteUrl).origin;
  const moved = (url: string) => (url === from || url.startsWith(`${from}/`) ? `${to}${url.slice(from.length)}` : url);
  return { ...config, siteUrl, redirectUrls: config.redirectUrls.map(moved) };
}
