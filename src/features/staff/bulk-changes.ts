/**
 * Changing many submissions at once (issue 41, 4): one status, assignee or spam mark for every selected
 * row, through the same update the submission page makes (the database's policies, triggers and history
 * apply to each row), and an undo that puts back what each row held before.
 */
import type { Backend } from '../../lib/backend/load';
import type { InboxRow, Status } from './inbox-query';

export type BulkChange = { status: Status } | { assignee_id: string | null } | { spam: boolean };

/** Ids per request: 200 keep an update's address far within what servers take (Node's is 16 KB). */
const CHUNK = 200;

type Values = { status: Status } | { assignee_id: string | null } | { spam_at: string | null };

async function update(client: Backend, ids: string[], values: Values) {
  for (let i = 0; i < ids.length; i += CHUNK) {
    const { error } = await client.from('staff_inbox').update(values).in('submission_id', ids.slice(i, i + CHUNK));
    if (error) throw new Error(error.message);
  }
}

// The server keeps the time of a spam mark (decision 047): any time sent only says "spam".
const valuesOf = (change: BulkChange): Values =>
  'status' in change ? { status: change.status } : 'assignee_id' in change ? { assignee_id: change.assignee_id } : { spam_at: change.spam ? new Date().toISOString() : null };

/** Each row's value of what the change sets, as it was. */
const before = (row: InboxRow, change: BulkChange, spamView: boolean): Values =>
  'status' in change ? { status: row.status } : 'assignee_id' in change ? { assignee_id: row.assignee_id } : { spam_at: spamView ? new Date().toISOString() : null };

/** Applies the change to every row; resolves to the undo, which puts back each row's own earlier value. */
export async function applyBulkChange(client: Backend, rows: InboxRow[], change: BulkChange, spamView: boolean): Promise<() => Promise<void>> {
  await update(
    client,
    rows.map((row) => row.submission_id),
    valuesOf(change),
  );
  const groups = new Map<string, { values: Values; ids: string[] }>();
  for (const row of rows) {
    const values = before(row, change, spamView);
    const key = JSON.stringify('spam_at' in values ? values.spam_at !== null : values);
    const group = groups.get(key) ?? groups.set(key, { values, ids: [] }).get(key)!;
    group.ids.push(row.submission_id);
  }
  return async () => {
    for (const { values, ids } of groups.values()) await update(client, ids, values);
  };
}
