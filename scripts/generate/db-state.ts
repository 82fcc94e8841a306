import { rulesOf, type AnswerTest, type Condition, type ConditionalSchema } from '../../form-model/conditions.ts';
import type { FormRegistryEntry, JsonSchema } from './forms.ts';
import { PG_RESERVED } from './check/sql-names.ts';
import { PG_WHITESPACE, toPgPattern } from './pg-pattern.ts';
import { INVISIBLE_ONLY } from '../../form-model/text-rules.ts';

/** What the database should look like, derived from schemas/; also the shape of the committed snapshot. */
export interface ColumnState {
  type: string;
  /**
   * NOT NULL on the column itself. Only where it can never fail: a new table, a new column with a
   * default, or a column that already had it. Elsewhere "must have a value" is a check constraint
   * (`<table>_<column>_not_null`) added NOT VALID, so answers saved before the rule stay.
   */
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
  /**
   * The text columns that the table's trigger normalises as the browser does (trimmed, blank -> null)
   * before any check runs. Absent in snapshots written before the trigger existed.
   */
  normalised?: string[];
  /**
   * A form visitors send (forms.json "submittedBy"): who may insert, which columns (and no others), the
   * hourly caps per email address and per network address; each row is queued for its staff email, one
   * row per request (supabase/migrations/20261122220000_notification_delivery.sql). Absent in older snapshots.
   */
  submission?: Submission;
  /**
   * A row an account owns (forms.json "ownedByUser"): written when the auth user is created, `account`
   * columns from the user itself (the address the sign-up gave the auth service) and `answers` from the
   * sign-up's metadata; its owner reads both and may change the answers (decision 035). Absent in older snapshots.
   */
  /**
   * `addressFollowsAccount`: the account's address is copied to the profile when it changes too, not only
   * at sign-up (supabase/local and GoTrue's email change); absent in snapshots written before.
   */
  profile?: { account: string[]; answers: string[]; sizes?: Record<string, { type: string; maxLength: number | null }>; addressFollowsAccount?: true };
}

export interface Submission {
  roles: string[];
  columns: string[];
  /** The email column counted by the per-address cap, and the cap. */
  perAddress: { column: string; perHour: number } | null;
  perClientPerHour: number | null;
  /**
   * How the staff inbox lists each submission: the form's name and the columns holding the sender's
   * name, email and organization (supabase/migrations/20261123050000_staff_workspace.sql). Absent in older snapshots.
   */
  inbox?: { form: string; name: string | null; email: string; organization: string | null };
  /**
   * A wizard's number of steps, for its funnel (public.form_steps, decision 031), in snapshots written
   * before steps had keys; `stepKeys` since.
   */
  steps?: number;
  /**
   * A wizard's steps in order, by the key its funnel counts them by, with their titles
   * (supabase/migrations/20261127020000_funnel_counts_steps_by_key.sql). Absent for one-page forms.
   */
  stepKeys?: { key: string; title: string }[];
  /**
   * The column holding the sender's address when the sender gets a copy ("copyToSender"): the argument of
   * the queue_notification trigger (supabase/migrations/20261127130000_a_copy_for_the_sender.sql).
   */
  copyToSender?: string;
  /**
   * Double opt-in ("optIn"): the sender's email asks to confirm the address, and each row gets its
   * confirm/unsubscribe token in public.opt_ins (supabase/migrations/20261128100000_newsletter_double_opt_in.sql).
   */
  optIn?: true;
  /**
   * Each conditional question and the SQL that says a saved row was asked it, for the staff overview
   * (supabase/migrations/20261127010000_overview_knows_questions_not_asked.sql). Absent when none.
   */
  asked?: Record<string, string>;
  /**
   * Each question whose choices are one of site.config.ts's option lists (forms.json "options"), by list
   * name: what a member's submission signed them up to, e.g. the course an enrolment names
   * (supabase/migrations/20261127210000_members_download_course_materials.sql). Absent when none.
   */
  optionLists?: Record<string, string>;
}

