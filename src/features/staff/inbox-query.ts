/**
 * The staff inbox's reads and writes through supabase-js: the page, the CSV export and the benchmark
 * (scripts/bench-staff.ts) all use these, so what is measured is what staff wait for.
 */
import { isFormTable, type FormTable } from '../../generated/form-inserts';
import type { Backend } from '../../lib/backend/load';
import { messageField, staffForms } from './staff-forms';
import { OPT_IN } from '../../../form-model/opt-in.ts';

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
  /** Part of a name, email, organization or any other text answer. */
  search?: string;
  /** One answer of one question of `form` (as the overview counts it): the option clicked there. */
  answer?: { field: string; value: string };
  /** Only what is new to the signed-in staff member (public.staff_inbox_news, decision 044). */
  unread?: true;
  /** Only the signed-in staff member's, or only nobody's (decision 045). */
  assigned?: Assigned;
  /** Only what is marked as spam, which every other view leaves out (decision 047). */
  spam?: true;
  /** Only follow-ups due on the staff member's today or before, not closed (decision 048). */
  due?: true;
}

export const ASSIGNED = ['me', 'nobody'] as const;
export type Assigned = (typeof ASSIGNED)[number];

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
  /** New to the signed-in staff member: not opened by them (or marked unread again). */
  unread: boolean;
  /** The staff member handling it, or null: nobody's yet. */
  assignee_id: string | null;
  /** The day to come back to it (YYYY-MM-DD), or null. */
  follow_up_on: string | null;
}

export const PAGE_SIZE = 50;
const COLUMNS = 'seq, submission_id, form, form_table, name, email, organization, created_at, status, note, assignee_id, follow_up_on';

/** `%` and `_` typed by staff are meant literally; `*` is PostgREST's own wildcard in URLs, so it is dropped. */
const likeText = (text: string) => text.trim().toLowerCase().replace(/\*/g, '').replace(/[\\%_]/g, (c) => `\\${c}`);

const dayStart = (day: string) => new Date(`${day}T00:00:00`).toISOString();
const dayEnd = (day: string) => new Date(`${day}T23:59:59.999`).toISOString();

/** A filter as the inbox's functions take it (supabase/migrations/*_inbox_searches_every_answer.sql). */
function filterArgs(filter: InboxFilter) {
  return {
    ...(filter.form ? { p_form: filter.form } : {}),
    // Spam and Due are views of their own: the database takes them as the status 'spam' or 'due' (staff_inbox_conditions).
    ...(filter.spam ? { p_status: 'spam' } : filter.due ? { p_status: 'due' } : filter.status ? { p_status: filter.status } : {}),
    ...(filter.unread ? { p_unread: true } : {}),
    ...(filter.assigned ? { p_assigned: filter.assigned } : {}),
    ...rangeArgs(filter),
    ...answerArgs(filter),
  };
}

/** An answer narrows the list to its form's submissions that gave it, and the counts with it. */
function answerArgs(filter: InboxFilter) {
  return filter.form && filter.answer ? { p_form: filter.form, p_field: filter.answer.field, p_answer: filter.answer.value } : {};
}

/** The part of a filter the counts take: they group by form and status instead. */
function rangeArgs(filter: InboxFilter) {
  return {
    ...(filter.from ? { p_from: dayStart(filter.from) } : {}),
    ...(filter.to ? { p_to: dayEnd(filter.to) } : {}),
    ...(filter.search?.trim() ? { p_search: likeText(filter.search) } : {}),
  };
}

/**
 * One page of the inbox, newest first, after `before` (the last seq of the previous page): keyset
 * pagination, so page 1,000 costs what page 1 does. Read through public.staff_inbox_page, which checks
 * that the caller is staff and then uses the table's indexes (the search's included).
 */
export async function inboxPage(client: Backend, filter: InboxFilter, before?: number, size = PAGE_SIZE): Promise<{ rows: InboxRow[]; more: boolean }> {
  // The API returns at most 1,000 rows (config.toml's max_rows), one of them the sign of more: a larger page would look complete when it is not.
  if (size > 999) throw new Error(`An inbox page holds at most 999 submissions, not ${size}.`);
  if (filter.due) await rememberTimeZone(client);
  const { data, error } = await client.rpc('staff_inbox_page', { ...filterArgs(filter), ...(before !== undefined ? { p_before: before } : {}), p_limit: size + 1 });
  if (error) throw new Error(error.message);
  const rows = data as InboxRow[];
  return { rows: rows.slice(0, size), more: rows.length > size };
}

/**
 * The submissions just above and below one in a filter's list (newest first): what Previous and Next
 * open. Each is one indexed step along seq, wherever the submission is in the list.
 */
