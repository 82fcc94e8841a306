/**
 * GoTrue's admin API for the part `npm run staff:add` uses through supabase-js (auth.admin.listUsers,
 * auth.admin.updateUserById): only a service-role key may call it, as on hosted Supabase.
 */
import type { IncomingMessage } from 'node:http';
import type { SqlClient } from '../sql-client.ts';
import { bearerClaims, UUID } from './bearer.ts';
import { fail, ok, type AuthAnswer } from './errors.ts';
import { listUsers, mergeAppMetadata, userById, userJson } from './users.ts';

export async function requireServiceRole(req: IncomingMessage) {
  if ((await bearerClaims(req)).role !== 'service_role') fail(403, 'not_admin', 'User not allowed');
}

const pageParam = (search: URLSearchParams, name: string, fallback: number, max: number) => {
  const value = Number(search.get(name) ?? fallback);
  return Number.isInteger(value) && value > 0 ? Math.min(value, max) : fallback;
};

/** Answers an /admin/... request, or null when the path is not one of these. */
export async function adminRoute(
  req: IncomingMessage,
  path: string,
  search: URLSearchParams,
  { db, tx, readJson }: { db: SqlClient; tx: <T>(work: () => Promise<T>) => Promise<T>; readJson: (req: IncomingMessage) => Promise<Record<string, unknown>> },
): Promise<AuthAnswer | null> {
  if (!path.startsWith('/admin/users')) return null;
  await requireServiceRole(req);
  const method = req.method ?? 'GET';
  if (path === '/admin/users' && method === 'GET') {
    const page = pageParam(search, 'page', 1, 1_000_000);
    const perPage = pageParam(search, 'per_page', 50, 1000);
    const { users, total } = await tx(() => listUsers(db, page, perPage));
    const answer = ok({ users: users.map(userJson), aud: 'authenticated' });
    // supabase-js reads the total and the next page from these, as GoTrue sends them.
    const last = Math.max(1, Math.ceil(total / perPage));
    const links = [...(page < last ? [`</admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`] : []), `</admin/users?page=${last}&per_page=${perPage}>; rel="last"`];
    return { ...answer, headers: { ...answer.headers, 'x-total-count': String(total), link: links.join(', ') } };
  }
  const id = /^\/admin\/users\/([^/]+)$/.exec(path)?.[1];
  if (id && method === 'PUT') {
    if (!UUID.test(id)) fail(404, 'user_not_found', 'User not found');
    const body = await readJson(req);
    const appMetadata = body.app_metadata;
    if (appMetadata !== undefined && (!appMetadata || typeof appMetadata !== 'object' || Array.isArray(appMetadata))) fail(400, 'validation_failed', 'app_metadata must be an object');
    const updated = await tx(async () => {
      const user = await userById(db, id);
      if (!user) return fail(404, 'user_not_found', 'User not found');
      return mergeAppMetadata(db, user, (appMetadata ?? {}) as Record<string, unknown>);
    });
    return ok(userJson(updated));
  }
  return fail(404, 'not_found', `The local auth API does not serve ${method} /auth/v1${path}.`);
}
