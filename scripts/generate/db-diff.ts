import { ASKED_CHECK, formTextFunctionSql, REQUIRED_WHEN_CHECK, ident, NOT_NULL_CHECK, normaliseFunctionSql, quote, type ColumnState, type DbState, type Submission, type TableState } from './db-state.ts';

/** A change that would lose saved answers: which table and question, and one sentence saying what is lost. */
export interface Destructive {
  table: string;
  /** The question (column); null when the whole table would go. */
  column: string | null;
  /** What happened in schemas/: the question or form is gone, or a question's type changed. */
  kind: 'question removed' | 'type changed' | 'form removed';
  reason: string;
}

export interface Diff {
  statements: string[];
  /** Changes that would lose data: refused unless the person running the generator confirms them. */
  destructive: Destructive[];
  /** One plain sentence per change, saying what happens to the answers already saved. */
  notes: string[];
}

/**
 * The trigger that cleans text before anything else: BEFORE triggers fire in name order, and
 * "clean_text" sorts before the submission limits ("limit_...") and the legacy fix ("normalise_...").
 */
const TRIGGER = 'clean_text';

function columnSql(name: string, column: ColumnState) {
  const parts = [ident(name), column.type];
  if (column.fixed) parts.push(column.fixed);
  if (column.notNull && column.fixed !== 'primary key') parts.push('not null');
  if (column.default !== null) parts.push(`default ${column.default}`);
  return parts.join(' ');
}

function normaliseSql(name: string, table: TableState, triggerExists: boolean): string[] {
  const columns = table.normalised ?? [];
  const sql = [normaliseFunctionSql(name, columns)];
  if (!triggerExists) {
    sql.push(`create trigger ${TRIGGER}\n  before insert or update on public.${ident(name)}\n  for each row execute function public.${ident(`${name}_normalise_text`)}();`);
  }
  return sql;
}

function createTable(name: string, table: TableState): string[] {
  const lines = Object.entries(table.columns).map(([col, c]) => `  ${columnSql(col, c)}`);
  for (const column of Object.values(table.columns)) {
    for (const [check, expression] of Object.entries(column.checks)) lines.push(`  constraint ${ident(check)} check (${expression})`);
  }
  const sql = [`create table public.${ident(name)} (\n${lines.join(',\n')}\n);`, `comment on table public.${ident(name)} is ${quote(table.comment)};`];
  for (const [col, c] of Object.entries(table.columns)) if (c.comment) sql.push(`comment on column public.${ident(name)}.${ident(col)} is ${quote(c.comment)};`);
  // Secure by default: no client may touch a new table until a migration grants it and adds policies.
  sql.push(`alter table public.${ident(name)} enable row level security;`, `revoke all on table public.${ident(name)} from anon, authenticated;`, `grant all on table public.${ident(name)} to service_role;`);
  return [...sql, ...normaliseSql(name, table, false)];
}

/**
 * The account's profile, as forms.json's "ownedByUser" form declares it: the function behind the
 * create_client_profile trigger on auth.users (supabase/migrations/20261122034407_form_access.sql) copies
 * the sign-up's answers into the row, in the same transaction as the account, so a sign-up makes both or
 * neither; its owner reads the row and may change the answers, never the address the account holds.
 * The trigger keeps its first name: hosted lets a project add triggers to auth.users, not drop them.
 */
