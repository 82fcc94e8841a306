/** GoTrue's POST /recover (api/recover.go): a password-reset link, and the same answer whether or not the address has an account. */
import type { IncomingMessage } from 'node:http';
import type { AuthContext } from './context.ts';
import { ok, type AuthAnswer } from './errors.ts';
import { readJson } from './request.ts';
import { userByEmail } from './users.ts';

export async function recover(ctx: AuthContext, req: IncomingMessage, search: URLSearchParams): Promise<AuthAnswer> {
  const { db, tx, limit, checkEmail, redirectTarget, mailLink } = ctx;
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
