import { Button, Group, NativeSelect, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { reportBackendError } from '../../lib/backend/connection';
import { loadBackend } from '../../lib/backend/load';
import { applyBulkChange, type BulkChange } from './bulk-changes';
import { STATUS_LABELS, STATUS_OPTIONS, type InboxRow, type Status } from './inbox-query';
import { submissionCount } from './staff-labels';
import classes from './inbox-filters.module.css';

export interface Done {
  /** What was done, in words: "Status set to Closed for 3 submissions." */
  said: string;
  undo: () => Promise<void>;
}

/** What the change did, said as staff would. */
function said(change: BulkChange, count: number, staff: Map<string, string>): string {
  const which = submissionCount(count);
  if ('status' in change) return `Status set to ${STATUS_LABELS[change.status]} for ${which}.`;
  if ('assignee_id' in change) return change.assignee_id ? `${which} assigned to ${staff.get(change.assignee_id) ?? 'a staff member'}.` : `${which} now assigned to nobody.`;
  return change.spam ? `${which} marked as spam.` : `${which} taken out of spam.`;
}

/**
 * The selected submissions' status, assignee or spam mark, changed together. Kept at the bottom of the
 * screen while anything is selected, so on a phone every action is under the thumb.
 */
export function BulkBar({
  rows,
  spamView,
  staff,
  me,
  onDone,
  onClear,
}: {
  rows: InboxRow[];
  spamView: boolean;
  staff: Map<string, string>;
  me: string | undefined;
  onDone: (done: Done) => void;
  onClear: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const apply = async (change: BulkChange) => {
    setBusy(true);
    try {
      const undo = await applyBulkChange(await loadBackend(), rows, change, spamView);
      onDone({ said: said(change, rows.length, staff), undo });
    } catch (error) {
      void reportBackendError(error, 'The selected submissions were not all changed');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder shadow="md" p="sm" radius="md" className={classes.bulk} role="region" aria-label="Change the selected submissions" aria-busy={busy}>
      <Group gap="sm" align="flex-end">
        <Text fw={700} aria-live="polite" style={{ alignSelf: 'center' }}>
          {submissionCount(rows.length)} selected
        </Text>
        <NativeSelect
          label="Set status"
          value=""
          disabled={busy}
          onChange={(e) => e.currentTarget.value && void apply({ status: e.currentTarget.value as Status })}
          data={[{ value: '', label: 'Choose…' }, ...STATUS_OPTIONS]}
        />
        <NativeSelect
          label="Assign to"
          value=""
          disabled={busy}
          onChange={(e) => e.currentTarget.value && void apply({ assignee_id: e.currentTarget.value === 'nobody' ? null : e.currentTarget.value })}
          data={[{ value: '', label: 'Choose…' }, { value: 'nobody', label: 'Nobody' }, ...[...staff].map(([id, email]) => ({ value: id, label: id === me ? `${email} (you)` : email }))]}
        />
        <Button variant="default" loading={busy} onClick={() => void apply({ spam: !spamView })}>
          {spamView ? 'Not spam' : 'Mark as spam'}
        </Button>
        <Button variant="subtle" disabled={busy} onClick={onClear}>
          Clear selection
        </Button>
      </Group>
    </Paper>
  );
}
