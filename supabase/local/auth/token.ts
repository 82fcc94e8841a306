/** GoTrue's POST /token (api/token.go): the password and refresh-token grants. */
import type { IncomingMessage } from 'node:http';
import bcrypt from 'bcryptjs';
import { BCRYPT_COST, type AuthContext } from './context.ts';
import { fail, ok, type AuthAnswer } from './errors.ts';
import { readJson, text } from './request.ts';
import { refreshSession, revokeSessionTokens, startSession } from './sessions.ts';
import { updateUser, userByEmail } from './users.ts';

// Compared against when the email is unknown, so a wrong email costs as long as a wrong password.
const DECOY_HASH = bcrypt.hashSync('decoy-password', BCRYPT_COST);

export async function token(ctx: AuthContext, req: IncomingMessage, search: URLSearchParams): Promise<AuthAnswer> {
  const { db, tx, limit, sessionSettings } = ctx;
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
