/**
 * /rest/v1/<table>: the part of PostgREST the site's supabase-js calls use. Each request runs in its own
 * transaction as the role of its verified JWT, with request.jwt.claims set, so the migrations' grants
 * and policies decide, as on Supabase. Table and column names come from the catalog, never from the
 * request; every value is a query parameter.
 */
import type { IncomingMessage } from 'node:http';
import { readApiConfig } from './api-config.ts';
import { verifyToken, type Claims } from './keys.ts';
import type { SqlClient } from './sql-client.ts';
import { readBody } from './request-body.ts';
import { inTransaction, serialized } from './transactions.ts';

export interface RestAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

interface PgError {
  code?: string;
  message?: string;
  detail?: string;
  hint?: string;
}

const MAX_BODY_BYTES = 1024 * 1024;
const ROLES = new Set(['anon', 'authenticated', 'service_role']);
const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'columns']);
const OPERATORS: Record<string, string> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' };
/** Pattern operators: PostgREST accepts `*` for `%` in URLs, and compares the column's text. */
const PATTERN_OPERATORS: Record<string, string> = { like: 'like', ilike: 'ilike' };

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

function answer(status: number, body?: unknown, headers: Record<string, string> = {}): RestAnswer {
  return { status, headers: body === undefined ? headers : { 'Content-Type': 'application/json; charset=utf-8', ...headers }, body: body === undefined ? '' : JSON.stringify(body) };
}

const problem = (status: number, code: string, message: string, details: string | null = null, hint: string | null = null) =>
  answer(status, { code, message, details, hint });

class RequestProblem extends Error {
  constructor(readonly reply: RestAnswer) {
    super(reply.body);
  }
}
const refuse = (status: number, code: string, message: string, details: string | null = null): never => {
  throw new RequestProblem(problem(status, code, message, details));
};

/**
 * PostgREST's mapping of Postgres errors to HTTP statuses (mapSQLtoHTTP in its Error.hs), so a failure
 * answers here with the status hosted gives; a lost connection (57P01–57P03) is 503 here to say "retry".
 */
const STATUS_BY_SQLSTATE: [RegExp, number][] = [
  [/^08|^57P0[1-3]$/, 503],
  [/^09/, 500],
  [/^0[LP]/, 403],
  [/^2350[35]$/, 409],
  [/^25006$/, 405],
  [/^2[5D]/, 500],
  [/^28/, 403],
  [/^3[89B]/, 500],
  [/^40/, 500],
  [/^53400$/, 500],
  [/^53/, 503],
  [/^5[4578]/, 500],
  [/^(F0|HV)/, 500],
  [/^P0001$/, 400],
  [/^(P0|XX)/, 500],
  [/^42883$|^42P01$/, 404],
  [/^42P17$/, 500],
];

function fromPg(error: PgError, role: string): RestAnswer {
  const code = error.code ?? '';
  const status =
    code === '42501' ? (role === 'anon' ? 401 : 403) :
    code === '21000' && !/requires a WHERE clause$/.test(error.message ?? '') ? 500 :
    STATUS_BY_SQLSTATE.find(([pattern]) => pattern.test(code))?.[1] ?? 400;
  const body = { code, message: error.message ?? 'Database error', details: error.detail ?? null, hint: error.hint ?? null };
  // Unavailable for a moment (the connection is being re-established): say when to try again.
  return answer(status, body, status === 503 ? { 'Retry-After': '1' } : {});
}

async function claimsOf(req: IncomingMessage): Promise<Claims> {
  const bearer = req.headers.authorization?.match(/^Bearer (.+)$/i)?.[1] ?? (req.headers.apikey as string | undefined);
  if (!bearer) return { role: 'anon' };
  const verified = await verifyToken(bearer);
  if ('code' in verified) refuse(401, verified.code, verified.message);
  const claims = (verified as { claims: Claims }).claims;
  const role = claims.role ?? 'anon';
  if (!ROLES.has(role)) refuse(401, 'PGRST301', `The JWT role "${role}" does not exist.`);
  return { ...claims, role };
}

/** Each table's columns with their SQL types: filters compare values as the column's type, as PostgREST does. */
type Columns = Map<string, string>;
type Catalog = Map<string, Columns>;

async function readCatalog(db: SqlClient): Promise<Catalog> {
  const { rows } = await db.query<{ table_name: string; column_name: string; type: string }>(
    `select c.relname as table_name, a.attname as column_name, format_type(a.atttypid, null) as type
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where n.nspname = 'public' and c.relkind in ('r', 'v', 'm') order by c.relname, a.attnum`,
  );
  const tables: Catalog = new Map();
  for (const r of rows) {
    if (!tables.has(r.table_name)) tables.set(r.table_name, new Map());
    tables.get(r.table_name)!.set(r.column_name, r.type);
  }
  return tables;
}

