import type { IncomingMessage } from 'node:http';
import { hashToken, type AuthContext } from './context.ts';
import { fail, type AuthAnswer } from './errors.ts';
import { startSession } from './sessions.ts';
import { applyEmailChange, confirmHalfOfEmailChange, updateUser, userByEmailChangeToken, userByLinkToken } from './users.ts';

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
  if (type !== 'signup' && type !== 'invite' && type !== 'recovery' && type !== 'email_change') return fail(400, 'validation_failed', 'Unsupported verification type');
  const tokenHash = hashToken(token!);
  if (type === 'email_change') {
    const outcome = await tx(() => verifyEmailChange(ctx, tokenHash));
    if (outcome === 'half') return back({ message: 'Confirmation link accepted. Please proceed to confirm link sent to the other email', sb: '' });
    if (!outcome) return back({ error: 'access_denied', error_code: 'otp_expired', error_description: 'Email link is invalid or has expired', sb: '' });
    return back(sessionFragment(outcome, type));
  }
  const confirms = type !== 'recovery';
  const session = await tx(async () => {
    const user = await userByLinkToken(db, confirms ? 'confirmation' : 'recovery', tokenHash, config.otpExpirySeconds);
    if (!user) return null;
    const confirmed = await updateUser(db, user.id, { [confirms ? 'confirmation_token' : 'recovery_token']: null, confirm: true, signedIn: true });
    return startSession(db, confirmed, 'otp', sessionSettings());
  });
  if (!session) return back({ error: 'access_denied', error_code: 'otp_expired', error_description: 'Email link is invalid or has expired', sb: '' });
  return back(sessionFragment(session, type));
}

type Session = Awaited<ReturnType<typeof startSession>>;

/** What the browser is sent back with after a link that signs in: the session, in the fragment. */
const sessionFragment = (session: Session, type: string) => ({
  access_token: session.access_token,
  expires_at: String(session.expires_at),
  expires_in: String(session.expires_in),
  refresh_token: session.refresh_token,
  sb: '',
  token_type: 'bearer',
  type,
});

/**
 * GoTrue's emailChangeVerify: with double_confirm_changes, the first of the two links only uses up its
 * half ('half'); the second, or the only one, makes the new address the account's and signs in.
 */
async function verifyEmailChange(ctx: AuthContext, tokenHash: string): Promise<Session | 'half' | null> {
  const user = await userByEmailChangeToken(ctx.db, tokenHash, ctx.config.otpExpirySeconds);
  if (!user) return null;
  if (ctx.config.secureEmailChange && user.email_change_confirm_status === 0) {
    await confirmHalfOfEmailChange(ctx.db, user.id, user.confirmed_with);
    return 'half';
  }
  const changed = await applyEmailChange(ctx.db, user.id);
  return startSession(ctx.db, await updateUser(ctx.db, changed.id, { signedIn: true }), 'otp', ctx.sessionSettings());
}
