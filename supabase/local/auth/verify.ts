import type { IncomingMessage } from 'node:http';
import { hashToken, type AuthContext } from './context.ts';
import { fail, type AuthAnswer } from './errors.ts';
import { startSession } from './sessions.ts';
import { updateUser, userByLinkToken } from './users.ts';

/** The link in an auth email: confirms or recovers, then sends the browser back with the session in the fragment. */
export async function verify(ctx: AuthContext, req: IncomingMessage, search: URLSearchParams): Promise<AuthAnswer> {
  const { db, config, tx, limit, redirectTarget, sessionSettings } = ctx;
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
