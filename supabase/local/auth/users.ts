/** auth.users rows and the User JSON GoTrue answers with. */
import { randomUUID } from 'node:crypto';
import type { SqlClient } from '../sql-client.ts';

export interface UserRow {
  id: string;
  email: string;
  encrypted_password: string | null;
  email_confirmed_at: Date | string | null;
  confirmation_sent_at: Date | string | null;
  recovery_sent_at: Date | string | null;
  last_sign_in_at: Date | string | null;
  raw_app_meta_data: Record<string, unknown>;
  raw_user_meta_data: Record<string, unknown>;
  created_at: Date | string;
  updated_at: Date | string;
  /** The address asked for and not yet confirmed ('' or null when none), and when its links went out. */
  email_change: string | null;
  email_change_sent_at: Date | string | null;
}

export const EMAIL_APP_METADATA = { provider: 'email', providers: ['email'] };

const iso = (value: Date | string | null) => (value === null ? undefined : new Date(value).toISOString());

export function userJson(row: UserRow) {
  const identity = {
    identity_id: row.id,
    id: row.id,
    user_id: row.id,
    identity_data: { sub: row.id, email: row.email, email_verified: row.email_confirmed_at !== null, ...row.raw_user_meta_data },
    provider: 'email',
    email: row.email,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    last_sign_in_at: iso(row.last_sign_in_at),
  };
  return {
    id: row.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: row.email,
    phone: '',
    email_confirmed_at: iso(row.email_confirmed_at),
    confirmed_at: iso(row.email_confirmed_at),
    confirmation_sent_at: iso(row.confirmation_sent_at),
    recovery_sent_at: iso(row.recovery_sent_at),
    last_sign_in_at: iso(row.last_sign_in_at),
    ...(row.email_change ? { new_email: row.email_change, email_change_sent_at: iso(row.email_change_sent_at) } : {}),
    app_metadata: row.raw_app_meta_data,
    user_metadata: row.raw_user_meta_data,
    identities: [identity],
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    is_anonymous: false,
  };
}

/**
 * What GoTrue answers when someone signs up again with a confirmed address: a user that does not exist,
 * so the answer does not reveal who has an account.
 */
export function decoyUserJson(email: string, data: Record<string, unknown>) {
  const now = new Date().toISOString();
  return { id: randomUUID(), aud: 'authenticated', role: 'authenticated', email, phone: '', confirmation_sent_at: now, app_metadata: EMAIL_APP_METADATA, user_metadata: data, identities: [], created_at: now, updated_at: now, is_anonymous: false };
}

const COLUMNS = `id, email, encrypted_password, email_confirmed_at, confirmation_sent_at, recovery_sent_at, last_sign_in_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at, email_change, email_change_sent_at`;

export async function userByEmail(db: SqlClient, email: string): Promise<UserRow | undefined> {
  // GoTrue stores emails lower-cased, among users who do not sign in through SSO.
  return (await db.query<UserRow>(`select ${COLUMNS} from auth.users where email = lower($1) and not is_sso_user`, [email])).rows[0];
}

export async function userById(db: SqlClient, id: string): Promise<UserRow | undefined> {
  return (await db.query<UserRow>(`select ${COLUMNS} from auth.users where id = $1`, [id])).rows[0];
}

/** The user whose pending link token (stored hashed) this is, if it has not expired. */
export async function userByLinkToken(db: SqlClient, kind: 'confirmation' | 'recovery', tokenHash: string, maxAgeSeconds: number): Promise<UserRow | undefined> {
  const column = kind === 'confirmation' ? 'confirmation' : 'recovery';
  return (
    await db.query<UserRow>(
      `select ${COLUMNS} from auth.users where ${column}_token = $1 and ${column}_sent_at > now() - make_interval(secs => $2)`,
      [tokenHash, maxAgeSeconds],
    )
  ).rows[0];
}

