/**
 * /rest/v1/<table>: the part of PostgREST the site's supabase-js calls use. Each request runs in its own
 * transaction as the role of its verified JWT, with request.jwt.claims set, so the migrations' grants
 * and policies decide, as on Supabase. Table and column names come from the catalog, never from the
 * request; every value is a query parameter.
 */
import type { IncomingMessage } from 'node:http';
import type { SqlClient } from '../sql-client.ts';
import { jsonBody } from './body.ts';
import { fromPg, type PgError } from './errors.ts';
import { ident, orderBy, rowWindow, selectList, whereClause } from './query-params.ts';
import { answer, contentRange, problem, refuse, RequestProblem, shaped, type RestAnswer } from './response.ts';
import { asRole, claimsOf } from './role.ts';
import { schemaCache } from './schema-cache.ts';

export async function handleRest(db: SqlClient, req: IncomingMessage, table: string, search: URLSearchParams): Promise<RestAnswer> {
  let role = 'anon';
  try {
    const claims = await claimsOf(req);
    role = claims.role!;
    const columns = (await schemaCache(db)).get(table);
    if (!columns) refuse(404, 'PGRST205', `Could not find the table 'public.${table}' in the schema cache`);
    const cols = columns!;
    const wantsObject = String(req.headers.accept ?? '').includes('application/vnd.pgrst.object+json');
    const prefer = String(req.headers.prefer ?? '');

    if (req.method === 'GET' || req.method === 'HEAD') {
      const values: unknown[] = [];
      const select = selectList(search.get('select'), table, cols);
      const where = whereClause(search, table, cols, values);
      const order = orderBy(search.get('order'), table, cols);
      const { offset, limit } = rowWindow(search, req.headers.range);
      const sql = `select ${select} from public.${ident(table)}${where}${order}${limit !== null ? ` limit ${limit}` : ''}${offset ? ` offset ${offset}` : ''}`;
      // Prefer: count=exact (or planned, estimated: counted exactly here) adds the total to Content-Range.
      const counted = /count=(exact|planned|estimated)/.test(prefer);
      const { rows, total } = await asRole(db, req, claims, async () => ({
        rows: (await db.query(sql, values)).rows,
        total: counted ? (await db.query<{ n: number }>(`select count(*)::int as n from public.${ident(table)}${where}`, values)).rows[0]!.n : null,
      }));
      if (total !== null && offset > 0 && offset >= total) return problem(416, 'PGRST103', 'Requested range not satisfiable', `An offset of ${offset} was requested, but there are only ${total} rows.`);
      const partial = total !== null && (offset > 0 || offset + rows.length < total);
      return shaped(rows, wantsObject, partial ? 206 : 200, contentRange(offset, rows.length, total));
    }

    if (req.method === 'POST') {
      const parsed = await jsonBody(req);
      const rows = (Array.isArray(parsed) ? parsed : [parsed]) as unknown[];
      if (rows.length === 0 || rows.some((r) => !r || typeof r !== 'object' || Array.isArray(r))) refuse(400, 'PGRST102', 'Empty or invalid json');
      const keys = [...new Set(rows.flatMap((r) => Object.keys(r as object)))];
      for (const key of keys) if (!cols.has(key)) refuse(400, 'PGRST204', `Could not find the '${key}' column of '${table}' in the schema cache`);
      const values: unknown[] = [];
      const tuples = rows.map((row) => {
        const record = row as Record<string, unknown>;
        return `(${keys
          .map((key) => {
            const value = record[key];
            values.push(value !== null && typeof value === 'object' ? JSON.stringify(value) : (value ?? null));
            return `$${values.length}`;
          })
          .join(', ')})`;
      });
      // PostgreSQL takes at most 65,535 parameters a statement (PostgREST sends the body as one).
      if (values.length > 65_535) refuse(413, 'PGRST413', 'The request holds too many values.', `The limit is 65535 values; this one has ${values.length}.`);
      const representation = prefer.includes('return=representation');
      const returning = representation ? ` returning ${selectList(search.get('select'), table, cols)}` : '';
      // PostgREST inserts `{}` as a row of defaults.
      const sql = keys.length
        ? `insert into public.${ident(table)} (${keys.map(ident).join(', ')}) values ${tuples.join(', ')}${returning}`
        : `insert into public.${ident(table)} select from generate_series(1, ${rows.length})${returning}`;
      const result = await asRole(db, req, claims, () => db.query(sql, values));
      return representation ? shaped(result.rows, wantsObject, 201) : answer(201);
    }

    if (req.method === 'PATCH') {
      const body = await jsonBody(req);
      if (!body || typeof body !== 'object' || Array.isArray(body)) refuse(400, 'PGRST102', 'Empty or invalid json');
      const changes = Object.entries(body as Record<string, unknown>);
      for (const [key] of changes) if (!cols.has(key)) refuse(400, 'PGRST204', `Could not find the '${key}' column of '${table}' in the schema cache`);
      const values: unknown[] = changes.map(([, value]) => (value !== null && typeof value === 'object' ? JSON.stringify(value) : (value ?? null)));
      const where = whereClause(search, table, cols, values);
      // Hosted Supabase loads pg-safeupdate for the API: an update or delete must say which rows.
      if (!where) refuse(400, '21000', 'UPDATE requires a WHERE clause');
      const representation = prefer.includes('return=representation');
      const returning = representation ? ` returning ${selectList(search.get('select'), table, cols)}` : '';
      const sets = changes.map(([key], i) => `${ident(key)} = $${i + 1}`).join(', ');
      const result = await asRole(db, req, claims, () =>
        changes.length ? db.query(`update public.${ident(table)} set ${sets}${where}${returning}`, values) : db.query(`select ${selectList(search.get('select'), table, cols)} from public.${ident(table)}${where}`, values),
      );
      return representation ? shaped(result.rows, wantsObject, 200) : answer(204);
    }

    if (req.method === 'DELETE') {
      const values: unknown[] = [];
      const where = whereClause(search, table, cols, values);
      if (!where) refuse(400, '21000', 'DELETE requires a WHERE clause');
      const representation = prefer.includes('return=representation');
      const returning = representation ? ` returning ${selectList(search.get('select'), table, cols)}` : '';
      const result = await asRole(db, req, claims, () => db.query(`delete from public.${ident(table)}${where}${returning}`, values));
      return representation ? shaped(result.rows, wantsObject, 200) : answer(204);
    }

    return problem(405, 'PGRST117', `Unsupported HTTP method: ${req.method}`);
  } catch (error) {
    if (error instanceof RequestProblem) return error.reply;
    return fromPg(error as PgError, role);
  }
}
