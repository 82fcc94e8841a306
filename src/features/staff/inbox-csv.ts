/**
 * The CSV export of the inbox's current filter: one row per submission. The same columns lead whatever
 * the forms (who sent it, when, which form, its workflow, its id and a link back to it on /staff), then
 * each form's questions titled and in form order with option labels, as the submission page shows
 * them. Values a spreadsheet would run as a formula are neutralised.
 */
import type { Backend } from '../../lib/backend/load';
import Papa from 'papaparse';
import { answersOf, formTable, inboxPage, staffMembers, STATUS_LABELS, type InboxFilter, type InboxRow } from './inbox-query';
import { submissionLink } from '../../../form-model/submission-link.ts';
import { display, questionTitle, staffForms, type StaffForm } from './staff-forms';
import { NO_ANSWER, notAskedIn, SUBSCRIPTION } from '../../../form-model/answer-rows.ts';
import { OPT_IN, optInLinks, subscriptionState, type OptInState } from '../../../form-model/opt-in.ts';
import { localDay, pad } from '../../../form-model/local-day.ts';

/** The column of a double opt-in form's export with each address's unsubscribe link. */
export const UNSUBSCRIBE_LINK = 'Unsubscribe link';

/**
 * A cell a spreadsheet would read as a formula: one starting with = + - @ once its leading blanks and
 * invisible characters are skipped and look-alikes folded (a fullwidth ＝ is an =), or one starting
 * with a tab or carriage return, which some spreadsheets skip. A leading ' makes it text. (Papa Parse's
 * own `escapeFormulae` tests the raw value with a pattern, which misses every one of these but the last.)
 */
export function neutraliseFormula(value: string): string {
  // NFKD, not NFKC: both fold a fullwidth ＝ into =, but NFKC also joins = and a combining mark into one
  // sign (=\u0338 becomes ≠) that hides the = a spreadsheet still sees first.
  const seen = value.normalize('NFKD').replace(/^[\p{White_Space}\p{Cf}\p{Cc}]+/u, '');
  return /^[=+\-@]/.test(seen) || /^[\t\r]/.test(value) ? `'${value}` : value;
}

/** Hosted PostgREST answers at most 1,000 rows per request (max_rows); a page asks for one more than its size. */
const EXPORT_PAGE = 500;

/**
 * The exporter's local date and time with its offset from UTC ("2026-11-23 11:05 +01:00"): sortable,
 * and unambiguous when the file is opened in another timezone.
 */
export function csvTime(iso: string): string {
  const d = new Date(iso);
  const offset = -d.getTimezoneOffset();
  const zone = `${offset < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  return `${localDay(d)} ${pad(d.getHours())}:${pad(d.getMinutes())} ${zone}`;
}

/** The columns every export starts with, whatever its forms. */
export const LEADING_COLUMNS = ['Name', 'Email', 'Organization', 'Received', 'Form', 'Status', 'Note', 'Assigned to', 'Follow up on', 'Submission ID', 'Link'] as const;

export interface CsvOptions {
  /** The site's address, for each submission's link (the page's own origin when staff export). */
  origin: string;
  forms?: ReadonlyMap<string, StaffForm>;
  /** Staff members' addresses by id, for who each submission is assigned to. */
  staff?: ReadonlyMap<string, string>;
}

/** The CSV text for these rows and their answers (keyed by submission id). */
export function inboxCsv(rows: InboxRow[], answers: Map<string, Record<string, unknown>>, { origin, forms: known = staffForms, staff = new Map() }: CsvOptions): string {
  const present = new Set(rows.map((r) => r.form));
  const forms = [...known.values()].filter((f) => present.has(f.id));
  // One form: its questions are the headers; several (or a question titled like a leading column, such
  // as "Email"): each header names its form too, so no two columns share a name.
  const leading: readonly string[] = LEADING_COLUMNS;
  const title = (form: StaffForm, field: string) => {
    const question = questionTitle(form, field);
    return forms.length === 1 && !leading.includes(question) ? question : `${form.title}: ${question}`;
  };
  // A double opt-in form adds its address's state and the link that takes it off the list, which the
  // tool the newsletter is sent with can put in each email.
  const optInTitles = (form: StaffForm) => (form.optIn ? [SUBSCRIPTION, UNSUBSCRIBE_LINK].map((name) => (forms.length === 1 ? name : `${form.title}: ${name}`)) : []);
  const fields = [...LEADING_COLUMNS, ...forms.flatMap((form) => [...form.order.map((field) => title(form, field)), ...optInTitles(form)])];
  const data = rows.map((row) => {
    const saved = answers.get(row.submission_id) ?? {};
    // An empty cell is a question left empty; "Not asked" one whose condition did not hold.
    const cells = forms.flatMap((form) => {
      const notAsked = form.id === row.form ? notAskedIn(form, saved) : new Set<string>();
      const answers = form.order.map((field) => {
        const value = saved[field];
        if (notAsked.has(field)) return NO_ANSWER['not asked'];
        return form.id !== row.form || value === undefined || value === null ? '' : display(form, field, value);
      });
      if (!form.optIn) return answers;
      const state = form.id === row.form ? (saved[OPT_IN] as OptInState | undefined) : undefined;
      return [...answers, form.id === row.form ? subscriptionState(state) : '', state ? optInLinks(origin, form.optIn.page, state.token).unsubscribe : ''];
    });
    const assignee = row.assignee_id ? (staff.get(row.assignee_id) ?? 'A former staff member') : '';
    const first = [
      row.name ?? '', row.email ?? '', row.organization ?? '', csvTime(row.created_at), known.get(row.form)?.title ?? row.form, STATUS_LABELS[row.status], row.note ?? '',
      assignee, row.follow_up_on ?? '', row.submission_id, submissionLink(origin, row.submission_id),
    ];
    return [...first, ...cells].map(neutraliseFormula);
  });
  // The byte order mark tells spreadsheet programs the file is UTF-8 (names with accents stay readable).
  return `\uFEFF${Papa.unparse({ fields: fields.map(neutraliseFormula), data }, { newline: '\r\n' })}\r\n`;
}

/** Every submission the filter matches, newest first, with its answers: the export's rows. */
export async function exportInbox(client: Backend, filter: InboxFilter, origin: string): Promise<{ csv: string; count: number }> {
  const rows: InboxRow[] = [];
  let before: number | undefined;
  for (;;) {
    const page = await inboxPage(client, filter, before, EXPORT_PAGE);
    rows.push(...page.rows);
    if (!page.more) break;
    before = page.rows.at(-1)!.seq;
  }
  const answers = new Map<string, Record<string, unknown>>();
  const tables = new Map<string, string[]>();
  for (const row of rows) {
    if (!tables.has(row.form_table)) tables.set(row.form_table, []);
    tables.get(row.form_table)!.push(row.submission_id);
  }
  for (const [table, ids] of tables) for (const [id, saved] of await answersOf(client, formTable(table), ids)) answers.set(id, saved);
  const staff = new Map((await staffMembers(client)).map((member) => [member.id, member.email]));
  return { csv: inboxCsv(rows, answers, { origin, staff }), count: rows.length };
}
