import { quote, type ColumnState, type DbState, type TableState } from './db-state.ts';

export interface Diff {
  statements: string[];
  /** Changes that would lose data: refused unless the person running the generator confirms them. */
  destructive: string[];
}

function columnSql(name: string, column: ColumnState) {
  const parts = [name, column.type];
  if (column.fixed) parts.push(column.fixed);
  if (column.notNull && column.fixed !== 'primary key') parts.push('not null');
  if (column.default !== null) parts.push(`default ${column.default}`);
  return parts.join(' ');
}

function createTable(name: string, table: TableState): string[] {
  const lines = Object.entries(table.columns).map(([col, c]) => `  ${columnSql(col, c)}`);
  for (const column of Object.values(table.columns)) {
    for (const [check, expression] of Object.entries(column.checks)) lines.push(`  constraint ${check} check (${expression})`);
  }
  const sql = [`create table public.${name} (\n${lines.join(',\n')}\n);`, `comment on table public.${name} is ${quote(table.comment)};`];
  for (const [col, c] of Object.entries(table.columns)) if (c.comment) sql.push(`comment on column public.${name}.${col} is ${quote(c.comment)};`);
  // Secure by default: no client may touch a new table until a migration grants it and adds policies.
  sql.push(`alter table public.${name} enable row level security;`, `revoke all on table public.${name} from anon, authenticated;`);
  return sql;
}

function alterColumn(table: string, name: string, from: ColumnState, to: ColumnState, out: Diff) {
  const t = `public.${table}`;
  if (from.type !== to.type) {
    out.destructive.push(`${table}.${name} would change type from ${from.type} to ${to.type}, which can lose or reject stored values.`);
    out.statements.push(`alter table ${t} alter column ${name} type ${to.type} using ${name}::${to.type};`);
  }
  for (const [check, expression] of Object.entries(from.checks)) {
    if (to.checks[check] !== expression) out.statements.push(`alter table ${t} drop constraint ${check};`);
  }
  if (from.default !== to.default) {
    out.statements.push(to.default === null ? `alter table ${t} alter column ${name} drop default;` : `alter table ${t} alter column ${name} set default ${to.default};`);
  }
  if (from.notNull !== to.notNull) {
    if (to.notNull) out.statements.push(`-- Rows saved without ${name} must be filled in before this can apply.`);
    out.statements.push(`alter table ${t} alter column ${name} ${to.notNull ? 'set' : 'drop'} not null;`);
  }
  for (const [check, expression] of Object.entries(to.checks)) {
    if (from.checks[check] !== expression) out.statements.push(`alter table ${t} add constraint ${check} check (${expression});`);
  }
  if (from.comment !== to.comment) out.statements.push(`comment on column ${t}.${name} is ${to.comment === null ? 'null' : quote(to.comment)};`);
}

/** The SQL that takes the database from the last generated state to the one the schemas describe now. */
export function diffStates(from: DbState, to: DbState): Diff {
  const out: Diff = { statements: [], destructive: [] };
  for (const [name, table] of Object.entries(to)) {
    const before = from[name];
    if (!before) {
      out.statements.push(...createTable(name, table));
      continue;
    }
    for (const [col, column] of Object.entries(table.columns)) {
      const old = before.columns[col];
      if (!old) {
        const added: ColumnState = { ...column, notNull: false, checks: {} };
        out.statements.push(`alter table public.${name} add column ${columnSql(col, added)};`);
        alterColumn(name, col, added, column, out);
      } else if (!column.fixed) alterColumn(name, col, old, column, out);
    }
    for (const col of Object.keys(before.columns)) {
      if (!table.columns[col]) {
        const added = Object.keys(table.columns).filter((c) => !before.columns[c]);
        const hint = added.length ? ` If it was renamed to ${added.join(' or ')}, rename it back and ask a developer to write a rename migration.` : '';
        out.destructive.push(`${name}.${col} is no longer in the schema; dropping the column deletes every answer saved in it.${hint}`);
        out.statements.push(`alter table public.${name} drop column ${col};`);
      }
    }
    if (before.comment !== table.comment) out.statements.push(`comment on table public.${name} is ${quote(table.comment)};`);
  }
  for (const name of Object.keys(from)) {
    if (!to[name]) {
      out.destructive.push(`table ${name} is no longer filled by any form; dropping it deletes every row.`);
      out.statements.push(`drop table public.${name};`);
    }
  }
  return out;
}
