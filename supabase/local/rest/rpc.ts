import type { IncomingMessage } from 'node:http';
import type { SqlClient } from '../sql-client.ts';
import { jsonBody } from './body.ts';
import { fromPg, type PgError } from './errors.ts';
import { ident, MAX_ROWS } from './query-params.ts';
import { answer, problem, refuse, RequestProblem, type RestAnswer } from './response.ts';
import { asRole, claimsOf } from './role.ts';
import { routineCache } from './schema-cache.ts';

/**
 * POST /rest/v1/rpc/<function> with named arguments as a JSON object, as postgrest-js's rpc() sends it.
 * EXECUTE privileges decide who may call what, as on Supabase.
 */
export async function handleRpc(db: SqlClient, req: IncomingMessage, name: string): Promise<RestAnswer> {
  let role = 'anon';
  try {
    const claims = await claimsOf(req);
    role = claims.role!;
    if (req.method !== 'POST') return problem(405, 'PGRST117', `Unsupported HTTP method: ${req.method}`);
    const routine = (await routineCache(db)).get(name);
    const body = await jsonBody(req, {});
    if (!body || typeof body !== 'object' || Array.isArray(body)) refuse(400, 'PGRST102', 'Empty or invalid json');
    const given = body as Record<string, unknown>;
    const known = routine?.args.map((a) => a.name) ?? [];
    if (!routine || Object.keys(given).some((k) => !known.includes(k)) || routine.args.some((a) => !a.optional && !(a.name in given))) {
      refuse(404, 'PGRST202', `Could not find the function public.${name}(${Object.keys(given).sort().join(', ')}) in the schema cache`);
    }
    const values: unknown[] = [];
    const args = routine!.args
      .filter((a) => a.name in given)
      .map((a) => {
        const value = given[a.name];
        values.push(value !== null && typeof value === 'object' ? JSON.stringify(value) : (value ?? null));
        // A JSON array for an array argument becomes a PostgreSQL array, as PostgREST reads arguments
        // (json_to_record with the arguments' types), not the text "[...]".
        if (Array.isArray(value) && a.type.endsWith('[]')) {
          return `${ident(a.name)} => (select r.v from jsonb_to_record(jsonb_build_object('v', $${values.length}::jsonb)) as r(v ${a.type}))`;
        }
        return `${ident(a.name)} => $${values.length}::${a.type}`;
      });
    const call = `public.${ident(name)}(${args.join(', ')})`;
    // A set's rows are capped by max_rows, as PostgREST caps any read.
    const capped = MAX_ROWS !== null ? ` limit ${MAX_ROWS}` : '';
    const sql = routine!.returnsSet
      ? `select coalesce(jsonb_agg(item), '[]'::jsonb) as result from (select to_jsonb(r.*) as item from ${call} r${capped}) capped`
      : `select to_jsonb(${call}) as result`;
    const { rows } = await asRole(db, req, claims, () => db.query<{ result: unknown }>(sql, values));
    const result = rows[0]?.result ?? null;
    // A void function has nothing to say: 204 with no body, as PostgREST (v10 on) answers.
    if (routine!.returnsVoid) return answer(204);
    return result === null ? answer(204) : answer(200, result);
  } catch (error) {
    if (error instanceof RequestProblem) return error.reply;
    return fromPg(error as PgError, role);
  }
}