/** A new email user; unconfirmed until they follow the link mailed to them (unless confirmations are off). */
export async function insertUser(db: SqlClient, user: { email: string; passwordHash: string; data: Record<string, unknown>; confirmed: boolean }): Promise<UserRow> {
  const { rows } = await db.query<UserRow>(
    // Every column GoTrue writes itself: hosted's auth.users has no defaults for them.
    `insert into auth.users (id, aud, role, email, encrypted_password, raw_app_meta_data, raw_user_meta_data, email_confirmed_at, created_at, updated_at)
     values (gen_random_uuid(), 'authenticated', 'authenticated', $1, $2, $3, $4, case when $5::boolean then now() end, now(), now())
     returning ${COLUMNS}`,
    [user.email, user.passwordHash, JSON.stringify(EMAIL_APP_METADATA), JSON.stringify(user.data), user.confirmed],
  );
  const created = rows[0]!;
  // GoTrue's email identity: one per user, keyed by the user's id, saying whether the address is verified,
  // with the sign-up's data as sent (api/signup.go copies each key the claims lack), before the metadata
  // filter of the account's row: the sign-up password's proof is read from here (decision 043).
  await db.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
     values ($1::text, $1::uuid, $4::jsonb || jsonb_build_object('sub', $1::text, 'email', $2::text, 'email_verified', $3::boolean, 'phone_verified', false), 'email', now(), now())`,
    [created.id, created.email, user.confirmed, JSON.stringify(user.data)],
  );
  return created;
}

export async function updateUser(db: SqlClient, id: string, changes: Partial<Record<'encrypted_password' | 'confirmation_token' | 'recovery_token' | 'raw_user_meta_data', string | null>> & { confirm?: boolean; signedIn?: boolean; confirmationSent?: boolean; recoverySent?: boolean; clearLinksSent?: boolean }): Promise<UserRow> {
  const sets: string[] = ['updated_at = now()'];
  const values: unknown[] = [id];
  for (const column of ['encrypted_password', 'confirmation_token', 'recovery_token', 'raw_user_meta_data'] as const) {
    if (column in changes) {
      values.push(changes[column]);
      sets.push(`${column} = $${values.length}${column === 'raw_user_meta_data' ? '::jsonb' : ''}`);
    }
  }
  if (changes.confirm) sets.push('email_confirmed_at = coalesce(email_confirmed_at, now())');
  if (changes.signedIn) sets.push('last_sign_in_at = now()');
  if (changes.confirmationSent) sets.push('confirmation_sent_at = now()');
  if (changes.recoverySent) sets.push('recovery_sent_at = now()');
  if (changes.clearLinksSent) sets.push('confirmation_sent_at = null', 'recovery_sent_at = null');
  const { rows } = await db.query<UserRow>(`update auth.users set ${sets.join(', ')} where id = $1 returning ${COLUMNS}`, values);
  if (changes.confirm || changes.signedIn) {
    await db.query(
      `update auth.identities set updated_at = now(),
         identity_data = case when $2 then identity_data || '{"email_verified": true}' else identity_data end,
         last_sign_in_at = case when $3 then now() else last_sign_in_at end
       where user_id = $1 and provider = 'email'`,
      [id, changes.confirm ?? false, changes.signedIn ?? false],
    );
  }
  return rows[0]!;
}

/**
 * An email change asked for (GoTrue's user.SetEmailChange): the new address and the hashed token of each
 * link, the current address's only when both must be confirmed; nothing confirmed yet.
 */
export async function startEmailChange(db: SqlClient, id: string, change: { newEmail: string; tokenNew: string; tokenCurrent: string }): Promise<UserRow> {
  const { rows } = await db.query<UserRow>(
    `update auth.users set email_change = $2, email_change_token_new = $3, email_change_token_current = $4, email_change_confirm_status = 0,
       email_change_sent_at = now(), updated_at = now() where id = $1 returning ${COLUMNS}`,
    [id, change.newEmail, change.tokenNew, change.tokenCurrent],
  );
  return rows[0]!;
}

/** The user with a pending email change whose link (either address's) carries this token, if not expired. */
export async function userByEmailChangeToken(db: SqlClient, tokenHash: string, maxAgeSeconds: number): Promise<(UserRow & { email_change_confirm_status: number; confirmed_with: 'current' | 'new' }) | undefined> {
  return (
    await db.query<UserRow & { email_change_confirm_status: number; confirmed_with: 'current' | 'new' }>(
      `select ${COLUMNS}, email_change_confirm_status, case when email_change_token_current = $1 then 'current' else 'new' end as confirmed_with
       from auth.users where (email_change_token_new = $1 or email_change_token_current = $1) and coalesce(email_change, '') <> ''
         and email_change_sent_at > now() - make_interval(secs => $2)`,
      [tokenHash, maxAgeSeconds],
    )
  ).rows[0];
}

/** The first of two links opened: that half is used up, the other is still awaited. */
export async function confirmHalfOfEmailChange(db: SqlClient, id: string, half: 'current' | 'new'): Promise<void> {
  await db.query(`update auth.users set email_change_confirm_status = 1, email_change_token_${half} = '', updated_at = now() where id = $1`, [id]);
}

/** The change confirmed: the new address is the account's, confirmed, and the email identity follows. */
export async function applyEmailChange(db: SqlClient, id: string): Promise<UserRow> {
  const { rows } = await db.query<UserRow>(
    `update auth.users set email = email_change, email_change = '', email_change_token_new = '', email_change_token_current = '',
       email_change_confirm_status = 0, email_change_sent_at = null, email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
     where id = $1 returning ${COLUMNS}`,
    [id],
  );
  const changed = rows[0]!;
  await db.query(`update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', true), updated_at = now() where user_id = $1 and provider = 'email'`, [
    id,
    changed.email,
  ]);
  return changed;
}

/** Removes a user and, by cascade, their profile, sessions and refresh tokens. */
export async function deleteUser(db: SqlClient, id: string): Promise<void> {
  await db.query('delete from auth.users where id = $1', [id]);
}

/** A page of users, oldest first, and how many there are (GoTrue's admin list). */
export async function listUsers(db: SqlClient, page: number, perPage: number): Promise<{ users: UserRow[]; total: number }> {
  const { rows } = await db.query<UserRow>(`select ${COLUMNS} from auth.users order by created_at, id limit $1 offset $2`, [perPage, (page - 1) * perPage]);
  const { rows: count } = await db.query<{ total: number }>('select count(*)::int as total from auth.users');
  return { users: rows, total: count[0]!.total };
}

/**
 * Metadata changed as GoTrue's UpdateAppMetaData and UpdateUserMetaData change it: each given key
 * replaces the old value, a key given as null is removed, and nulls deeper inside a value stay.
 */
export function mergeMetadata(old: Record<string, unknown> | null, patch: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...old };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/** Sets app_metadata keys as GoTrue's admin update does (mergeMetadata). */
export async function mergeAppMetadata(db: SqlClient, user: UserRow, patch: Record<string, unknown>): Promise<UserRow> {
  const { rows } = await db.query<UserRow>(`update auth.users set raw_app_meta_data = $2::jsonb, updated_at = now() where id = $1 returning ${COLUMNS}`, [
    user.id,
    JSON.stringify(mergeMetadata(user.raw_app_meta_data, patch)),
  ]);
  return rows[0]!;
}
