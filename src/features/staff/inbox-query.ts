/**
 * The staff inbox's reads and writes through supabase-js: the page, the CSV export and the benchmark
 * (scripts/bench-staff.ts) all use these, so what is measured is what staff wait for.
 */
import { isFormTable, type FormTable } from '../../generated/form-inserts';
import type { Backend } from '../../lib/backend/load';

export const STATUSES = ['new', 'in_progress', 'replied', 'closed'] as const;
export type Status = (typeof STATUSES)[number];
export const STATUS_LABELS: Record<Status, string> = { new: 'New', in_progress: 'In progress', replied: 'Replied', closed: 'Closed' };
/** The statuses as a select's options, in workflow order. */
export const STATUS_OPTIONS = STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));

export interface InboxFilter {
  form?: string;
  status?: Status;
  /** Received on or after this day, and on or before that one (YYYY-MM-DD, the browser's time zone). */
  from?: string;
  to?: string;
  /** Part of a name, email or organization. */
  search?: string;
}

export interface InboxRow {
  seq: number;
  submission_id: string;
  form: string;
  form_table: string;
  name: string | null;
  email: string | null;
  organization: string | null;
  created_at: string;
  status: Status;
  /** Staff's internal note; never shown to the sender. */
  note: string | null;
}

export const PAGE_SIZE = 50;
const COLUMNS = 'seq, submission_id, form, form_table, name, email, organization, created_at, status, note';

/** `%` and `_` typed by staff are meant literally; `*` is PostgREST's own wildcard in URLs, so it is dropped. */
const likeText = (text: string) => text.trim().toLowerCase().replace(/\*/g, '').replace(/[\\%_]/g, (c) => `\\${c}`);

const dayStart = (day: string) => new Date(`${day}T00:00:00`).toISOString();
const dayEnd = (day: string) => new Date(`${day}T23:59:59.999`).toISOString();

/** The part of supabase-js's query builder a filter uses; each call returns the builder itself. */
interface Filterable<Q> {
  eq(column: 'form' | 'status', value: string): Q;
  gte(column: 'created_at', value: string): Q;
  lte(column: 'created_at', value: string): Q;
  ilike(column: 'search', pattern: string): Q;
}

/** A read of staff_inbox narrowed to what a filter lists: the list, its pages and Previous / Next all agree. */
function filtered<Q extends Filterable<Q>>(query: Q, filter: InboxFilter): Q {
  if (filter.form) query = query.eq('form', filter.form);
  if (filter.status) query = query.eq('status', filter.status);
  if (filter.from) query = query.gte('created_at', dayStart(filter.from));
  if (filter.to) query = query.lte('created_at', dayEnd(filter.to));
  if (filter.search?.trim()) query = query.ilike('search', `%${likeText(filter.search)}%`);
  return query;
}

/**
 * The submissions just above and below one in a filter's list (newest first): what Previous and Next
 * open. Each is one indexed step along seq, wherever the submission is in the list.
 */
export async function neighbours(client: Backend, filter: InboxFilter, seq: number): Promise<{ previous: string | null; next: string | null }> {
  const step = (newer: boolean) => {
    const query = filtered(client.from('staff_inbox').select('submission_id'), filter);
    return (newer ? query.gt('seq', seq) : query.lt('seq', seq)).order('seq', { ascending: newer }).limit(1);
  };
  const [previous, next] = await Promise.all([step(true), step(false)]);
  if (previous.error) throw new Error(previous.error.message);
  if (next.error) throw new Error(next.error.message);
  return { previous: previous.data[0]?.submission_id ?? null, next: next.data[0]?.submission_id ?? null };
}

/**
 * One page of the inbox, newest first, after `before` (the last seq of the previous page): keyset
 * pagination, so page 1,000 costs what page 1 does.
 */
export async function inboxPage(client: Backend, filter: InboxFilter, before?: number, size = PAGE_SIZE): Promise<{ rows: InboxRow[]; more: boolean }> {
  let query = filtered(client.from('staff_inbox').select(COLUMNS), filter);
  if (before !== undefined) query = query.lt('seq', before);
  const { data, error } = await query.order('seq', { ascending: false }).limit(size + 1);
  if (error) throw new Error(error.message);
  const rows = data as InboxRow[];
  return { rows: rows.slice(0, size), more: rows.length > size };
}

