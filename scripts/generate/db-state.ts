import type { FormRegistryEntry, JsonSchema } from './forms.ts';

/** What the database should look like, derived from schemas/; also the shape of the committed snapshot. */
export interface ColumnState {
  type: string;
  notNull: boolean;
  default: string | null;
  /** Named check constraints: name -> boolean SQL expression. */
  checks: Record<string, string>;
  comment: string | null;
  /** Fixed columns (id, user_id, created_at) are created with the table and never diffed. */
  fixed?: string;
}

export interface TableState {
  comment: string;
  columns: Record<string, ColumnState>;
}

export type DbState = Record<string, TableState>;

export const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

const SQL_TYPES: Record<string, string> = { string: 'text', integer: 'integer', number: 'numeric', boolean: 'boolean' };

type FieldSchema = NonNullable<JsonSchema['properties']>[string];

function columnFor(table: string, field: string, def: FieldSchema, required: boolean): ColumnState {
  const type = SQL_TYPES[String(def.type)];
  if (!type) throw new Error(`${table}.${field}: JSON type "${String(def.type)}" has no SQL type; use string, integer, number or boolean.`);
  const checks: Record<string, string> = {};
  const name = (kind: string) => `${table}_${field}_${kind}`;
  if (required && type === 'text') checks[name('not_blank')] = `btrim(${field}) <> ''`;
  if (typeof def.minLength === 'number') checks[name('min_length')] = `char_length(${field}) >= ${def.minLength}`;
  if (typeof def.maxLength === 'number') checks[name('max_length')] = `char_length(${field}) <= ${def.maxLength}`;
  if (typeof def.pattern === 'string') checks[name('pattern')] = `${field} ~ ${quote(def.pattern)}`;
  if (def.oneOf) checks[name('allowed')] = `${field} in (${def.oneOf.map((o) => (typeof o.const === 'string' ? quote(o.const) : String(o.const))).join(', ')})`;
  if (typeof def.minimum === 'number') checks[name('minimum')] = `${field} >= ${def.minimum}`;
  if (typeof def.maximum === 'number') checks[name('maximum')] = `${field} <= ${def.maximum}`;
  const hasDefault = def.default !== undefined;
  return {
    type,
    notNull: required || hasDefault,
    default: hasDefault ? (typeof def.default === 'string' ? quote(def.default) : String(def.default)) : null,
    checks,
    comment: typeof def.title === 'string' ? def.title : null,
  };
}

/** The tables the forms fill: one column per schema property, plus id, owner and created_at. */
export function desiredState(forms: { schema: JsonSchema; entry: FormRegistryEntry }[]): DbState {
  const state: DbState = {};
  for (const { schema, entry } of forms) {
    if (!entry.table) continue;
    const table = entry.table;
    const required = new Set(schema.required ?? []);
    const columns: Record<string, ColumnState> = {
      id: { type: 'uuid', notNull: true, default: 'gen_random_uuid()', checks: {}, comment: null, fixed: 'primary key' },
    };
    if (entry.ownedByUser) {
      columns.user_id = { type: 'uuid', notNull: true, default: null, checks: {}, comment: 'The auth user this row belongs to', fixed: 'unique references auth.users (id) on delete cascade' };
    }
    for (const [field, def] of Object.entries(schema.properties ?? {})) {
      if (entry.exclude?.includes(field)) continue;
      columns[field] = columnFor(table, field, def, required.has(field));
    }
    columns.created_at = { type: 'timestamptz', notNull: true, default: 'now()', checks: {}, comment: null, fixed: '' };
    state[table] = { comment: String(schema.description ?? schema.title ?? table), columns };
  }
  return state;
}