export type DbState = Record<string, TableState>;

export const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * A table or column name in SQL, quoted only where PostgreSQL needs it (as its quote_ident does). The
 * generator refuses names that would need it, so today's SQL reads as before; this keeps a name that
 * slipped past the checks from ever becoming SQL of its own.
 */
export const ident = (name: string) => (/^[a-z_][a-z0-9_]*$/.test(name) && !PG_RESERVED.has(name) ? name : `"${name.replaceAll('"', '""')}"`);

const SQL_TYPES: Record<string, string> = { string: 'text', integer: 'integer', number: 'numeric', boolean: 'boolean' };

type FieldSchema = NonNullable<JsonSchema['properties']>[string];

/** The suffix of the check that says a column must have a value, where NOT NULL could not be used. */
export const NOT_NULL_CHECK = 'not_null';

const sqlValue = (value: unknown) => (typeof value === 'string' ? quote(value) : String(value));

function columnFor(table: string, field: string, def: FieldSchema, mustHaveValue: boolean, columnNotNull: boolean): ColumnState {
  const type = SQL_TYPES[String(def.type)];
  if (!type) throw new Error(`${table}.${field}: JSON type "${String(def.type)}" has no SQL type; use string, integer, number or boolean.`);
  const checks: Record<string, string> = {};
  const column = ident(field);
  const name = (kind: string) => `${table}_${field}_${kind}`;
  if (mustHaveValue && !columnNotNull) checks[name(NOT_NULL_CHECK)] = `${column} is not null`;
  if (typeof def.minLength === 'number') checks[name('min_length')] = `char_length(${column}) >= ${def.minLength}`;
  if (typeof def.maxLength === 'number') checks[name('max_length')] = `char_length(${column}) <= ${def.maxLength}`;
  if (typeof def.pattern === 'string') checks[name('pattern')] = `${column} ~ ${quote(toPgPattern(def.pattern))}`;
  if (def.oneOf) checks[name('allowed')] = `${column} in (${def.oneOf.map((o) => sqlValue(o.const)).join(', ')})`;
  if (typeof def.minimum === 'number') checks[name('minimum')] = `${column} >= ${def.minimum}`;
  if (typeof def.maximum === 'number') checks[name('maximum')] = `${column} <= ${def.maximum}`;
  return {
    type,
    notNull: columnNotNull,
    default: def.default !== undefined ? sqlValue(def.default) : null,
    checks,
    comment: typeof def.title === 'string' ? def.title : null,
  };
}

/** What a sign-up gives the auth service itself rather than as metadata (src/lib/account/auth-service.ts); a password is never stored. */
export const ACCOUNT_FIELDS = ['email'];

/** The suffixes of the checks conditions add to a question's column (docs/decisions/034). */
export const ASKED_CHECK = 'asked_if';
export const REQUIRED_WHEN_CHECK = 'needed_if';

/** A condition in SQL: true or false, never null (an answer not given makes it false, as in the form). */
export function conditionSql(condition: Condition): string {
  const parts: string[] = [];
  const fields = [...new Set([...condition.required, ...Object.keys(condition.properties)])];
  for (const field of fields) {
    const column = ident(field);
    const test: AnswerTest = condition.properties[field] ?? {};
    parts.push(`${column} is not null`);
    if ('const' in test) parts.push(`${column} = ${sqlValue(test.const)}`);
    if (test.enum) parts.push(`${column} in (${test.enum.map(sqlValue).join(', ')})`);
    if (typeof test.minimum === 'number') parts.push(`${column} >= ${test.minimum}`);
    if (typeof test.maximum === 'number') parts.push(`${column} <= ${test.maximum}`);
  }
  return parts.length ? `(${parts.join(' and ')})` : 'true';
}

