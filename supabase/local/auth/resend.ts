/**
 * GoTrue's POST /resend (api/resend.go), for a sign-up's confirmation: a new link to an address whose
 * sign-up is not confirmed yet, and the same empty answer for an address with no account or a confirmed
 * one. The one-email-a-minute rule of every link applies (GoTrue's sendConfirmation).
 */
import type { IncomingMessage } from 'node:http';
import type { AuthContext } from './context.ts';
import { fail, ok, type AuthAnswer } from './errors.ts';
import { readJson } from './request.ts';
import { userByEmail } from './users.ts';

const GOTRUE_TYPES = ['signup', 'email_change', 'sms', 'phone_change'];

export async function resend(ctx: AuthContext, req: IncomingMessage, search: URLSearchParams): Promise<AuthAnswer> {
  const { db, tx, limit, checkEmail, redirectTarget, mailLink } = ctx;
  limit(req, 'resend');
  const body = await readJson(req);
  if (!GOTRUE_TYPES.includes(String(body.type))) fail(400, 'validation_failed', 'Missing one of these types: signup, email_change, sms, phone_change');
  if (body.type !== 'signup') fail(400, 'validation_failed', `The local auth API resends only sign-up confirmations, not ${String(body.type)}.`);
  if (typeof body.email !== 'string' || body.email === '') fail(400, 'validation_failed', 'Type provided requires an email address');
  const email = checkEmail(body);
  const redirectTo = redirectTarget(search.get('redirect_to'));
  await tx(async () => {
    const user = await userByEmail(db, email);
    if (user && !user.email_confirmed_at) await mailLink(req, user, 'signup', redirectTo);
  });
  return ok({});
}
