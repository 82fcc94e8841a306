/**
 * Changing many submissions at once (issue 41, 4): one status, assignee or spam mark for every selected
 * row in one call that updates as the caller (the database's grants, policies, triggers and history apply
 * to each row as to a change from the submission page), and an undo that puts back what each row held.
 */
import type { Backend } from '../../lib/backend/load';
import type { InboxRow, Status } from './inbox-query';

export type BulkChange = { status: Status } | { assignee_id: string | null } | { spam: boolean };

/**
 * Sets one status, assignee or spam mark on these submissions, one or many, in one call with the ids in its
 * body (public.staff_change_submissions): as the caller, so staff's policies decide each row.
 */
export async function changeSubmissions(client: Backend, ids: string[], values: BulkChange) {
  const { error } = await client.rpc('staff_change_submissions', { p_ids: ids, p_changes: values });
  if (error) throw new Error(error.message);
}

/** Each row's value of what the change sets, as it was. */
const before = (row: InboxRow, change: BulkChange, spamView: boolean): BulkChange =>
  'status' in change ? { status: row.status } : 'assignee_id' in change ? { assignee_id: row.assignee_id } : { spam: spamView };

/** Applies the change to every row; resolves to the undo, which puts back each row's own earlier value. */
export async function applyBulkChange(client: Backend, rows: InboxRow[], change: BulkChange, spamView: boolean): Promise<() => Promise<void>> {
  await changeSubmissions(
    client,
    rows.map((row) => row.submission_id),
    change,
  );
  const groups = new Map<string, { values: BulkChange; ids: string[] }>();
  for (const row of rows) {
    const values = before(row, change, spamView);
    const key = JSON.stringify(values);
    const group = groups.get(key) ?? groups.set(key, { values, ids: [] }).get(key)!;
    group.ids.push(row.submission_id);
  }
  return async () => {
    for (const { values, ids } of groups.values()) await changeSubmissions(client, ids, values);
  };
}
