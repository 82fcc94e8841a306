import { BarChart, BarsList } from '@mantine/charts';
import { Anchor, Group, NativeSelect, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { Link, useSearchParams } from 'react-router-dom';
import { paramsFor } from './inbox-filter-params';
import { OverviewFunnel } from './overview-funnel';
import { OverviewNumbers } from './overview-numbers';
import { OverviewTexts } from './overview-texts';
import { useChartStyles } from './chart-styles';
import { OVERVIEW_RANGES, readOverview, type AnswerCount, type Overview, type OverviewDay, type OverviewRange } from './overview-query';
import { formTitle, staffForms } from './staff-forms';
import { NO_ANSWER } from '../../../form-model/answer-rows.ts';
import { share, submissionCount } from './staff-labels';
import { LoadFailed } from './load-failed';
import { useStaffData } from './use-staff-data';
import { FOR_THE_EYE, NoAnswers, OverviewCard } from './overview-card';

const DAY_LABEL = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });
const dayLabel = (day: string) => DAY_LABEL.format(new Date(`${day}T12:00:00`));

/** The overview's choice in the address (/staff?view=overview&form=contact&days=30), as the inbox keeps its filter. */
function useOverviewParams() {
  const [params, setParams] = useSearchParams();
  const form = staffForms.get(params.get('form') ?? '') ?? null;
  const asked = Number(params.get('days'));
  const days: OverviewRange = (OVERVIEW_RANGES as readonly number[]).includes(asked) ? (asked as OverviewRange) : 30;
  const choose = (next: { form?: string | null; days?: number }) => {
    const chosen = new URLSearchParams({ view: 'overview', days: String(next.days ?? days) });
    const formId = next.form === undefined ? form?.id : next.form;
    if (formId) chosen.set('form', formId);
    setParams(chosen);
  };
  return { form, days, choose };
}

/** About the room one day's label takes on the axis ("Nov 27" with the space around it). */
const LABEL_ROOM_PX = 64;

/**
 * The days the chart's axis names: today and every day, every 2nd, or every 7th, 14th, 21st… day before
 * it, the shortest step whose labels fit the chart's width, so they are evenly spaced, never overlap, and
 * the newest day is always named. Left to the chart, labels went where they fitted: 1, 4, 8, 11, 15 Nov.
 */
function axisDays(labels: string[], width: number): string[] {
  const fit = Math.max(2, Math.floor(width / LABEL_ROOM_PX));
  let step = 1;
  while (Math.ceil(labels.length / step) > fit) step = step === 1 ? 2 : step === 2 ? 7 : step + 7;
  return labels.filter((_, i) => (labels.length - 1 - i) % step === 0);
}

