import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A panel of the overview: h2 for a figure of the whole form, h3 for one question's. */
export function OverviewCard({ title, level = 3, children }: { title: string; level?: 2 | 3; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={level} size={level === 2 ? 'h4' : 'h5'}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** What a question's panel says when the period holds no answer to it. */
export function NoAnswers() {
  return <Text c="dimmed">No answers in this period.</Text>;
}

/**
 * What every overview chart shares: the table beside it carries the numbers for keyboards and screen
 * readers, so the chart is for the eye alone.
 */
export const FOR_THE_EYE = { tickLine: 'none', gridAxis: 'y', barChartProps: { accessibilityLayer: false }, 'aria-hidden': true } as const;