function profileSql(name: string, table: TableState, before: TableState | undefined): string[] {
  const profile = table.profile;
  if (!profile || JSON.stringify(profile) === JSON.stringify(before?.profile)) return [];
  const t = `public.${ident(name)}`;
  const answers = profile.answers.map(ident);
  const columns = [...profile.account.map(ident), ...answers];
  const values = [...profile.account.map((c) => `lower(btrim(new.${c}))`), ...answers.map((c) => `answers.${c}`)];
  const typed = profile.answers.map((c) => `${ident(c)} ${table.columns[c]!.type}`);
  return [
    [
      'create or replace function public.create_client_profile() returns trigger',
      'language plpgsql',
      'security definer',
      "set search_path = ''",
      'as $$',
      'declare',
      "  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);",
      'begin',
      '  -- Accounts made another way (an invitation, the dashboard) carry none of the sign-up\'s answers.',
      `  if not (meta ?| array[${profile.answers.map(quote).join(', ')}]::text[]) then`,
      '    return new;',
      '  end if;',
      // Only the sign-up's own questions are read, each as its column's type: other keys are never cast.
      `  insert into ${t} (user_id, ${columns.join(', ')})`,
      `  select new.id, ${values.join(', ')}`,
      `  from jsonb_to_record(meta) as answers(${typed.join(', ')});`,
      '  return new;',
      'end;',
      '$$;',
    ].join('\n'),
    'revoke execute on function public.create_client_profile() from public, anon, authenticated;',
    ...metadataSql(profile.sizes ?? {}),
    `revoke select, update on table ${t} from authenticated;`,
    // The whole row to read (its policy shows each account its own), so `select *` works for its owner.
    `grant select on table ${t} to authenticated;`,
    `grant update (${answers.join(', ')}) on table ${t} to authenticated;`,
    ...addressSql(t, profile.account, !before?.profile?.addressFollowsAccount),
  ];
}

/**
 * The profile's copy of the account's address follows an email change (confirmed through GoTrue's links):
 * the function is rewritten with the profile, the trigger made once (hosted lets a project add triggers
 * to auth.users, not drop them).
 */
function addressSql(t: string, account: string[], firstTime: boolean): string[] {
  if (!account.length) return [];
  return [
    [
      'create or replace function public.profile_follows_account_address() returns trigger',
      'language plpgsql',
      'security definer',
      "set search_path = ''",
      'as $$',
      'begin',
      `  update ${t} set ${account.map((c) => `${ident(c)} = lower(btrim(new.${c}))`).join(', ')} where user_id = new.id;`,
      '  return new;',
      'end;',
      '$$;',
    ].join('\n'),
    'revoke execute on function public.profile_follows_account_address() from public, anon, authenticated;',
    ...(firstTime
      ? [`create trigger profile_follows_account_address\n  after update of ${account.join(', ')} on auth.users\n  for each row when (${account.map((c) => `old.${c} is distinct from new.${c}`).join(' or ')})\n  execute function public.profile_follows_account_address();`]
      : []),
  ];
}

/** The auth service's own keys in user metadata (GoTrue copies them from the identity), kept as it writes them. */
const AUTH_METADATA = { sub: 'string', email: 'string', email_verified: 'boolean', phone_verified: 'boolean' } as const;

/**
 * Sign-up metadata holds the sign-up's answers and nothing else, each of its question's type and within
 * its size, on sign-up and on every change (PUT /auth/v1/user): it rides in every token of the account,
 * and a stranger padding it before the owner confirmed locked the owner out (tokens too large for any
 * request). What does not fit is left out, not refused: only a script sends it, and refusing would fail
 * the sign-up. A trigger may be added to auth.users on hosted, and replaced (`or replace`), not dropped.
 */
