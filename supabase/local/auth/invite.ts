import type { IncomingMessage } from 'node:http';
import { requireServiceRole } from './admin.ts';
import type { AuthContext } from './context.ts';
import { fail, ok, type AuthAnswer } from './errors.ts';
import { metadata, readJson } from './request.ts';
import { insertUser, userByEmail, userById, userJson } from './users.ts';

/**
 * GoTrue's POST /invite (service role only; `npm run staff:add` for an address with no account): a user
 * with no password, and an email whose link signs them in to choose one. An address with an account is
 * refused, as on GoTrue, unless it is an invitation not yet accepted, which is sent again.
 */
export async function invite(ctx: AuthContext, req: IncomingMessage, search: URLSearchParams): Promise<AuthAnswer> {
  const { db, tx, checkEmail, redirectTarget, mailLink } = ctx;
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