/** For each question some condition leaves out, the SQL that holds when a row was asked it. */
function askedSql(schema: ConditionalSchema): Record<string, string> {
  const clauses: Record<string, string[]> = {};
  for (const rule of rulesOf(schema)) {
    const holds = conditionSql(rule.if);
    for (const field of Object.keys(rule.then.properties ?? {})) (clauses[field] ??= []).push(`not ${holds}`);
    for (const field of Object.keys(rule.else.properties ?? {})) (clauses[field] ??= []).push(holds);
  }
  return Object.fromEntries(Object.entries(clauses).map(([field, all]) => [field, all.join(' and ')]));
}

/**
 * What the conditions of a form ask of each column, by check name: a question a branch does not ask
 * stays empty, and a question a branch makes required is filled in, whenever that branch applies.
 */
function conditionChecks(table: string, schema: ConditionalSchema): Record<string, Record<string, string>> {
  const clauses: Record<string, Record<string, string[]>> = {};
  const add = (field: string, kind: string, clause: string) => {
    const name = `${table}_${field}_${kind}`;
    ((clauses[field] ??= {})[name] ??= []).push(clause);
  };
  for (const rule of rulesOf(schema)) {
    const holds = conditionSql(rule.if);
    for (const side of ['then', 'else'] as const) {
      // The branch does not apply: `not C` for "then", `C` for "else".
      const unless = side === 'then' ? `not ${holds}` : holds;
      const branch = rule[side];
      for (const field of Object.keys(branch.properties ?? {})) add(field, ASKED_CHECK, `${ident(field)} is null or ${unless}`);
      for (const field of branch.required ?? []) add(field, REQUIRED_WHEN_CHECK, `${ident(field)} is not null or ${unless}`);
    }
  }
  return Object.fromEntries(
    Object.entries(clauses).map(([field, byName]) => [field, Object.fromEntries(Object.entries(byName).map(([name, all]) => [name, all.map((c) => (all.length > 1 ? `(${c})` : c)).join(' and ')]))]),
  );
}

/**
 * The tables the forms fill: one column per schema property, plus id, owner and created_at.
 * `previous` is the state the migrations have built so far: whether a rule can be NOT NULL on the
 * column, or must be a check that spares saved rows, depends on what is already there.
 */
