/** GoTrue's POST /logout (api/logout.go): ends this session, the others, or all of the user's. */
import type { IncomingMessage } from 'node:http';
import type { AuthContext } from './context.ts';
import { fail, type AuthAnswer } from './errors.ts';
import { endSessions } from './sessions.ts';

export async function logout(ctx: AuthContext, req: IncomingMessage, search: URLSearchParams): Promise<AuthAnswer> {
  const { user, sessionId } = await ctx.currentUser(req);
  const scope = search.get('scope') ?? 'global';
  if (scope !== 'global' && scope !== 'local' && scope !== 'others') fail(400, 'validation_failed', 'Unsupported logout scope');
  await ctx.tx(() => endSessions(ctx.db, user.id, sessionId, scope as 'global' | 'local' | 'others'));
  return { status: 204, headers: {} };
}
