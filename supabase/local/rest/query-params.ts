/**
 * PostgREST's query parameters: select, filters (eq, neq, gt, gte, lt, lte, like, ilike, is, in), order,
 * limit and offset with the Range header, read against the schema cache into SQL with every value a
 * parameter. Table and column names come from the catalog, never from the request.
 */
import { readApiConfig } from '../api-config.ts';
import { refuse } from './response.ts';
import type { Columns } from './schema-cache.ts';

const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'columns']);
const OPERATORS: Record<string, string> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' };
/** Pattern operators: PostgREST accepts `*` for `%` in URLs, and compares the column's text. */
const PATTERN_OPERATORS: Record<string, string> = { like: 'like', ilike: 'ilike' };

export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

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

export function selectList(param: string | null, table: string, columns: Columns): string {
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

export function orderBy(param: string | null, table: string, columns: Columns): string {
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

export function whereClause(params: URLSearchParams, table: string, columns: Columns, values: unknown[]): string {
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

export function integerParam(params: URLSearchParams, name: string): number | null {
  const raw = params.get(name);
  if (raw === null) return null;
  if (!/^\d+$/.test(raw)) refuse(400, 'PGRST100', `"failed to parse ${name} (${raw})"`);
  return Number(raw);
}

/** config.toml's [api] max_rows: no read returns more, whatever it asks for (PostgREST's db-max-rows). */
export const MAX_ROWS = readApiConfig().maxRows;

/**
 * The rows a read asks for, as PostgREST takes them: a `Range: first-last` header (items), narrowed by
 * the `offset` and `limit` parameters, then by max_rows.
 */
export function rowWindow(search: URLSearchParams, range: string | undefined): { offset: number; limit: number | null } {
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