function metadataSql(sizes: Record<string, { type: string; maxLength: number | null }>): string[] {
  const jsonType = (type: string) => (type === 'boolean' ? 'boolean' : type === 'text' ? 'string' : 'number');
  const kept = [
    ...Object.entries(AUTH_METADATA).map(([key, type]) => `(key = ${quote(key)} and jsonb_typeof(value) = ${quote(type)}${type === 'string' ? ' and char_length(value #>> \'{}\') <= 320' : ''})`),
    // Measured as the form measures it: once trimmed (public.form_text), as the profile's columns are.
    ...Object.entries(sizes).map(([key, { type, maxLength }]) => `(key = ${quote(key)} and jsonb_typeof(value) = ${quote(jsonType(type))}${maxLength !== null ? ` and char_length(coalesce(public.form_text(value #>> '{}'), '')) <= ${maxLength}` : ''})`),
  ];
  return [
    [
      'create or replace function public.keep_only_sign_up_answers() returns trigger',
      'language plpgsql',
      "set search_path = ''",
      'as $$',
      'begin',
      '  if new.raw_user_meta_data is null then',
      '    return new;',
      '  end if;',
      '  new.raw_user_meta_data := (',
      "    select coalesce(jsonb_object_agg(key, value), '{}'::jsonb)",
      '    from jsonb_each(new.raw_user_meta_data)',
      `    where ${kept.join('\n       or ')}`,
      '  );',
      '  return new;',
      'end;',
      '$$;',
    ].join('\n'),
    'revoke execute on function public.keep_only_sign_up_answers() from public, anon, authenticated;',
    // Named to fire before create_client_profile reads the metadata (that one runs after insert anyway).
    'create or replace trigger keep_only_sign_up_answers\n  before insert or update of raw_user_meta_data on auth.users\n  for each row execute function public.keep_only_sign_up_answers();',
  ];
}

/** A form that no longer comes in steps: its funnel and its counts go. */
const noSteps = (form: string) => `select public.declare_form_step_keys(${quote(form)}, null, null);`;

/**
 * A form visitors send, as forms.json declares it: the insert grant on the form's own columns (never
 * created_at, which the caps count on), the insert policy, the hourly caps, and the delivery
 * migration's triggers that queue each row for its email and refuse bulk inserts, and the check of
 * the row's proof of work (its id is a stamp, decision 029).
 */
function submissionSql(name: string, table: TableState, before: TableState | undefined): string[] {
  const now = table.submission;
  const was = before?.submission;
  const t = `public.${ident(name)}`;
  const sql: string[] = [];
  const changed = (pick: (s: Submission) => unknown) => JSON.stringify(was ? pick(was) : null) !== JSON.stringify(now ? pick(now) : null);
  if (!now) {
    if (was) {
      if ((was.steps || was.stepKeys) && was.inbox) sql.push(noSteps(was.inbox.form));
      sql.push(`drop policy if exists submitters_insert on ${t};`, `revoke insert on table ${t} from anon, authenticated;`);
      for (const trigger of ['check_stamp', 'limit_per_address', 'limit_per_client', 'queue_notification', 'one_submission_per_request', 'list_in_staff_inbox']) sql.push(`drop trigger if exists ${trigger} on ${t};`);
      sql.push(`drop policy if exists staff_read on ${t};`, `revoke select on table ${t} from authenticated;`);
    }
    return sql;
  }
  if (!was) {
    sql.push(
      `create trigger check_stamp\n  before insert on ${t}\n  for each row execute function public.check_submission_stamp();`,
      `create trigger one_submission_per_request\n  after insert on ${t}\n  referencing new table as added\n  for each statement execute function public.one_submission_per_request();`,
    );
  }
  // Each submission queues the staff email, and the sender's copy (or the request to confirm) when the form sends one.
  if (!was || changed((s) => [s.copyToSender ?? null, s.optIn ?? false])) {
    const args = now.copyToSender ? [quote(now.copyToSender), ...(now.optIn ? [quote('opt-in')] : [])] : [];
    sql.push(`create or replace trigger queue_notification\n  after insert on ${t}\n  for each row execute function public.queue_form_notification(${args.join(', ')});`);
  }
  if (changed((s) => [s.roles, s.columns])) {
    sql.push(`revoke insert on table ${t} from anon, authenticated;`, `grant insert (${now.columns.map(ident).join(', ')}) on table ${t} to ${now.roles.join(', ')};`);
  }
  if (changed((s) => s.roles)) {
    sql.push(`drop policy if exists submitters_insert on ${t};`, `create policy submitters_insert on ${t}\n  for insert to ${now.roles.join(', ')}\n  with check (true);`);
  }
  if (changed((s) => s.perAddress)) {
    sql.push(
      now.perAddress
        ? `create or replace trigger limit_per_address\n  before insert on ${t}\n  for each row execute function public.limit_submissions_per_email(${quote(now.perAddress.column)}, ${quote(String(now.perAddress.perHour))});`
        : `drop trigger if exists limit_per_address on ${t};`,
    );
  }
  if (changed((s) => s.inbox)) sql.push(...inboxSql(t, now.inbox!, !was?.inbox));
  // A wizard's steps by key, for its funnel (supabase/migrations/20261127020000_funnel_counts_steps_by_key.sql).
  if (changed((s) => [s.inbox?.form, s.steps ?? null, s.stepKeys ?? null])) {
    const had = Boolean(was?.steps || was?.stepKeys);
    if (had && was!.inbox && was!.inbox.form !== now.inbox?.form) sql.push(noSteps(was!.inbox.form));
    if (now.inbox && now.stepKeys) {
      const array = (values: string[]) => `array[${values.map(quote).join(', ')}]`;
      sql.push(`select public.declare_form_step_keys(${quote(now.inbox.form)}, ${array(now.stepKeys.map((s) => s.key))}, ${array(now.stepKeys.map((s) => s.title))});`);
    } else if (now.inbox && had) sql.push(noSteps(now.inbox.form));
  }
  // Conditional questions, for the overview's "Not asked".
  if (now.inbox && changed((s) => [s.inbox?.form, s.asked ?? null])) {
    const before = was?.inbox?.form === now.inbox.form ? (was?.asked ?? {}) : {};
    const after = now.asked ?? {};
    for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
      if (before[field] !== after[field]) sql.push(`select public.declare_question_condition(${quote(now.inbox.form)}, ${quote(field)}, ${after[field] === undefined ? 'null' : quote(after[field])});`);
    }
  }
  // Questions answered from an option list, for what a member signed up to (the course of an enrolment).
  if (now.inbox && changed((s) => [s.inbox?.form, s.optionLists ?? null])) {
    const before = was?.inbox?.form === now.inbox.form ? (was?.optionLists ?? {}) : {};
    const after = now.optionLists ?? {};
    for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
      if (before[field] !== after[field]) sql.push(`select public.declare_question_options(${quote(now.inbox.form)}, ${quote(field)}, ${after[field] === undefined ? 'null' : quote(after[field])});`);
    }
  }
  if (changed((s) => s.perClientPerHour)) {
    sql.push(
      now.perClientPerHour
        ? `create or replace trigger limit_per_client\n  before insert on ${t}\n  for each row execute function public.limit_submissions_per_client(${quote(String(now.perClientPerHour))});`
        : `drop trigger if exists limit_per_client on ${t};`,
    );
  }
  return sql;
}

/**
 * The staff inbox (supabase/migrations/20261123050000_staff_workspace.sql): each new submission is
 * listed with its sender's name, email and organization, and staff may read the answers.
 */
function inboxSql(t: string, inbox: NonNullable<Submission['inbox']>, first: boolean): string[] {
  const sql = [
    `create or replace trigger list_in_staff_inbox\n  after insert on ${t}\n  for each row execute function public.list_in_staff_inbox(${[inbox.form, inbox.name ?? '', inbox.email, inbox.organization ?? ''].map(quote).join(', ')});`,
  ];
  if (first) sql.push(`grant select on table ${t} to authenticated;`, `create policy staff_read on ${t}\n  for select to authenticated\n  using ((select public.is_staff()));`);
  return sql;
}

/**
 * Submissions saved before their form was listed in the inbox, listed in one statement oldest first
 * across all such forms, so the inbox's order (by insertion) is the order they came in.
 */
function inboxBackfillSql(tables: [string, NonNullable<Submission['inbox']>][]): string[] {
  if (!tables.length) return [];
  const selects = tables.map(
    ([name, inbox]) =>
      `  select id, ${quote(inbox.form)} as form, ${quote(name)} as form_table, ${inbox.name ? ident(inbox.name) : 'null'}::text as name, lower(${ident(inbox.email)}) as email, ${inbox.organization ? ident(inbox.organization) : 'null'}::text as organization, created_at, public.staff_inbox_answers_text(to_jsonb(saved.*)) as answers_text from public.${ident(name)} saved`,
  );
  return [
    `insert into public.staff_inbox (submission_id, form, form_table, name, email, organization, created_at, answers_text)\nselect * from (\n${selects.join('\n  union all\n')}\n) saved\norder by created_at, id\non conflict (submission_id) do nothing;`,
  ];
}

/** Check name suffixes, as people say them. */
const RULE_NAMES: Record<string, string> = {
  max_length: 'a length limit',
  min_length: 'a minimum length',
  pattern: 'a pattern',
  allowed: 'a list of options',
  minimum: 'a minimum',
  maximum: 'a maximum',
  [ASKED_CHECK]: 'a condition for being asked',
  [REQUIRED_WHEN_CHECK]: 'a condition that makes it required',
};

const label = (name: string, column: ColumnState) => `"${column.comment ?? name}"`;
const optionsOf = (expression: string | undefined) => [...(expression ?? '').matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1]!.replaceAll("''", "'"));
const numberIn = (expression: string | undefined) => Number(/(-?[\d.]+)\s*$/.exec(expression ?? '')?.[1]);

/** What a new or changed rule means for the answers already saved, in one sentence. */
function ruleNote(check: string, field: string, column: ColumnState, before: string | undefined, after: string): string {
  const what = label(field, column);
  const kept = 'answers saved before are kept as they are';
  if (check.endsWith(`_${ASKED_CHECK}`)) return `${what} is now asked only when its condition holds: new answers leave it empty otherwise; ${kept}.`;
  if (check.endsWith(`_${REQUIRED_WHEN_CHECK}`)) return `${what} is now required when its condition holds: new answers must fill it in then; ${kept}.`;
  if (check.endsWith(`_${NOT_NULL_CHECK}`)) return `${what} is now required: new answers must fill it in; ${kept} (some may have it empty).`;
  if (check.endsWith('_allowed')) {
    const removed = optionsOf(before).filter((o) => !optionsOf(after).includes(o));
    const added = optionsOf(after).filter((o) => !optionsOf(before).includes(o));
    const parts = [];
    if (added.length) parts.push(`${what} offers ${added.map((o) => `"${o}"`).join(', ')} as ${added.length > 1 ? 'new options' : 'a new option'}`);
    if (removed.length) parts.push(`${what} no longer offers ${removed.map((o) => `"${o}"`).join(', ')}: new answers cannot choose ${removed.length > 1 ? 'them' : 'it'}, and answers saved with ${removed.length > 1 ? 'them' : 'it'} keep ${removed.length > 1 ? 'them' : 'it'}`);
    return `${parts.join('; ') || `${what} has a new list of options`}.`;
  }
  if (check.endsWith('_max_length')) {
    const [from, to] = [numberIn(before), numberIn(after)];
    return before && to > from ? `${what} now allows up to ${to} characters.` : `${what} now allows at most ${to} characters in new answers; longer answers saved before are kept whole.`;
  }
  if (check.endsWith('_min_length')) return `${what} now needs at least ${numberIn(after)} characters in new answers; ${kept}.`;
  if (check.endsWith('_pattern')) return `${what} must now match ${before ? 'its new' : 'a'} pattern in new answers; ${kept}.`;
  if (check.endsWith('_minimum')) return `${what} must now be at least ${numberIn(after)} in new answers; ${kept}.`;
  if (check.endsWith('_maximum')) return `${what} must now be at most ${numberIn(after)} in new answers; ${kept}.`;
  return `${what} has a new rule for new answers; ${kept}.`;
}

/**
 * The statements that take one column from `from` to `to`. Every rule added to a table that may hold
 * rows is NOT VALID: PostgreSQL enforces it for every new or changed row and skips the check of the
 * rows already there, so no migration written here can fail on saved answers.
 */
function alterColumn(table: string, name: string, from: ColumnState, to: ColumnState, out: Diff) {
  const t = `public.${ident(table)}`;
  if (from.type !== to.type) {
    out.destructive.push({ table, column: name, kind: 'type changed', reason: `${label(name, to)} would change from ${from.type} to ${to.type}: answers saved as ${from.type} that are not valid ${to.type} would be lost.` });
    out.statements.push(`alter table ${t} alter column ${ident(name)} type ${to.type} using ${ident(name)}::${to.type};`);
  }
  for (const [check, expression] of Object.entries(from.checks)) {
    if (to.checks[check] === expression) continue;
    out.statements.push(`alter table ${t} drop constraint ${ident(check)};`);
    const kind = Object.entries(RULE_NAMES).find(([suffix]) => check.endsWith(`_${suffix}`))?.[1];
    if (!(check in to.checks) && kind) out.notes.push(`${label(name, to)} no longer has ${kind}.`);
  }
  if (from.default !== to.default) {
    out.statements.push(to.default === null ? `alter table ${t} alter column ${ident(name)} drop default;` : `alter table ${t} alter column ${ident(name)} set default ${to.default};`);
    out.notes.push(to.default === null ? `${label(name, to)} no longer has a default.` : `${label(name, to)} now defaults to ${to.default} in new answers; ${'answers saved before are kept as they are'}.`);
  }
  // NOT NULL is only ever dropped here; a column that must now have a value gets a NOT VALID check (below).
  if (from.notNull && !to.notNull) out.statements.push(`alter table ${t} alter column ${ident(name)} drop not null;`);
  const wasRequired = from.notNull || Object.keys(from.checks).some((c) => c.endsWith(`_${NOT_NULL_CHECK}`));
  const isRequired = to.notNull || Object.keys(to.checks).some((c) => c.endsWith(`_${NOT_NULL_CHECK}`));
  if (wasRequired && !isRequired) out.notes.push(`${label(name, to)} is now optional.`);
  for (const [check, expression] of Object.entries(to.checks)) {
    if (from.checks[check] === expression) continue;
    out.statements.push(`alter table ${t} add constraint ${ident(check)} check (${expression}) not valid;`);
    const becameRequired = check.endsWith(`_${NOT_NULL_CHECK}`) && wasRequired;
    if (!becameRequired) out.notes.push(ruleNote(check, name, to, from.checks[check], expression));
  }
  if (from.comment !== to.comment) {
    out.statements.push(`comment on column ${t}.${ident(name)} is ${to.comment === null ? 'null' : quote(to.comment)};`);
    if (from.comment !== null) out.notes.push(`"${from.comment}" is now labelled ${label(name, to)}; saved answers are unchanged.`);
  }
}

/** The SQL that takes the database from the last generated state to the one the schemas describe now. */
export function diffStates(from: DbState, to: DbState): Diff {
  const out: Diff = { statements: [], destructive: [], notes: [] };
  const newlyListed = Object.entries(to)
    .filter(([name, table]) => table.submission?.inbox && !from[name]?.submission?.inbox)
    .map(([name, table]): [string, NonNullable<Submission['inbox']>] => [name, table.submission!.inbox!]);
  const hasFormText = (state: DbState) => Object.values(state).some((t) => t.normalised !== undefined);
  if (hasFormText(to) && !hasFormText(from)) out.statements.push(formTextFunctionSql());
  // The notes on each table's questions, which name a question, not its form: a run whose notes are about
  // several forms (a question here, a new form there) says which form each is about.
  const questionNotes: [table: string, from: number, to: number][] = [];
  for (const [name, table] of Object.entries(to)) {
    const before = from[name];
    if (!before) {
      out.statements.push(...createTable(name, table), ...submissionSql(name, table, undefined), ...profileSql(name, table, undefined));
      out.notes.push(`New table ${name}: it starts empty.`);
      continue;
    }
    const first = out.notes.length;
    for (const [col, column] of Object.entries(table.columns)) {
      const old = before.columns[col];
      if (!old) {
        // Added without its rules, which then follow as NOT VALID checks; a default fills saved rows.
        const added: ColumnState = { ...column, checks: {}, comment: null };
        out.statements.push(`alter table public.${ident(name)} add column ${columnSql(col, added)};`);
        const required = column.notNull || Object.keys(column.checks).some((c) => c.endsWith(`_${NOT_NULL_CHECK}`));
        out.notes.push(
          column.default !== null
            ? `New question ${label(col, column)}: answers saved before get its default, ${column.default}.`
            : `New ${required ? 'required ' : ''}question ${label(col, column)}: answers saved before have it empty${required ? '; new answers must fill it in' : ''}.`,
        );
        const silent: Diff = { statements: out.statements, destructive: out.destructive, notes: [] };
        alterColumn(name, col, { ...added, comment: null }, column, silent);
      } else if (!column.fixed) alterColumn(name, col, old, column, out);
    }
    for (const col of Object.keys(before.columns)) {
      if (!table.columns[col]) {
        const added = Object.keys(table.columns).filter((c) => !before.columns[c]);
        const hint = added.length ? ` If it was renamed to ${added.join(' or ')}, rename it back and ask a developer to write a rename migration.` : '';
        out.destructive.push({ table: name, column: col, kind: 'question removed', reason: `the question "${col}"${before.columns[col]!.comment ? ` (${label(col, before.columns[col]!)})` : ''} is gone; its column ${name}.${col} holds the answers saved to it, and dropping it deletes them all.${hint}` });
        out.statements.push(`alter table public.${ident(name)} drop column ${ident(col)};`);
      }
    }
    if (out.notes.length > first) questionNotes.push([name, first, out.notes.length]);
    out.statements.push(...submissionSql(name, table, before), ...profileSql(name, table, before));
    if (before.comment !== table.comment) out.statements.push(`comment on table public.${ident(name)} is ${quote(table.comment)};`);
    if (JSON.stringify(before.normalised) !== JSON.stringify(table.normalised)) {
      out.statements.push(...normaliseSql(name, table, before.normalised !== undefined));
      if (before.normalised === undefined) out.notes.push(`Text sent to ${name} is now trimmed as the form trims it before it is checked; saved answers are unchanged.`);
    }
  }
  for (const name of Object.keys(from)) {
    if (!to[name]) {
      out.destructive.push({ table: name, column: null, kind: 'form removed', reason: `no form fills the table ${name} any more; dropping it deletes every submission saved in it.` });
      out.statements.push(`drop table public.${ident(name)};`);
    }
  }
  out.statements.push(...inboxBackfillSql(newlyListed.filter(([name]) => from[name])));
  const [existing, fresh] = [newlyListed.filter(([name]) => from[name]), newlyListed.filter(([name]) => !from[name])];
  if (existing.length) out.notes.push(`Staff see ${existing.map(([name]) => name).join(', ')} in the staff inbox, with the answers saved before.`);
  if (fresh.length) out.notes.push(`Staff see what is sent to ${fresh.map(([name]) => name).join(', ')} in the staff inbox.`);
  // Only a run whose notes are about one form alone leaves its question notes without the form's name.
  const questionNoteCount = questionNotes.reduce((count, [, first, last]) => count + last - first, 0);
  if (questionNotes.length > 1 || out.notes.length > questionNoteCount) {
    for (const [name, first, last] of questionNotes) for (let i = first; i < last; i++) out.notes[i] = `${name}: ${out.notes[i]}`;
  }
  return out;
}
