/** GoTrue's POST /signup (api/signup.go): a new user with a confirmation email, or the first sign-up's email again. */
import type { IncomingMessage } from 'node:http';
import bcrypt from 'bcryptjs';
import { BCRYPT_COST, type AuthContext } from './context.ts';
import { fail, ok, type AuthAnswer } from './errors.ts';
import { metadata, readJson, text } from './request.ts';
import { startSession } from './sessions.ts';
import { decoyUserJson, insertUser, userByEmail, userById, userJson } from './users.ts';

interface PgError extends Error {
  code?: string;
}

export async function signup(ctx: AuthContext, req: IncomingMessage, search: URLSearchParams): Promise<AuthAnswer> {
  const { db, config, tx, limit, checkEmail, checkPassword, redirectTarget, mailLink, sessionSettings } = ctx;
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
