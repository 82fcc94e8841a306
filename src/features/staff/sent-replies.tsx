import { List, Text } from '@mantine/core';
import type { SentReply } from './inbox-query';
import { formatTime } from './staff-labels';

const STATE: Record<SentReply['state'], string> = {
  pending: 'waiting to send',
  sending: 'sending',
  sent: 'sent',
  dropped: 'not sent: the submission was deleted first',
  refused: 'not sent: their mail server refused the address',
};

/** The replies already sent from this page, oldest first: who, when, whether it went, and what it said. */
export function SentReplies({ replies }: { replies: SentReply[] }) {
  return (
    <List spacing="xs" size="sm" mb="md" listStyleType="none" aria-label="Replies sent">
      {replies.map((reply) => (
        <List.Item key={reply.id} style={{ overflowWrap: 'anywhere' }}>
          <details>
            <summary>
              <Text span size="sm" fw={600}>
                {reply.subject}
              </Text>{' '}
              <Text span size="sm" c="dimmed">
                {reply.staff_name}, {formatTime(reply.created_at)}: {STATE[reply.state]}
              </Text>
            </summary>
            <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
              {reply.body}
            </Text>
          </details>
        </List.Item>
      ))}
    </List>
  );
}
