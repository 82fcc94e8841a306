import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paramsFor } from './inbox-filter-params';
import type { LatestTexts } from './overview-query';
import { formatTime } from './staff-labels';
import { NoAnswers, OverviewCard } from './overview-card';

/** A question answered in the visitor's words: its latest answers, each opening its submission. */
export function OverviewTexts({ form, latest }: { form: string; latest: LatestTexts }) {
  return (
    <OverviewCard title={`${latest.title}: the latest answers`}>
      {latest.answers.length === 0 ? (
        <NoAnswers />
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
    </OverviewCard>
  );
}