/** PostgREST's list syntax for `in`: `(a,b,"c,d")`, double quotes around items that hold commas. */
function listValues(raw: string): string[] | null {
  if (!raw.startsWith('(') || !raw.endsWith(')')) return null;
  const items: string[] = [];
  let item = '';
  let quoted = false;
  for (let i = 1; i < raw.length - 1; i++) {
    const c = raw[i]!;
    if (quoted && c === '\\') item += raw[++i] ?? '';
    else if (c === '"') quoted = !quoted;
    else if (c === ',' && !quoted) {
      items.push(item);
      item = '';
    } else item += c;
  }
  if (quoted) return null;
  return raw === '()' ? [] : [...items, item];
}

/**
 * Tables and columns, read once per database, as PostgREST keeps its schema cache: they change only when
 * migrations run, before the API starts or when the dev server applies a new one (reloadSchemaCache).
 */
const schemaCaches = new WeakMap<SqlClient, Promise<Catalog>>();
const routineCaches = new WeakMap<SqlClient, Promise<Map<string, Routine>>>();
/** PostgREST's `NOTIFY pgrst, 'reload schema'`: the next request reads the tables again. */
export function reloadSchemaCache(db: SqlClient) {
  schemaCaches.delete(db);
  routineCaches.delete(db);
}

/** What `read` found in this database, read once (and again after a failure or a reload). */
function cachedPerDatabase<T>(caches: WeakMap<SqlClient, Promise<T>>, db: SqlClient, read: (db: SqlClient) => Promise<T>): Promise<T> {
  let cached = caches.get(db);
  if (!cached) {
    cached = serialized(db, () => read(db));
    caches.set(db, cached);
    cached.catch(() => caches.delete(db));
  }
  return cached;
}

const schemaCache = (db: SqlClient) => cachedPerDatabase(schemaCaches, db, readCatalog);

function selectList(param: string | null, table: string, columns: Columns): string {
  if (!param || param.trim() === '*') return '*';
  return param
    .split(',')
    .map((c) => c.trim())
    .map((c) => {
      if (c === '*') return '*';
      if (!columns.has(c)) refuse(400, '42703', `column ${table}.${c} does not exist`);
      return ident(c);
    })
    .join(', ');
}

function orderBy(param: string | null, table: string, columns: Columns): string {
  if (!param) return '';
  const terms = param.split(',').map((term) => {
    const [column, ...modifiers] = term.trim().split('.');
    if (!column || !columns.has(column)) refuse(400, 'PGRST100', `"failed to parse order (${term})"`, `Unknown column ${table}.${column ?? ''}`);
    const direction = modifiers.find((m) => m === 'asc' || m === 'desc') ?? 'asc';
    const nulls = modifiers.find((m) => m === 'nullsfirst' || m === 'nullslast');
    if (modifiers.some((m) => !['asc', 'desc', 'nullsfirst', 'nullslast'].includes(m))) refuse(400, 'PGRST100', `"failed to parse order (${term})"`);
    return `${ident(column!)} ${direction}${nulls ? ` nulls ${nulls.slice(5)}` : ''}`;
  });
  return ` order by ${terms.join(', ')}`;
}

function whereClause(params: URLSearchParams, table: string, columns: Columns, values: unknown[]): string {
  const conditions: string[] = [];
  for (const [key, raw] of params) {
    if (RESERVED.has(key)) continue;
    const type = columns.get(key);
    if (!type) refuse(400, '42703', `column ${table}.${key} does not exist`);
    const dot = raw.indexOf('.');
    const op = dot > 0 ? raw.slice(0, dot) : '';
    const value = raw.slice(dot + 1);
    const column = ident(key);
    if (op === 'is') {
      const literal = { null: 'null', true: 'true', false: 'false' }[value.toLowerCase()];
      if (!literal) refuse(400, 'PGRST100', `"failed to parse filter (${raw})"`);
      conditions.push(`${column} is ${literal}`);
    } else if (OPERATORS[op]) {
      // The value is cast to the column's type, so indexes apply and numbers and times compare as such.
      values.push(value);
      conditions.push(`${column} ${OPERATORS[op]} $${values.length}::${type}`);
    } else if (PATTERN_OPERATORS[op]) {
      values.push(value.replaceAll('*', '%'));
      conditions.push(`${column}::text ${PATTERN_OPERATORS[op]} $${values.length}`);
    } else if (op === 'in') {
      const list = listValues(value);
      if (!list) refuse(400, 'PGRST100', `"failed to parse filter (${raw})"`);
      values.push(JSON.stringify(list));
      conditions.push(`${column} in (select (jsonb_array_elements_text($${values.length}::jsonb))::${type})`);
    } else {
      refuse(400, 'PGRST100', `"failed to parse filter (${raw})"`);
    }
  }
  return conditions.length ? ` where ${conditions.join(' and ')}` : '';
}

function integerParam(params: URLSearchParams, name: string): number | null {
  const raw = params.get(name);
  if (raw === null) return null;
  if (!/^\d+$/.test(raw)) refuse(400, 'PGRST100', `"failed to parse ${name} (${raw})"`);
  return Number(raw);
}

/** config.toml's [api] max_rows: no read returns more, whatever it asks for (PostgREST's db-max-rows). */
const MAX_ROWS = readApiConfig().maxRows;

/**
 * The rows a read asks for, as PostgREST takes them: a `Range: first-last` header (items), narrowed by
 * the `offset` and `limit` parameters, then by max_rows.
 */
