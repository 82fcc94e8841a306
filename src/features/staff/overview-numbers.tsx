import { BarChart } from '@mantine/charts';
import { Table, Text } from '@mantine/core';
import type { NumberSummary } from './overview-query';
import { submissionCount } from './staff-labels';
import { FOR_THE_EYE, NoAnswers, OverviewCard } from './overview-card';

const range = (low: number, high: number) => (low === high ? String(low) : `${low}–${high}`);

/** A number question: how many answered, the least, the median and the most, and how the answers spread. */
export function OverviewNumbers({ summary }: { summary: NumberSummary }) {
  const { title, answered, least, median, most, ranges, savedWhenEmpty } = summary;
  return (
    <OverviewCard title={title}>
      {answered === 0 ? (
        <NoAnswers />
      ) : (
        <>
          <Text>
            {submissionCount(answered)} answered: least {least}, median {median}, most {most}.
          </Text>
          {savedWhenEmpty !== null && (
            <Text size="sm" c="dimmed">
              Left empty, this question is saved as {savedWhenEmpty}, so those visitors count here as {savedWhenEmpty}.
            </Text>
          )}
          <BarChart
            h={160}
            data={ranges.map((r) => ({ range: range(r.low, r.high), Submissions: r.submissions }))}
            dataKey="range"
            series={[{ name: 'Submissions', color: 'brand.7' }]}
            {...FOR_THE_EYE}
          />
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{title}</Table.Th>
                <Table.Th scope="col">Submissions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ranges.map((r) => (
                <Table.Tr key={r.low}>
                  <Table.Th scope="row">{range(r.low, r.high)}</Table.Th>
                  <Table.Td>{r.submissions}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </OverviewCard>
  );
}