export function desiredState(forms: { name: string; schema: JsonSchema; entry: FormRegistryEntry; steps?: { key: string; title: string }[] | null }[], previous: DbState = {}): DbState {
  const state: DbState = {};
  for (const { name, schema, entry, steps } of forms) {
    if (!entry.table) continue;
    const table = entry.table;
    const before = previous[table];
    const required = new Set(schema.required ?? []);
    const columns: Record<string, ColumnState> = {
      id: { type: 'uuid', notNull: true, default: 'gen_random_uuid()', checks: {}, comment: null, fixed: 'primary key' },
    };
    if (entry.ownedByUser) {
      columns.user_id = { type: 'uuid', notNull: true, default: null, checks: {}, comment: 'The auth user this row belongs to', fixed: 'unique references auth.users (id) on delete cascade' };
    }
    const conditional = conditionChecks(table, schema as ConditionalSchema);
    for (const [field, def] of Object.entries(schema.properties ?? {})) {
      if (entry.exclude?.includes(field)) continue;
      // A question some condition leaves out takes no default: its answer must stay empty when it is not asked.
      const hasDefault = def.default !== undefined && !conditional[field]?.[`${table}_${field}_${ASKED_CHECK}`];
      const mustHaveValue = required.has(field) || hasDefault;
      const old = before?.columns[field];
      // NOT NULL cannot fail on an empty new table, on a new column that a default fills, or where it already held.
      const columnNotNull = mustHaveValue && (!before || (!old && hasDefault) || (old?.notNull ?? false));
      columns[field] = columnFor(table, field, hasDefault ? def : { ...def, default: undefined }, mustHaveValue, columnNotNull);
      Object.assign(columns[field]!.checks, conditional[field]);
    }
    columns.created_at = { type: 'timestamptz', notNull: true, default: 'now()', checks: {}, comment: null, fixed: '' };
    const normalised = Object.entries(columns).filter(([, c]) => c.type === 'text' && !c.fixed).map(([name]) => name);
    state[table] = { comment: String(schema.description ?? schema.title ?? table), columns, normalised };
    if (entry.ownedByUser) {
      const questions = Object.keys(columns).filter((c) => columns[c]!.fixed === undefined);
      const answers = questions.filter((c) => !ACCOUNT_FIELDS.includes(c));
      // What the sign-up's metadata may hold (supabase/migrations' keep_only_sign_up_answers): each answer's type and size.
      const sizes = Object.fromEntries(answers.map((c) => [c, { type: columns[c]!.type, maxLength: typeof schema.properties?.[c]?.maxLength === 'number' ? (schema.properties[c]!.maxLength as number) : null }]));
      state[table].profile = { account: questions.filter((c) => ACCOUNT_FIELDS.includes(c)), answers, sizes, addressFollowsAccount: true };
    }
    if (entry.submittedBy && entry.notification) {
      state[table].submission = {
        roles: entry.submittedBy,
        // The id stays the browser's to choose: it is the key that makes sending again safe (decision 014).
        columns: Object.keys(columns).filter((c) => c === 'id' || columns[c]!.fixed === undefined),
        perAddress: entry.limits?.perAddressPerHour ? { column: entry.notification.replyTo, perHour: entry.limits.perAddressPerHour } : null,
        perClientPerHour: entry.limits?.perClientPerHour ?? null,
        inbox: { form: name, name: entry.notification.senderName ?? null, email: entry.notification.replyTo, organization: entry.notification.senderOrganization ?? null },
        ...(steps ? { stepKeys: steps.map(({ key, title }) => ({ key, title })) } : {}),
        ...(entry.notification.copyToSender || entry.notification.optIn ? { copyToSender: entry.notification.replyTo } : {}),
        ...(entry.notification.optIn ? { optIn: true as const } : {}),
      };
      const asked = askedSql(schema as ConditionalSchema);
      if (Object.keys(asked).length) state[table].submission!.asked = asked;
      const lists = Object.entries(entry.options ?? {}).filter(([field]) => columns[field]);
      if (lists.length) state[table].submission!.optionLists = Object.fromEntries(lists);
    }
  }
  return state;
}

/**
 * One meaning of "blank" for browser, function and database: white space as JavaScript knows it is
 * trimmed from both ends, and an answer that was only white space is no answer (null), exactly as
 * src/components/forms/normalise.ts does. Written once, into the first migration that needs it.
 * Visitors keep EXECUTE on it: the table triggers run as the inserting role and call it.
 */
export function formTextFunctionSql(): string {
  const edges = quote(`^[${PG_WHITESPACE}]+|[${PG_WHITESPACE}]+$`);
  return [
    'create or replace function public.form_text(value text) returns text',
    'language sql',
    'immutable',
    "set search_path = ''",
    `return (select case when trimmed ~ ${quote(toPgPattern(INVISIBLE_ONLY))} then null else nullif(trimmed, '') end from (select regexp_replace(value, ${edges}, '', 'g') as trimmed) as answer);`,
  ].join('\n');
}

/** The trigger function that passes each text column of a table through public.form_text before any check runs. */
export function normaliseFunctionSql(table: string, columns: string[]): string {
  return [
    `create or replace function public.${ident(`${table}_normalise_text`)}() returns trigger`,
    'language plpgsql',
    "set search_path = ''",
    'as $$',
    'begin',
    ...columns.map((c) => `  new.${ident(c)} := public.form_text(new.${ident(c)});`),
    '  return new;',
    'end;',
    '$$;',
    `revoke execute on function public.${ident(`${table}_normalise_text`)}() from public, anon, authenticated;`,
  ].join('\n');
}
