/**
 * What a question key or table name must be so that it works as it is everywhere it goes: a PostgreSQL
 * column or table name written without quotes, a PostgREST field, a JavaScript property and a CSV header.
 */

/**
 * PostgreSQL's keywords that are not "unreserved" (`select word from pg_get_keywords() where catcode <> 'U'`
 * on PostgreSQL 18): as a bare column name they are a syntax error or mean something else. A database
 * test checks that every engine the project runs on reserves no word missing here.
 */
export const PG_RESERVED = new Set([
  'all', 'analyse', 'analyze', 'and', 'any', 'array', 'as', 'asc', 'asymmetric', 'authorization', 'between', 'bigint', 'binary', 'bit',
  'boolean', 'both', 'case', 'cast', 'char', 'character', 'check', 'coalesce', 'collate', 'collation', 'column', 'concurrently', 'constraint',
  'create', 'cross', 'current_catalog', 'current_date', 'current_role', 'current_schema', 'current_time', 'current_timestamp', 'current_user',
  'dec', 'decimal', 'default', 'deferrable', 'desc', 'distinct', 'do', 'else', 'end', 'except', 'exists', 'extract', 'false', 'fetch', 'float',
  'for', 'foreign', 'freeze', 'from', 'full', 'grant', 'greatest', 'group', 'grouping', 'having', 'ilike', 'in', 'initially', 'inner', 'inout',
  'int', 'integer', 'intersect', 'interval', 'into', 'is', 'isnull', 'join', 'json', 'json_array', 'json_arrayagg', 'json_exists', 'json_object',
  'json_objectagg', 'json_query', 'json_scalar', 'json_serialize', 'json_table', 'json_value', 'lateral', 'leading', 'least', 'left', 'like',
  'limit', 'localtime', 'localtimestamp', 'merge_action', 'national', 'natural', 'nchar', 'none', 'normalize', 'not', 'notnull', 'null', 'nullif',
  'numeric', 'offset', 'on', 'only', 'or', 'order', 'out', 'outer', 'overlaps', 'overlay', 'placing', 'position', 'precision', 'primary', 'real',
  'references', 'returning', 'right', 'row', 'select', 'session_user', 'setof', 'similar', 'smallint', 'some', 'substring', 'symmetric',
  'system_user', 'table', 'tablesample', 'then', 'time', 'timestamp', 'to', 'trailing', 'treat', 'trim', 'true', 'union', 'unique', 'user',
  'using', 'values', 'varchar', 'variadic', 'verbose', 'when', 'where', 'window', 'with', 'xmlattributes', 'xmlconcat', 'xmlelement',
  'xmlexists', 'xmlforest', 'xmlnamespaces', 'xmlparse', 'xmlpi', 'xmlroot', 'xmlserialize', 'xmltable',
]);

/** Columns every saved form's table has besides its questions (scripts/generate/db-state.ts). */
export const GENERATED_COLUMNS = ['id', 'user_id', 'created_at'];

/** PostgreSQL keeps the first 63 bytes of a name and silently drops the rest, so two long names can collide. */
export const PG_NAME_LENGTH = 63;

/** The longest name the generator derives from a table and a question: `<table>_<question>_max_length` (condition checks, `_asked_if` and `_needed_if`, are shorter). */
export const longestRuleName = (table: string, field: string) => `${table}_${field}_max_length`;

/** The longest name derived from a table alone: its text-cleaning trigger function. */
export const longestTableName = (table: string) => `${table}_normalise_text`;

const NAME = /^[a-z][a-z0-9_]*$/;

/** The name a question will have once its key's spelling is mended (the name itself when it needs none). */
export const mendedSpelling = (name: string) => (NAME.test(name) ? name : usableName(name));

/** The nearest usable name: camelCase and other characters become snake_case. */
export function usableName(name: string): string {
  const snake = name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return /^[a-z]/.test(snake) ? snake : `q_${snake}`;
}

/** Why a question key cannot be used as it is, or null when it can. */
export function questionNameProblem(field: string, table: string | null): string | null {
  if (!NAME.test(field)) return `"${field}" must be lower-case letters, digits and underscores (it names the column that holds the answers): use "${usableName(field)}".`;
  if (GENERATED_COLUMNS.includes(field)) return `"${field}" is a column every saved form already has (${GENERATED_COLUMNS.join(', ')}). Use another name, like "${field}_details".`;
  if (PG_RESERVED.has(field)) return `"${field}" is a word PostgreSQL reserves, so it cannot name a question. Use another name, like "${field}_details".`;
  if (table && longestRuleName(table, field).length > PG_NAME_LENGTH) {
    const most = PG_NAME_LENGTH - longestRuleName(table, '').length;
    return `"${field}" is too long: the database names its rules after the table and the question (${longestRuleName(table, field)}), which must fit in ${PG_NAME_LENGTH} characters. Use at most ${most} characters.`;
  }
  return null;
}

/** Why a table name cannot be used as it is, or null when it can (its characters are checked by the file's shape). */
export function tableNameProblem(table: string): string | null {
  if (PG_RESERVED.has(table)) return `"${table}" is a word PostgreSQL reserves, so it cannot name a table. Use another name, like "${table}_submissions".`;
  if (longestTableName(table).length > PG_NAME_LENGTH) {
    return `"${table}" is too long: the database names the table's own functions after it (${longestTableName(table)}), which must fit in ${PG_NAME_LENGTH} characters. Use at most ${PG_NAME_LENGTH - longestTableName('').length} characters.`;
  }
  return null;
}
