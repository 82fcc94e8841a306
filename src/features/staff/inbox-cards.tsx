import { Anchor, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paramsFor } from './inbox-filter-params';
import { STATUS_LABELS, type InboxFilter, type InboxRow } from './inbox-query';
import { deliveryLabel, formatTime, senderLabel } from './staff-labels';
import { formTitle } from './staff-forms';
import { EmailAddress } from './email-address';
import { DueMark, UnreadMark } from './row-marks';
import { AssigneeName, type AssigneeLabel } from './assignee-label';
import type { Selection } from './use-selection';

/** A deleted submission's marker can no longer be changed, so it cannot be selected. */
export const selectable = (row: InboxRow) => row.email !== null;

/** The box that selects one submission: named for its sender; with Shift, the run from the last one pressed. */
export function SelectBox({ row, selection }: { row: InboxRow; selection: Selection }) {
  if (!selectable(row)) return null;
  return (
    <Checkbox
      aria-label={`Select ${senderLabel(row)}`}
      checked={selection.isSelected(row.submission_id)}
      onChange={(e) => selection.toggle(row.submission_id, (e.nativeEvent as MouseEvent).shiftKey === true)}
    />
  );
}

/**
 * The inbox on a phone: one card per submission (who, form and status, when, the first line of the
 * message), where the table would need a sideways scroll. Shown below 62em; the table from there.
 */
/** What the inbox's table and its cards show: the rows, each one's email state and message line, and the filter they came from. */
export interface ListProps {
  rows: InboxRow[];
  states: Map<string, string>;
  previews: Map<string, string>;
  filter: InboxFilter;
  busy: boolean;
  onOpen: () => void;
  /** Who has a submission, in words. */
  assignee: AssigneeLabel;
  selection: Selection;
}

export function InboxCards({ rows, states, previews, filter, busy, onOpen, assignee, selection }: ListProps) {
  return (
    <Stack component="ul" aria-label="Submissions" aria-busy={busy} gap="sm" p={0} m={0} hiddenFrom="md" style={{ listStyle: 'none', opacity: busy ? 0.6 : undefined }}>
      {rows.map((row) => (
        <Paper component="li" key={row.submission_id} withBorder p="sm" radius="md">
          <Stack gap={4}>
            <Group justify="space-between" align="baseline" gap="xs" wrap="nowrap">
              <Group gap="xs" wrap="nowrap" align="baseline">
                <SelectBox row={row} selection={selection} />
                <span>
                {row.unread && <UnreadMark />}
                <DueMark row={row} spam={Boolean(filter.spam)} />
                <Anchor component={Link} to={`?${paramsFor(filter, row.submission_id).toString()}`} onClick={onOpen} fw={row.unread ? 700 : 600} style={{ overflowWrap: 'anywhere' }}>
                  {/* Visitors' text is isolated: a right-to-left mark in it cannot reorder what follows. */}
                  <bdi>{senderLabel(row)}</bdi>
                </Anchor>
                </span>
              </Group>
              <Text size="sm" fw={row.status === 'new' ? 700 : undefined} style={{ whiteSpace: 'nowrap' }}>
                {STATUS_LABELS[row.status]}
              </Text>
            </Group>
            <Text size="sm" c="dimmed">
              {formTitle(row.form)} · {formatTime(row.created_at)} · {deliveryLabel(states.get(row.submission_id))} · {row.assignee_id ? <>Assigned to <AssigneeName label={assignee(row.assignee_id)} /></> : 'Not assigned'}
            </Text>
            {previews.has(row.submission_id) && (
              <Text size="sm" lineClamp={2}>
                <bdi>{previews.get(row.submission_id)}</bdi>
              </Text>
            )}
            {row.email && (
              <Text size="sm" c="dimmed">
                <EmailAddress email={row.email} />
              </Text>
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
