import { Badge } from '@mantine/core';
import { formatDay, isDue } from './staff-labels';

const mark = { size: 'xs', variant: 'filled', mr: 6, style: { verticalAlign: 'middle' } } as const;

/** Before a submission's sender in the list: new to the signed-in staff member (said, not only shown bold). */
export function UnreadMark() {
  return (
    <Badge {...mark} color="blue.8">
      Unread
    </Badge>
  );
}

/**
 * Before a submission's sender in the list, when its follow-up is due: the day it was set for. Never in the
 * Spam view: spam is never due (the database's follow_up_due), whatever date it still carries.
 */
export function DueMark({ row, spam }: { row: { follow_up_on: string | null; status: string }; spam: boolean }) {
  if (spam || !isDue(row)) return null;
  return (
    <Badge {...mark} color="red.9" title={`Follow up by ${formatDay(row.follow_up_on!)}`}>
      Due {formatDay(row.follow_up_on!)}
    </Badge>
  );
}
