/** GoTrue's GET and PUT /user (api/user.go): the signed-in user, and changes to their password and metadata. */
import type { IncomingMessage } from 'node:http';
import bcrypt from 'bcryptjs';
import { BCRYPT_COST, type AuthContext } from './context.ts';
import { fail, ok, type AuthAnswer } from './errors.ts';
import { readJson } from './request.ts';
import { endSessions } from './sessions.ts';
import { mergeMetadata, updateUser, userByEmail, userJson } from './users.ts';

export async function getUser(ctx: AuthContext, req: IncomingMessage): Promise<AuthAnswer> {
  return ok(userJson((await ctx.currentUser(req)).user));
}

export async function putUser(ctx: AuthContext, req: IncomingMessage, search: URLSearchParams): Promise<AuthAnswer> {
  const { db, tx, limit, checkEmail, checkPassword, currentUser, redirectTarget, mailEmailChange } = ctx;
  limit(req, 'user');
  const { user, sessionId } = await currentUser(req);
  const body = await readJson(req);
  // A new address takes effect only through the links mailed for it (email_change in /verify).
  const newEmail = typeof body.email === 'string' && body.email.trim() !== '' ? checkEmail(body) : null;
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
    changes.raw_user_meta_data = JSON.stringify(mergeMetadata(user.raw_user_meta_data, body.data as Record<string, unknown>));
  }
  const updated = await tx(async () => {
    if (changes.encrypted_password) await endSessions(db, user.id, sessionId, 'others');
    const saved = await updateUser(db, user.id, changes);
    if (!newEmail || newEmail === user.email) return saved;
    if (await userByEmail(db, newEmail)) return fail(422, 'email_exists', 'A user with this email address has already been registered');
    return mailEmailChange(req, saved, newEmail, redirectTarget(search.get('redirect_to')));
  });
  return ok(userJson(updated));
}
