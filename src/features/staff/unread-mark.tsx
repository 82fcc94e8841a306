import '@mantine/core/styles/Badge.css';
import { Badge } from '@mantine/core';

/** Before a submission's sender in the list: new to the signed-in staff member (said, not only shown bold). */
export function UnreadMark() {
  return (
    <Badge size="xs" variant="filled" color="blue.8" mr={6} style={{ verticalAlign: 'middle' }}>
      Unread
    </Badge>
  );
}