export async function neighbours(client: Backend, filter: InboxFilter, seq: number): Promise<{ previous: string | null; next: string | null }> {
  const step = (side: 'p_after' | 'p_before') => client.rpc('staff_inbox_page', { ...filterArgs(filter), [side]: seq, p_limit: 1 });
  const [previous, next] = await Promise.all([step('p_after'), step('p_before')]);
  if (previous.error) throw new Error(previous.error.message);
  if (next.error) throw new Error(next.error.message);
  return { previous: previous.data[0]?.submission_id ?? null, next: next.data[0]?.submission_id ?? null };
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
  const { data, error } = await client.rpc('staff_inbox_counts', { ...rangeArgs(filter), ...answerArgs(filter) });
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

/**
 * The first line of each listed submission's message (its form's longest free-text question,
 * staff-forms.ts), read by id from each form's table: one request per form on the page.
 */
export async function previews(client: Backend, rows: InboxRow[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const byForm = new Map<string, InboxRow[]>();
  for (const row of rows) byForm.set(row.form, [...(byForm.get(row.form) ?? []), row]);
  await Promise.all(
    [...byForm].map(async ([name, listed]) => {
      const form = staffForms.get(name);
      const field = form && messageField(form);
      if (!form || !field) return;
      const { data, error } = await client.from(formTable(form.table)).select(`id, ${field}`).in('id', listed.map((row) => row.submission_id));
      if (error) throw new Error(error.message);
      for (const row of data as unknown as Record<string, unknown>[]) {
        const text = row[field];
        if (typeof text === 'string' && text.trim()) found.set(String(row.id), text.trim().split('\n')[0]!.slice(0, 160));
      }
    }),
  );
  return found;
}

/** Whether each submission's email reached staff: pending, sending or sent. */
export async function notificationStates(client: Backend, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const { data, error } = await client.from('form_notifications').select('submission_id, state').eq('recipient', 'staff').in('submission_id', ids);
  if (error) throw new Error(error.message);
  return new Map((data as { submission_id: string; state: string }[]).map((r) => [r.submission_id, r.state]));
}

export interface InboxEntry extends Omit<InboxRow, 'unread'> {
  updated_at: string | null;
  updated_by: string | null;
  /** When staff marked it as spam, or null. */
  spam_at: string | null;
  /** Who deleted it for good, or null (not deleted, or deleted by its sender). */
  deleted_by: string | null;
}

export interface InboxEvent {
  id: number;
  at: string;
  actor_email: string | null;
  /**
   * What changed (the assignee by address; spam as "spam" or null), or "deleted": by its sender with their
   * account (decision 040, "by its sender") or by staff for good (decision 047, "by staff").
   */
  field: 'status' | 'note' | 'assignee' | 'spam' | 'follow_up' | 'reply' | 'deleted';
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
  const { data: entry, error } = await client.from('staff_inbox').select(`${COLUMNS}, updated_at, updated_by, spam_at, deleted_by`).eq('submission_id', id).maybeSingle();
  if (error) throw new Error(error.message);
  if (!entry) return null;
  const inbox = entry as InboxEntry;
  const [answers, events] = await Promise.all([
    client.from(formTable(inbox.form_table)).select('*').eq('id', id).maybeSingle(),
    client.from('staff_inbox_events').select('id, at, actor_email, field, old_value, new_value').eq('submission_id', id).order('id', { ascending: true }),
  ]);
  if (answers.error) throw new Error(answers.error.message);
  if (events.error) throw new Error(events.error.message);
  const saved = (answers.data ?? {}) as Record<string, unknown>;
  await addOptIns(client, formTable(inbox.form_table), new Map(answers.data ? [[id, saved]] : []));
  return { entry: inbox, answers: saved, events: (events.data ?? []) as InboxEvent[] };
}

/** Deletes submissions for good (answers, emails due); the inbox keeps a marker saying who deleted them. */
export async function deleteSubmissions(client: Backend, ids: string[]): Promise<number> {
  const { data, error } = await client.rpc('staff_delete_submissions', { p_ids: ids });
  if (error) throw new Error(error.message);
  return data;
}

/** Changes a submission's workflow fields: the database lets staff change nothing else. */
export async function updateSubmission(client: Backend, id: string, changes: { status?: Status; note?: string | null; assignee_id?: string | null; follow_up_on?: string | null }) {
  const { error } = await client.from('staff_inbox').update(changes).eq('submission_id', id);
  if (error) throw new Error(error.message);
}

export interface StaffMember {
  id: string;
  email: string;
}

/** Everyone a submission can be assigned to (staff accounts), by address. */
export async function staffMembers(client: Backend): Promise<StaffMember[]> {
  const { data, error } = await client.rpc('staff_members');
  if (error) throw new Error(error.message);
  return data;
}

/** Emails the assignee now (the outbox's sweep would, within a minute): the function sends what is due for the submission. */
export async function sendAssignmentEmail(client: Backend, id: string, formType: string) {
  const { error } = await client.functions.invoke('send-form-notification', { body: { payload: { id }, formType } });
  if (error) console.warn('The assignment email was not sent yet; the outbox will send it:', error.message);
}

/** A reply sent from the submission's page, and whether it has gone (decision 049). */
export interface SentReply {
  id: string;
  created_at: string;
  staff_name: string;
  subject: string;
  body: string;
  state: 'pending' | 'sending' | 'sent' | 'dropped' | 'refused';
}

/** The replies staff sent a submission's sender, oldest first. */
export async function sentReplies(client: Backend, id: string): Promise<SentReply[]> {
  const { data, error } = await client.from('staff_replies').select('id, created_at, staff_name, subject, body, state').eq('submission_id', id).order('created_at', { ascending: true });
  if (error) throw new Error(error.message);
  return data as SentReply[];
}

/**
 * Queues a reply (the database checks it, keeps it in the history and marks the submission Replied), then
 * has it sent now; true when it went, false when the outbox will send it within a minute.
 */
export async function sendReply(client: Backend, id: string, reply: { subject: string; body: string }): Promise<boolean> {
  const { data, error } = await client.rpc('staff_send_reply', { p_submission: id, p_subject: reply.subject, p_body: reply.body });
  if (error) throw new Error(error.message);
  const sent = await client.functions.invoke('send-form-notification', { body: { reply: data } });
  if (sent.error) console.warn('The reply was not sent yet; the outbox will send it:', sent.error.message);
  return !sent.error;
}

/** Every row of a filter's answers in one form's table, for the export, fetched in pages of ids. */
export async function answersOf(client: Backend, table: FormTable, ids: string[]): Promise<Map<string, Record<string, unknown>>> {
  const found = new Map<string, Record<string, unknown>>();
  for (let i = 0; i < ids.length; i += 200) {
    const { data, error } = await client.from(table).select('*').in('id', ids.slice(i, i + 200));
    if (error) throw new Error(error.message);
    for (const row of data as Record<string, unknown>[]) found.set(String(row.id), row);
  }
  await addOptIns(client, table, found);
  return found;
}

/**
 * A double opt-in form's rows with their address's state (public.opt_ins) under OPT_IN, which staff
 * read beside the answers; other forms' rows as they are.
 */
async function addOptIns(client: Backend, table: FormTable, rows: Map<string, Record<string, unknown>>): Promise<void> {
  if (!rows.size || ![...staffForms.values()].some((form) => form.table === table && form.optIn)) return;
  const ids = [...rows.keys()];
  for (let i = 0; i < ids.length; i += 200) {
    const { data, error } = await client.from('opt_ins').select('submission_id, token, confirmed_at, unsubscribed_at').in('submission_id', ids.slice(i, i + 200));
    if (error) throw new Error(error.message);
    for (const { submission_id, ...state } of data) rows.get(submission_id)![OPT_IN] = state;
  }
}

/**
 * How many submissions are new to the signed-in staff member, the newest one's seq (to notice arrivals),
 * and how many follow-ups are due on their today.
 */
export async function inboxNews(client: Backend): Promise<{ unread: number; newest: number | null; due: number }> {
  await rememberTimeZone(client);
  const { data, error } = await client.rpc('staff_inbox_news');
  if (error) throw new Error(error.message);
  const row = data[0];
  return { unread: Number(row?.unread ?? 0), newest: row?.newest === null || row?.newest === undefined ? null : Number(row.newest), due: Number(row?.due ?? 0) };
}

let zoneSaved: Promise<void> | undefined;

/**
 * Tells the database the browser's time zone, once a page load, before anything that counts what is due:
 * "today" for the Due view and count, and 8 o'clock for the morning digest, are the staff member's own.
 * A failure is only logged (today is then the one last saved, or UTC's), and asked again next time.
 */
export function rememberTimeZone(client: Backend): Promise<void> {
  zoneSaved ??= (async () => {
    const { error } = await client.rpc('staff_set_time_zone', { p_time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC' });
    if (error) {
      zoneSaved = undefined;
      console.warn('Could not save the time zone for follow-ups:', error.message);
    }
  })();
  return zoneSaved;
}

/** Read (opened) or unread again, for the signed-in staff member only. */
export async function markRead(client: Backend, id: string, read = true) {
  const { error } = await client.rpc('staff_mark_read', { p_submission: id, p_read: read });
  if (error) throw new Error(error.message);
}

/** Everything that has arrived is read to the signed-in staff member. */
export async function markAllRead(client: Backend) {
  const { error } = await client.rpc('staff_mark_all_read');
  if (error) throw new Error(error.message);
}