function rowWindow(search: URLSearchParams, range: string | undefined): { offset: number; limit: number | null } {
  const header = range ? /^(?:items=)?(\d+)-(\d*)$/.exec(range.trim()) : null;
  let offset = header ? Number(header[1]) : 0;
  let limit = header?.[2] ? Number(header[2]) - offset + 1 : null;
  if (limit !== null && limit < 0) refuse(416, 'PGRST103', 'Requested range not satisfiable', `The range ${range} ends before it starts.`);
  const skip = integerParam(search, 'offset');
  if (skip !== null) {
    offset += skip;
    if (limit !== null) limit = Math.max(0, limit - skip);
  }
  const most = integerParam(search, 'limit');
  if (most !== null) limit = limit === null ? most : Math.min(limit, most);
  if (MAX_ROWS !== null) limit = limit === null ? MAX_ROWS : Math.min(limit, MAX_ROWS);
  return { offset, limit };
}

/** Content-Range as PostgREST writes it: the rows' place in the result, and the total when it was counted. */
function contentRange(offset: number, count: number, total: number | null): string {
  return `${count ? `${offset}-${offset + count - 1}` : '*'}/${total ?? '*'}`;
}

/** The role's own `statement_timeout` (ALTER ROLE … SET), which PostgREST applies to each request it serves as that role. */
const ROLE_TIMEOUT = `coalesce((select substr(setting, length('statement_timeout=') + 1) from pg_db_role_setting
  join pg_roles on pg_roles.oid = setrole, unnest(setconfig) as setting
  where rolname = $1 and setdatabase = 0 and setting like 'statement_timeout=%'), current_setting('statement_timeout'))`;

/** As PostgREST: the role (with its statement timeout), the claims and the request's headers (which the gateway gives the caller's address) for SQL to read. */
function asRole<T>(db: SqlClient, req: IncomingMessage, claims: Claims, work: () => Promise<T>): Promise<T> {
  return inTransaction(db, work, () =>
    db.query(
      `select set_config('statement_timeout', ${ROLE_TIMEOUT}, true), set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('request.headers', $3, true), set_config('search_path', 'public', true)`,
      [claims.role, JSON.stringify(claims), JSON.stringify(req.headers)],
    ),
  );
}

/** The request's JSON body; an empty body is `fallback` (an rpc() call without arguments sends none). */
async function jsonBody(req: IncomingMessage, fallback?: unknown): Promise<unknown> {
  const text = await readBody(req, MAX_BODY_BYTES);
  if (text === null) return refuse(413, 'PGRST413', 'The request body is too large.', `The limit is ${MAX_BODY_BYTES} bytes.`);
  if (!text.trim() && fallback !== undefined) return fallback;
  try {
    return JSON.parse(text);
  } catch {
    return refuse(400, 'PGRST102', 'Empty or invalid json');
  }
}

function shaped(rows: unknown[], wantsObject: boolean, status: number, range = contentRange(0, rows.length, null)): RestAnswer {
  if (!wantsObject) return answer(status, rows, { 'Content-Range': range });
  if (rows.length !== 1) return problem(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${rows.length} rows`);
  return answer(status, rows[0]);
}

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

interface Routine {
  args: { name: string; type: string; optional: boolean }[];
  returnsSet: boolean;
}

/** Functions of schema public by name, with their named arguments (overloads are not used here). */
async function readRoutines(db: SqlClient): Promise<Map<string, Routine>> {
  const { rows } = await db.query<{ name: string; arg_names: string[] | null; arg_types: string[]; defaults: number; returns_set: boolean }>(
    `select p.proname as name, p.proargnames as arg_names, p.pronargdefaults as defaults, p.proretset as returns_set,
            array(select format_type(t, null) from unnest(p.proargtypes) t) as arg_types
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.prokind = 'f'`,
  );
  return new Map(
    rows.map((r) => [
      r.name,
      {
        returnsSet: r.returns_set,
        args: r.arg_types.map((type, i) => ({ name: r.arg_names?.[i] ?? '', type, optional: i >= r.arg_types.length - r.defaults })),
      },
    ]),
  );
}

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
    const routine = (await cachedPerDatabase(routineCaches, db, readRoutines)).get(name);
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
        return `${ident(a.name)} => $${values.length}::${a.type}`;
      });
    const call = `public.${ident(name)}(${args.join(', ')})`;
    // A set's rows are capped by max_rows, as PostgREST caps any read.
    const capped = MAX_ROWS !== null ? ` limit ${MAX_ROWS}` : '';
    const sql = routine!.returnsSet
      ? `select coalesce(jsonb_agg(item), '[]'::jsonb) as result from (select to_jsonb(r) as item from ${call} r${capped}) capped`
      : `select to_jsonb(${call}) as result`;
    const { rows } = await asRole(db, req, claims, () => db.query<{ result: unknown }>(sql, values));
    const result = rows[0]?.result ?? null;
    return result === null ? answer(204) : answer(200, result);
  } catch (error) {
    if (error instanceof RequestProblem) return error.reply;
    return fromPg(error as PgError, role);
  }
}
