/** PostgREST's Auth: the request's role from its verified JWT, and each request run as that role in its own transaction. */
import type { IncomingMessage } from 'node:http';
import { bearerToken, verifyToken, type Claims } from '../keys.ts';
import type { SqlClient } from '../sql-client.ts';
import { inTransaction } from '../transactions.ts';
import { refuse } from './response.ts';

const ROLES = new Set(['anon', 'authenticated', 'service_role']);

export async function claimsOf(req: IncomingMessage): Promise<Claims> {
  const bearer = bearerToken(req) ?? (req.headers.apikey as string | undefined);
  if (!bearer) return { role: 'anon' };
  const verified = await verifyToken(bearer);
  if ('code' in verified) refuse(401, verified.code, verified.message);
  const claims = (verified as { claims: Claims }).claims;
  const role = claims.role ?? 'anon';
  if (!ROLES.has(role)) refuse(401, 'PGRST301', `The JWT role "${role}" does not exist.`);
  return { ...claims, role };
}

/** The role's own `statement_timeout` (ALTER ROLE … SET), which PostgREST applies to each request it serves as that role. */
const ROLE_TIMEOUT = `coalesce((select substr(setting, length('statement_timeout=') + 1) from pg_db_role_setting
  join pg_roles on pg_roles.oid = setrole, unnest(setconfig) as setting
  where rolname = $1 and setdatabase = 0 and setting like 'statement_timeout=%'), current_setting('statement_timeout'))`;

/** As PostgREST: the role (with its statement timeout), the claims and the request's headers (which the gateway gives the caller's address) for SQL to read. */
export function asRole<T>(db: SqlClient, req: IncomingMessage, claims: Claims, work: () => Promise<T>): Promise<T> {
  return inTransaction(db, work, () =>
    db.query(
      `select set_config('statement_timeout', ${ROLE_TIMEOUT}, true), set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('request.headers', $3, true), set_config('search_path', 'public', true)`,
      [claims.role, JSON.stringify(claims), JSON.stringify(req.headers)],
    ),
  );
}
