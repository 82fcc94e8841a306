/** PostgREST's schema cache: the public tables' columns and the public functions' arguments, read once per database. */
import type { SqlClient } from '../sql-client.ts';
import { serialized } from '../transactions.ts';

/** Each table's columns with their SQL types: filters compare values as the column's type, as PostgREST does. */
export type Columns = Map<string, string>;
export type Catalog = Map<string, Columns>;

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

export interface Routine {
  args: { name: string; type: string; optional: boolean }[];
  returnsSet: boolean;
  /** Returns void: PostgREST answers 204 with no body (since v10). */
  returnsVoid: boolean;
}

/** Functions of schema public by name, with their named arguments (overloads are not used here). */
async function readRoutines(db: SqlClient): Promise<Map<string, Routine>> {
  const { rows } = await db.query<{ name: string; arg_names: string[] | null; arg_types: string[]; defaults: number; returns_set: boolean; returns_void: boolean }>(
    `select p.proname as name, p.proargnames as arg_names, p.pronargdefaults as defaults, p.proretset as returns_set,
            p.prorettype = 'void'::regtype as returns_void,
            array(select format_type(t, null) from unnest(p.proargtypes) t) as arg_types
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.prokind = 'f'`,
  );
  return new Map(
    rows.map((r) => [
      r.name,
      {
        returnsSet: r.returns_set,
        returnsVoid: r.returns_void,
        args: r.arg_types.map((type, i) => ({ name: r.arg_names?.[i] ?? '', type, optional: i >= r.arg_types.length - r.defaults })),
      },
    ]),
  );
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

export const schemaCache = (db: SqlClient) => cachedPerDatabase(schemaCaches, db, readCatalog);


export const routineCache = (db: SqlClient) => cachedPerDatabase(routineCaches, db, readRoutines);