function Period({ days, range }: { days: OverviewDay[]; range: number }) {
  const { ref, width } = useElementSize();
  const total = days.reduce((sum, d) => sum + d.submissions, 0);
  const previous = days.reduce((sum, d) => sum + d.previous, 0);
  const change = previous ? Math.round(((total - previous) / previous) * 100) : null;
  const data = days.map((d) => ({ day: dayLabel(d.day), 'This period': d.submissions, 'The period before': d.previous }));
  return (
    <OverviewCard title="Submissions per day" level={2}>
      <Text>
        {submissionCount(total)} in the last {range} days; {previous} in the {range} days before
        {change === null ? '.' : ` (${change >= 0 ? '+' : ''}${change}%).`}
      </Text>
      <BarChart
        ref={ref}
        h={220}
        data={data}
        dataKey="day"
        xAxisProps={{ ticks: axisDays(data.map((d) => d.day), width), interval: 0 }}
        series={[
          { name: 'This period', color: 'brand.7' },
          { name: 'The period before', color: 'gray.4' },
        ]}
        withLegend
        {...FOR_THE_EYE}
      />
      <details>
        <summary>The numbers, day by day</summary>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Day</Table.Th>
              <Table.Th scope="col">Submissions</Table.Th>
              <Table.Th scope="col">Same day, period before</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {days.map((d) => (
              <Table.Tr key={d.day}>
                <Table.Th scope="row">{dayLabel(d.day)}</Table.Th>
                <Table.Td>{d.submissions}</Table.Td>
                <Table.Td>{d.previous}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </details>
    </OverviewCard>
  );
}

/** Each answer opens the inbox narrowed to the submissions that gave it (the counts' period aside). */
function Answers({ form, field, title, answers }: { form: string; field: string; title: string; answers: AnswerCount[] }) {
  // Shares are of the submissions that were asked the question; those not asked are counted apart.
  const total = answers.reduce((sum, a) => sum + (a.asked ? a.submissions : 0), 0);
  const labelled = answers.map((a) => ({ ...a, label: a.label ?? NO_ANSWER[a.asked ? 'not answered' : 'not asked'] }));
  const inboxOf = (value: string) => `/staff?${paramsFor({ form, answer: { field, value } }).toString()}`;
  return (
    <OverviewCard title={title}>
      {total === 0 && labelled.length === 0 ? (
        <NoAnswers />
      ) : (
        <>
          <BarsList data={labelled.map((a) => ({ name: a.label, value: a.submissions }))} barColor="brand.1" aria-hidden />
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Answer</Table.Th>
                <Table.Th scope="col">Submissions</Table.Th>
                <Table.Th scope="col">Share</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {labelled.map((a) => (
                <Table.Tr key={a.label}>
                  <Table.Th scope="row">
                    {a.value === null ? (
                      a.label
                    ) : (
                      <Anchor component={Link} to={inboxOf(a.value)}>
                        {a.label}
                      </Anchor>
                    )}
                  </Table.Th>
                  <Table.Td>{a.submissions}</Table.Td>
                  <Table.Td>{a.asked ? share(a.submissions, total) : '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </OverviewCard>
  );
}

/**
 * /staff?view=overview: what the forms bring in, at a glance (issue 28): submissions per day beside the
 * period before; for a chosen form, how often each answer of its choice questions was given (each opens
 * the inbox of those submissions), its number questions summed up, the latest answers in visitors' own
 * words, and for a wizard where visitors leave it. All read from the schemas, so a question added with
 * `npm run generate` appears here with no edit. The figures are counted by the database (staff only);
 * every chart's numbers are also a table.
 */
export function OverviewView() {
  useChartStyles();
  const { form, days, choose } = useOverviewParams();
  const { loaded, reload } = useStaffData(`${form?.id ?? ''}:${days}`, (client) => readOverview(client, form, days));
  const shown: Overview | undefined = loaded.state === 'ready' ? loaded.data : loaded.state === 'loading' ? loaded.previous : undefined;
  return (
    <Stack gap="lg">
      <Group align="flex-end">
        <NativeSelect
          label="Form"
          value={form?.id ?? ''}
          data={[{ value: '', label: 'All forms' }, ...[...staffForms.keys()].map((id) => ({ value: id, label: formTitle(id) }))]}
          onChange={(event) => choose({ form: event.currentTarget.value || null })}
        />
        <NativeSelect
          label="Period"
          value={String(days)}
          data={OVERVIEW_RANGES.map((range) => ({ value: String(range), label: `Last ${range} days` }))}
          onChange={(event) => choose({ days: Number(event.currentTarget.value) })}
        />
      </Group>
      <Text aria-live="polite" size="sm" c="dimmed">
        {loaded.state === 'loading' ? 'Counting…' : ''}
      </Text>
      {loaded.state === 'failed' && <LoadFailed title="The overview could not be loaded" message={loaded.message} onRetry={reload} />}
      {shown && (
        <>
          <Period days={shown.days} range={days} />
          {form ? (
            <>
              {shown.funnel && <OverviewFunnel steps={shown.funnel} />}
              <SimpleGrid cols={{ base: 1, md: 2 }}>
                {shown.questions.map((question) => (
                  <Answers key={question.field} form={form.id} field={question.field} title={question.title} answers={question.answers} />
                ))}
                {shown.numbers.map((summary) => (
                  <OverviewNumbers key={summary.field} summary={summary} />
                ))}
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, md: 2 }}>
                {shown.texts.map((latest) => (
                  <OverviewTexts key={latest.field} form={form.id} latest={latest} />
                ))}
              </SimpleGrid>
            </>
          ) : (
            <Text c="dimmed">Choose a form to see how its questions were answered and, for a form in steps, where visitors leave it.</Text>
          )}
        </>
      )}
    </Stack>
  );
}