/** How many submissions of each form and status a filter's dates and search hold (the form and status it ignores). */
export interface InboxCounts {
  byForm: Map<string, number>;
  byStatus: Map<Status, number>;
  /** What the whole filter matches, form and status included. */
  total: number;
}

/**
 * Counted on the server (public.staff_inbox_counts), grouped by form and status: each form's count is for
 * the chosen status, each status's count for the chosen form, so every option says what choosing it gives.
 */
export async function inboxCounts(client: Backend, filter: InboxFilter): Promise<InboxCounts> {
  const { data, error } = await client.rpc('staff_inbox_counts', {
    ...(filter.from ? { p_from: dayStart(filter.from) } : {}),
    ...(filter.to ? { p_to: dayEnd(filter.to) } : {}),
    ...(filter.search?.trim() ? { p_search: likeText(filter.search) } : {}),
  });
  if (error) throw new Error(error.message);
  const counts: InboxCounts = { byForm: new Map(), byStatus: new Map(), total: 0 };
  for (const { form, status, submissions } of data) {
    const count = Number(submissions);
    if (!filter.status || filter.status === status) counts.byForm.set(form, (counts.byForm.get(form) ?? 0) + count);
    if (!filter.form || filter.form === form) counts.byStatus.set(status as Status, (counts.byStatus.get(status as Status) ?? 0) + count);
    if ((!filter.status || filter.status === status) && (!filter.form || filter.form === form)) counts.total += count;
  }
  return counts;
}

/** Whether each submission's email reached staff: pending, sending or sent. */
export async function notificationStates(client: Backend, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const { data, error } = await client.from('form_notifications').select('submission_id, state').in('submission_id', ids);
  if (error) throw new Error(error.message);
  return new Map((data as { submission_id: string; state: string }[]).map((r) => [r.submission_id, r.state]));
}

export interface InboxEntry extends InboxRow {
  updated_at: string | null;
  updated_by: string | null;
}

export interface InboxEvent {
  id: number;
  at: string;
  actor_email: string | null;
  field: 'status' | 'note';
  old_value: string | null;
  new_value: string | null;
}

/** The table the inbox says a submission is in: always one of the forms visitors send (the inbox lists only those). */
export function formTable(table: string): FormTable {
  if (!isFormTable(table)) throw new Error(`The staff inbox lists a submission of "${table}", which no form in schemas/forms.json fills: run npm run generate.`);
  return table;
}

/** One submission for its page: the inbox entry, the answers as saved, and who changed what. */
export async function submission(client: Backend, id: string) {
  const { data: entry, error } = await client.from('staff_inbox').select(`${COLUMNS}, updated_at, updated_by`).eq('submission_id', id).maybeSingle();
  if (error) throw new Error(error.message);
  if (!entry) return null;
  const inbox = entry as InboxEntry;
  const [answers, events] = await Promise.all([
    client.from(formTable(inbox.form_table)).select('*').eq('id', id).maybeSingle(),
    client.from('staff_inbox_events').select('id, at, actor_email, field, old_value, new_value').eq('submission_id', id).order('id', { ascending: true }),
  ]);
  if (answers.error) throw new Error(answers.error.message);
  if (events.error) throw new Error(events.error.message);
  return { entry: inbox, answers: (answers.data ?? {}) as Record<string, unknown>, events: (events.data ?? []) as InboxEvent[] };
}

/** Changes a submission's workflow fields: the database lets staff change nothing else. */
export async function updateSubmission(client: Backend, id: string, changes: { status?: Status; note?: string | null }) {
  const { error } = await client.from('staff_inbox').update(changes).eq('submission_id', id);
  if (error) throw new Error(error.message);
}

/** Every row of a filter's answers in one form's table, for the export, fetched in pages of ids. */
export async function answersOf(client: Backend, table: FormTable, ids: string[]): Promise<Map<string, Record<string, unknown>>> {
  const found = new Map<string, Record<string, unknown>>();
  for (let i = 0; i < ids.length; i += 200) {
    const { data, error } = await client.from(table).select('*').in('id', ids.slice(i, i + 200));
    if (error) throw new Error(error.message);
    for (const row of data as Record<string, unknown>[]) found.set(String(row.id), row);
  }
  return found;
}
