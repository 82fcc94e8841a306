import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Answers } from '../../../form-model/conditions';
import { resultsFor, type FormResults } from '../../../form-model/results';
import type { Href } from '../../config/site-types';
import { SmartAnchor } from '../smart-link';

interface FormResultsViewProps {
  results: FormResults;
  answers: Answers;
  /** The heading's level: under the sent notice's h2, or under an account card's h3. */
  order: 3 | 4;
  /** Said after the suggestions (the offer to keep them in an account). */
  children?: ReactNode;
}

/**
 * What a sent form suggests for its answers (schemas/<form>.results.json, docs/decisions/041): each reason,
 * with the services, courses and resources it brings. The same on the sent panel and the account page.
 */
export function FormResultsView({ results, answers, order, children }: FormResultsViewProps) {
  const found = resultsFor(results, answers);
  return (
    <Stack gap="sm" component="section" aria-label={results.title}>
      <Title order={order} size="h4">
        {results.title}
      </Title>
      <Text size="sm">{results.intro}</Text>
      {found.map((result) => (
        <Stack key={result.because} gap={6}>
          <Text fw={600}>{result.because}</Text>
          <Stack component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {result.suggest.map((page) => (
              <li key={page.href}>
                <Group gap="xs" wrap="nowrap" align="baseline">
                  <Badge variant="light" size="sm" style={{ flexShrink: 0 }}>
                    {page.kind}
                  </Badge>
                  <SmartAnchor to={page.href as Href} fw={600}>
                    {page.title}
                  </SmartAnchor>
                </Group>
                <Text size="sm" c="dimmed">
                  {page.summary}
                </Text>
              </li>
            ))}
          </Stack>
        </Stack>
      ))}
      {children}
    </Stack>
  );
}
