import { BarChart } from '@mantine/charts';
import { Table, Text } from '@mantine/core';
import type { FunnelStep } from './overview-query';
import { FOR_THE_EYE, OverviewCard } from './overview-card';
import { share } from './staff-labels';

const seconds = (s: number) => (s < 60 ? `${s} s` : `${Math.round((s / 60) * 10) / 10} min`);
/** The range the median visit's stay falls in, as counted (public.funnel_stay_bounds): "20–30 s", "45 s–1 min", "over 10 min". */
function stay(median: FunnelStep['median']) {
  if (!median) return '–';
  if (median.high === null) return `over ${seconds(median.low)}`;
  const [low, high] = [seconds(median.low), seconds(median.high)];
  return low.split(' ')[1] === high.split(' ')[1] ? `${low.split(' ')[0]}–${high}` : `${low}–${high}`;
}

/**
 * Where a wizard loses the visitors who start it: visits that reached each step and were sent, counted
 * anonymously per day (decision 031), and how long the median visit stayed on each step.
 */
export function OverviewFunnel({ steps: all }: { steps: FunnelStep[] }) {
  const steps = all.filter((s) => !s.removed);
  const removed = all.filter((s) => s.removed);
  const started = steps[0]?.visits ?? 0;
  const sent = steps.at(-1)!;
  return (
    <OverviewCard title="How far visitors get" level={2}>
      {started === 0 ? (
        <Text c="dimmed">No visit started this form in this period.</Text>
      ) : (
        <>
          <Text>
            {started} {started === 1 ? 'visit' : 'visits'} started this form; {sent.visits} sent it ({share(sent.visits, sent.started)}).
          </Text>
          <BarChart
            h={200}
            data={steps.map((s) => ({ step: s.title, Visits: s.visits }))}
            dataKey="step"
            series={[{ name: 'Visits', color: 'brand.7' }]}
            {...FOR_THE_EYE}
          />
        </>
      )}
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Step</Table.Th>
            <Table.Th scope="col">Visits that reached it</Table.Th>
            <Table.Th scope="col">Of those who started</Table.Th>
            <Table.Th scope="col">Median time on the step</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {[...steps, ...removed].map((s) => (
            <Table.Tr key={s.key}>
              <Table.Th scope="row">{s.removed ? `${s.title} (no longer in the form)` : s.title}</Table.Th>
              <Table.Td>{s.visits}</Table.Td>
              <Table.Td>{share(s.visits, s.started)}</Table.Td>
              <Table.Td>{stay(s.median)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed">
        Counted without cookies or addresses: one count per step a visit reaches, by day (UTC). A step is
        compared with the visits that started on the days it was in the form; a step whose questions did not
        apply to a visit is skipped, neither reached nor lost.
      </Text>
    </OverviewCard>
  );
}
