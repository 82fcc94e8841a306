import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paramsFor } from './inbox-filter-params';
import type { LatestTexts } from './overview-query';
import { formatTime } from './staff-labels';

/** A question answered in the visitor's words: its latest answers, each opening its submission. */
export function OverviewTexts({ form, latest }: { form: string; latest: LatestTexts }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {latest.title}: the latest answers
        </Title>
        {latest.answers.length === 0 ? (
          <Text c="dimmed">No answers in this period.</Text>
        ) : (
          <Stack component="ul" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {latest.answers.map((answer) => (
              <li key={answer.submission}>
                <Text lineClamp={2}>
                  {/* Visitors' text is isolated: a right-to-left mark in it cannot reorder what follows. */}
                  <bdi>{answer.text}</bdi>
                </Text>
                <Anchor component={Link} to={`/staff?${paramsFor({ form }, answer.submission).toString()}`} size="sm">
                  {formatTime(answer.at)}
                </Anchor>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
